import { describe, expect, it } from 'vitest';
import { applyMove, canonicalHash, canonicalJson, fold, Rng } from '../../../src/engine/index.js';
import type { MpvEvent, MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import { acceptedSilhouetteMoves, game, invariant, listedSilhouetteMoves, pileSecrets } from './helpers.js';

const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const CONFIGS = [2, 3, 4].flatMap((players) => (['easy', 'normal'] as const).map((version) => ({ players, version })));

/**
 * A lighter random game: the policy takes a tile with probability `drawPercent` when it may (so
 * that games also reach the last-tile round), otherwise a uniformly random legal move. Checks:
 * the chosen and one more listed move are accepted, and, every fourth move, unlisted neighbours of
 * a listed move are refused; no event of any move, and no view (one viewer
 * in turn, every third move), names a tile still in the pile; tiles and silhouettes are conserved
 * and no square is covered twice (every fourth state and the last: such faults persist); with
 * `bruteForceEvery`, the listed silhouette moves equal those decide accepts; at the end, replay
 * equals live and the outcome is complete.
 */
function lightGame(
  players: number,
  version: 'easy' | 'normal',
  seed: string,
  drawPercent: number,
  bruteForceEvery = 0,
): { reason: string; steps: number } {
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
    if (steps % 4 === 0) {
      // Unlisted neighbours of listed moves (including final-round states) are refused.
      const listed = new Set(legal.map((m) => canonicalJson(m)));
      const m = rng.pick(legal);
      const tries: MpvMove[] = [{ type: 'pass' }, { type: 'drawTile' }];
      if (m.type === 'placeSilhouette') tries.push({ ...m, x: m.x + 1 }, { ...m, y: m.y + 1 }, { ...m, length: 2 + (m.length % 3) });
      if (m.type === 'placeTile') tries.push({ ...m, x: m.x + 1, y: m.y + 1 }, { ...m, x: 0, y: 0 });
      for (const c of tries)
        if (!listed.has(canonicalJson(c)) && game.decide(s, c, seat).ok) throw new Error(`unlisted ${JSON.stringify(c)} accepted`);
    }
    const r = applyMove<MpvState>(game, s, move, seat);
    if (!r.ok) throw new Error(`listed move ${JSON.stringify(move)} refused: ${r.error.code}`);
    s = r.value.state;
    events.push(...(r.value.events as MpvEvent[]));
    steps++;
    // Conservation and covering faults persist once made, so every fourth state and the last suffice.
    if (steps % 4 === 0 || game.outcome(s) !== null) invariant(s);
    // Views are the same for every viewer (all is public but the pile); a sprawling city makes them
    // large, so one viewer in turn is checked every third move, and the events every move.
    const viewer = steps % 3 === 0 ? ((steps / 3) % (players + 1)) - 1 : undefined;
    let text = JSON.stringify(r.value.events.map((e) => game.eventView(e as MpvEvent, null)));
    if (viewer !== undefined) text += JSON.stringify(game.view(s, viewer < 0 ? null : viewer));
    // One pass over the text: every quoted tile id it names must be out of the pile.
    const named = new Set(text.match(/"T\d\d"/g) ?? []);
    for (const secret of pileSecrets(s)) if (named.has(secret)) throw new Error(`view names pile tile ${secret}`);
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
    it(
      `${players} players, ${version}: ${scaled(500)} games end with a result, conserve tiles ` +
        `and silhouettes, never cover a square twice, replay equals live`,
      () => {
        const reasons: Record<string, number> = { lastSilhouette: 0, finalRound: 0 };
        for (let i = 0; i < scaled(500); i++) {
          // A third of the games play uniformly; the rest take tiles eagerly, to reach the final round.
          const drawPercent = [0, 90, 97][i % 3]!;
          const { reason } = lightGame(players, version, `light-${players}-${version}-${i}`, drawPercent, i % 100 === 0 ? 7 : 0);
          reasons[reason]!++;
        }
        // Both ends of M6 are reached.
        expect(reasons.lastSilhouette).toBeGreaterThan(0);
        expect(reasons.finalRound).toBeGreaterThan(0);
      },
    );
  }
});
