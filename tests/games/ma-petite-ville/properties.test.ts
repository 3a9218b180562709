import { describe, expect, it } from 'vitest';
import { applyMove, canonicalHash, fold, Rng } from '../../../src/engine/index.js';
import type { Move, Seat } from '../../../src/engine/index.js';
import { silhouettePlacements } from '../../../src/games/ma-petite-ville/board.js';
import type { MpvEvent, MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import { checkRandomGame } from '../../support/properties.js';
import { acceptedSilhouetteMoves, game, invariant, listedSilhouetteMoves, pileSecrets } from './helpers.js';

const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const CONFIGS = [2, 3, 4].flatMap((players) => (['easy', 'normal'] as const).map((version) => ({ players, version })));

/** Plausible illegal moves: listed ones shifted, turned, lengthened; other seats' placements; tiles off the edge. */
function candidates(state: MpvState, seat: Seat, legal: Move[], rng: Rng): Move[] {
  const out: MpvMove[] = [{ type: 'drawTile' }, { type: 'pass' }, { type: 'placeTile', x: 0, y: 0, quarterTurns: 0 }];
  const listed = legal as MpvMove[];
  for (let i = 0; i < 3 && listed.length > 0; i++) {
    const m = rng.pick(listed);
    if (m.type === 'placeSilhouette') {
      out.push({ ...m, x: m.x + 1 }, { ...m, y: m.y - 1 }, { ...m, direction: m.direction === 'horizontal' ? 'vertical' : 'horizontal' });
      out.push({ ...m, length: 2 + ((m.length - 1) % 3) }, { ...m, length: m.length + 1 });
    } else if (m.type === 'placeTile') {
      out.push({ ...m, x: m.x + 1, y: m.y + 1 }, { ...m, x: m.x + 2 }, { ...m, quarterTurns: 4 });
      const t = rng.pick(state.tiles);
      out.push({ type: 'placeTile', x: t.x, y: t.y, quarterTurns: 0 });
    }
  }
  // Another seat's colour: its placements are rarely this seat's.
  const other = (seat + 1 + rng.int(state.players - 1)) % state.players;
  const theirs = silhouettePlacements(state, other);
  for (let i = 0; i < 3 && theirs.length > 0; i++) out.push({ type: 'placeSilhouette', ...rng.pick(theirs) });
  out.push({ type: 'placeSilhouette', length: 2 + rng.int(3), x: -3 + rng.int(10), y: -3 + rng.int(10), direction: rng.int(2) ? 'horizontal' : 'vertical' });
  return out;
}

describe('Ma Petite Ville properties (random legal games, checkRandomGame harness)', () => {
  for (const { players, version } of CONFIGS) {
    it(`${players} players, ${version}: ${scaled(40)} random games keep every kernel contract and conservation`, () => {
      for (let i = 0; i < scaled(40); i++) {
        checkRandomGame<MpvState>(game, `mpv-${players}-${version}-${i}`, {
          players,
          options: { version },
          invariant,
          candidates,
          // The top of the pile and the whole order (the light loop below checks every pile tile).
          // Every viewer sees the same public view, so one viewer in turn is checked at each step.
          secrets: (state, viewer) => ((state.tiles.length + state.silhouettes.length) % (players + 1) === (viewer ?? players) ? [...pileSecrets(state).slice(0, 2), JSON.stringify(state.pile)] : []),
        });
      }
    });
  }
});

/**
 * A lighter random game: one seat's policy takes a tile with probability `drawPercent` when it may
 * (so that games also reach the last-tile round), otherwise a uniformly random legal move. Checks
 * after every move: the invariant (tiles and silhouettes conserved, no square covered twice), the
 * chosen and one more listed move accepted, no pile tile named in the spectator's or the mover's
 * view or in the events; at the end, replay equals live and the outcome is complete.
 */
function lightGame(players: number, version: 'easy' | 'normal', seed: string, drawPercent: number, bruteForceEvery = 0): { reason: string; steps: number } {
  const initial = game.setup({ players, options: { version }, seed });
  const rng = Rng.fromSeed(`light:${seed}`);
  const events: MpvEvent[] = [];
  let s = initial;
  let steps = 0;
  invariant(s);
  while (game.outcome(s) === null) {
    const toMove = game.toMove(s);
    if (toMove.length !== 1) throw new Error(`toMove ${JSON.stringify(toMove)} while running`);
    const seat = toMove[0]!;
    const legal = game.legalMoves(s, seat);
    if (legal.length === 0) throw new Error('seat to move has no legal move');
    const draw = legal.find((m) => m.type === 'drawTile');
    const move = draw && rng.int(100) < drawPercent ? draw : rng.pick(legal);
    if (!game.decide(s, rng.pick(legal), seat).ok) throw new Error('a listed move was refused');
    if (bruteForceEvery > 0 && steps % bruteForceEvery === 0 && s.phase !== 'placeTile') {
      expect(listedSilhouetteMoves(s, seat)).toEqual(acceptedSilhouetteMoves(s, seat));
    }
    const r = applyMove<MpvState>(game, s, move, seat);
    if (!r.ok) throw new Error(`listed move ${JSON.stringify(move)} refused: ${r.error.code}`);
    s = r.value.state;
    events.push(...(r.value.events as MpvEvent[]));
    steps++;
    invariant(s);
    // Views are the same for every viewer (all is public but the pile); a sprawling city makes them
    // large, so one viewer in turn is checked every third move, and the events every move.
    const viewer = steps % 3 === 0 ? (steps / 3) % (players + 1) - 1 : undefined;
    let text = JSON.stringify(r.value.events.map((e) => game.eventView(e as MpvEvent, null)));
    if (viewer !== undefined) text += JSON.stringify(game.view(s, viewer < 0 ? null : viewer));
    for (const secret of pileSecrets(s)) if (text.includes(secret)) throw new Error(`view names pile tile ${secret}`);
  }
  expect(canonicalHash(fold(game, initial, events))).toBe(canonicalHash(s));
  const o = game.outcome(s)!;
  expect(o.scores).toHaveLength(players);
  expect(o.winners.length).toBeGreaterThan(0);
  expect(o.winners.every((w) => o.ranks[w] === 1)).toBe(true);
  return { reason: s.result!.reason, steps };
}

describe('Ma Petite Ville properties (thousands of light random games, every end reached)', () => {
  for (const { players, version } of CONFIGS) {
    it(`${players} players, ${version}: ${scaled(400)} games end with a result, conserve tiles and silhouettes, never cover a square twice, replay equals live`, () => {
      const reasons: Record<string, number> = { lastSilhouette: 0, finalRound: 0 };
      for (let i = 0; i < scaled(400); i++) {
        // A third of the games play uniformly; the rest take tiles eagerly, to reach the final round.
        const drawPercent = [0, 90, 97][i % 3]!;
        const { reason } = lightGame(players, version, `light-${players}-${version}-${i}`, drawPercent, i % 100 === 0 ? 7 : 0);
        reasons[reason]!++;
      }
      // Both ends of M6 are reached.
      expect(reasons.lastSilhouette).toBeGreaterThan(0);
      expect(reasons.finalRound).toBeGreaterThan(0);
    });
  }
});
