import { describe, expect, it } from 'vitest';
import { canonicalHash, fold, randomPlayout, type GameEvent } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import type { TownCenterState } from '../../../src/games/town-center/types.js';
import { checkRandomGame } from '../../support/properties.js';
import { candidates, games, invariant } from './helpers.js';

const CONFIGS: { name: string; players: number; options: Record<string, string>; checked: number; light: number }[] = [
  { name: 'solo, bag', players: 1, options: { soloVariant: 'bag' }, checked: 60, light: 600 },
  { name: 'solo, Central Park', players: 1, options: { soloVariant: 'centralPark' }, checked: 60, light: 600 },
  { name: '2 players, side A', players: 2, options: { boardSide: 'A' }, checked: 40, light: 400 },
  { name: '3 players, side B', players: 3, options: { boardSide: 'B' }, checked: 30, light: 300 },
  { name: '4 players, side A', players: 4, options: { boardSide: 'A' }, checked: 30, light: 250 },
  { name: '5 players (two boxes)', players: 5, options: { boardSide: 'A' }, checked: 15, light: 150 },
  { name: '8 players (two boxes), side B', players: 8, options: { boardSide: 'B' }, checked: 10, light: 100 },
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

    it(`${c.name}: many more random games end after round 10, conserve cubes and replay exactly`, () => {
      const n = games(c.light);
      const options = { boardSide: 'A', soloVariant: 'bag', ...c.options };
      for (let i = 0; i < n; i++) {
        const config = { players: c.players, options, seed: `light-${c.name}-${i}` };
        const initial = townCenter.setup(config as never);
        const events: GameEvent[] = [];
        const { state } = randomPlayout<TownCenterState>(townCenter, config, `light-choices-${i}`, {
          afterMove(s, step) {
            events.push(...step.events);
            invariant(s);
          },
        });
        invariant(state);
        expect(state.round).toBe(10);
        expect(state.phase).toBe('over');
        expect(townCenter.outcome(state)).not.toBeNull();
        if (i % 10 === 0) expect(canonicalHash(fold(townCenter, initial, events))).toBe(canonicalHash(state));
      }
    });
  }
});
