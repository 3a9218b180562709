import { describe, expect, it } from 'vitest';
import { applyMove, canonicalHash, canonicalJson, fold, Rng, type GameEvent } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import type { TownCenterState } from '../../../src/games/town-center/types.js';
import { checkRandomGame } from '../../support/properties.js';
import { candidates, densePick, games, invariant } from './helpers.js';

const CONFIGS: { name: string; players: number; options: Record<string, string>; checked: number; light: number }[] = [
  { name: 'solo, bag', players: 1, options: { soloVariant: 'bag' }, checked: 25, light: 500 },
  { name: 'solo, Central Park', players: 1, options: { soloVariant: 'centralPark' }, checked: 25, light: 500 },
  { name: '2 players, side A', players: 2, options: { boardSide: 'A' }, checked: 15, light: 400 },
  { name: '3 players, side B', players: 3, options: { boardSide: 'B' }, checked: 10, light: 300 },
  { name: '4 players, mixed sides ABBA', players: 4, options: { seatSides: 'ABBA' }, checked: 10, light: 250 },
  { name: '5 players (two boxes)', players: 5, options: { boardSide: 'A' }, checked: 5, light: 150 },
  { name: '8 players (two boxes), side B', players: 8, options: { boardSide: 'B' }, checked: 4, light: 100 },
];

/** The generator state is the only secret (the bag is counts, with no order). */
const secrets = (s: TownCenterState): string[] => s.rng.map(String).filter((x) => x.length >= 8);

describe('town-center property tests', () => {
  for (const c of CONFIGS) {
    it(`${c.name}: random legal games keep every contract (checked harness)`, () => {
      const n = games(c.checked);
      for (let i = 0; i < n; i++) {
        checkRandomGame<TownCenterState>(townCenter, `tc-${c.players}-${c.name}-${i}`, {
          players: c.players,
          options: c.options,
          invariant,
          candidates,
          secrets: i % 10 === 0 && c.players <= 4 ? secrets : undefined,
        });
      }
    });

    it(
      `${c.name}: many more random games (uniform and dense play): listed moves accepted, ` +
        `unlisted refused, invariants, end after round 10, replay`,
      () => {
        const n = games(c.light);
        const options = { boardSide: 'A', soloVariant: 'bag', seatSides: '', ...c.options };
        for (let i = 0; i < n; i++) {
          const config = { players: c.players, options, seed: `light-${c.name}-${i}` };
          const initial = townCenter.setup(config as never);
          const rng = Rng.fromSeed(`light-choices-${c.name}-${i}`);
          const dense = i % 2 === 1;
          const events: GameEvent[] = [];
          let s = initial;
          let step = 0;
          while (townCenter.outcome(s) === null) {
            if (step > 5000) throw new Error('no end after 5000 moves');
            const seat = rng.pick(townCenter.toMove(s));
            const legal = townCenter.legalMoves(s, seat);
            if (legal.length === 0) throw new Error(`seat ${seat} to move without a legal move`);
            // Plain checks (no expect: this runs on thousands of games), on every third step.
            if (++step % 3 === 0) {
              const listed = new Set(legal.map((m) => canonicalJson(m)));
              const m = rng.pick(legal);
              const d = townCenter.decide(s, m, seat);
              if (!d.ok) throw new Error(`listed move ${JSON.stringify(m)} refused: ${d.error.code}`);
              for (const cand of candidates(s, seat, legal, rng)) {
                if (listed.has(canonicalJson(cand))) continue;
                const r = applyMove(townCenter, s, cand, seat);
                if (r.ok) throw new Error(`unlisted move ${JSON.stringify(cand)} accepted`);
              }
            }
            const move = dense ? densePick(s, seat, legal, rng) : rng.pick(legal);
            const r = applyMove<TownCenterState>(townCenter, s, move, seat);
            if (!r.ok) throw new Error(`listed move ${JSON.stringify(move)} refused: ${r.error.code}`);
            events.push(...r.value.events);
            s = r.value.state;
            invariant(s);
          }
          expect(s.round).toBe(10);
          expect(s.phase).toBe('over');
          if (i % 10 === 0 || i % 10 === 1) expect(canonicalHash(fold(townCenter, initial, events))).toBe(canonicalHash(s));
        }
      },
    );
  }
});
