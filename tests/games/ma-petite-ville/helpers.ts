/** Test helpers for Ma Petite Ville: named starting states, painted cities, moves that must pass. */
import { expect } from 'vitest';
import { applyMove } from '../../../src/engine/index.js';
import type { Json, Seat } from '../../../src/engine/index.js';
import { maPetiteVille } from '../../../src/games/ma-petite-ville/index.js';
import type { MpvEvent, MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import { TILES } from '../../../src/games/ma-petite-ville/data.js';

export { invariant, pileSecrets } from './invariants.js';
import type { Version } from '../../../src/games/ma-petite-ville/types.js';

export const game = maPetiteVille;

export function start(players: number, version: Version = 'normal', seed = 'mpv'): MpvState {
  return game.setup({ players, options: { version }, seed });
}

/** Plays a move that must be accepted; returns the new state and the events. */
export function play(state: MpvState, seat: Seat, move: MpvMove): { state: MpvState; events: MpvEvent[] } {
  const r = applyMove<MpvState>(game, state, move, seat);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
  return { state: r.value.state, events: r.value.events as MpvEvent[] };
}

/** The code a refused move gets (fails the test if the move is accepted). */
export function refusal(state: MpvState, seat: Seat, move: MpvMove): string {
  const r = applyMove<MpvState>(game, state, move, seat);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  expect(r.error.message.length).toBeGreaterThan(10);
  expect(r.error.rule.length).toBeGreaterThan(0);
  return r.error.code;
}

export const sil = (length: number, x: number, y: number, direction: 'horizontal' | 'vertical' = 'horizontal'): MpvMove => ({
  type: 'placeSilhouette',
  length,
  x,
  y,
  direction,
});

/**
 * A PAINTED city, for rule tests about squares: `picture` rows are squares (B G Y R X, '.' for no
 * tile), top row y = 0, left column x = 0, in full blocks of 3x3 per tile (spaces ignored). The
 * squares are taken from the picture, not from the tile data; tiles get placeholder ids, and the
 * unused ids make up the pile (or `pile` gives it).
 */
export function painted(opts: {
  players: number;
  version?: Version;
  picture: string[];
  hands?: number[][];
  turn?: Seat;
  pile?: string[];
}): MpvState {
  const rows = opts.picture.map((r) => r.replace(/ /g, ''));
  const tiles: MpvState['tiles'] = [];
  for (let ty = 0; 3 * ty < rows.length; ty++) {
    for (let tx = 0; 3 * tx < rows[3 * ty]!.length; tx++) {
      const squares = [0, 1, 2].map((r) => rows[3 * ty + r]!.slice(3 * tx, 3 * tx + 3)).join('');
      if (squares === '.........') continue;
      if (!/^[BGYRX]{9}$/.test(squares)) throw new Error(`painted tile ${tx},${ty} is not a full 3x3 block: ${squares}`);
      tiles.push({ tile: TILES[tiles.length]!.id, x: tx, y: ty, quarterTurns: 0, squares, covers: '.........' });
    }
  }
  const base = start(opts.players, opts.version ?? 'normal');
  return {
    ...base,
    turn: opts.turn ?? 0,
    tiles,
    pile: opts.pile ?? TILES.slice(tiles.length).map((t) => t.id),
    hands: opts.hands ?? base.hands,
  };
}

/**
 * Every silhouette move `decide` accepts from this seat, found by trying every length, direction
 * and start square in the city's bounding box and one square around it (brute force).
 */
export function acceptedSilhouetteMoves(s: MpvState, seat: Seat): string[] {
  const xs = s.tiles.flatMap((t) => [3 * t.x, 3 * t.x + 2]);
  const ys = s.tiles.flatMap((t) => [3 * t.y, 3 * t.y + 2]);
  const out: string[] = [];
  for (let length = 2; length <= 4; length++) {
    for (let y = Math.min(...ys) - 1; y <= Math.max(...ys) + 1; y++) {
      for (let x = Math.min(...xs) - 1; x <= Math.max(...xs) + 1; x++) {
        for (const direction of ['horizontal', 'vertical'] as const) {
          const m = sil(length, x, y, direction);
          if (game.decide(s, m, seat).ok) out.push(JSON.stringify(m));
        }
      }
    }
  }
  return out.sort();
}

export function listedSilhouetteMoves(s: MpvState, seat: Seat): string[] {
  return game
    .legalMoves(s, seat)
    .filter((m) => m.type === 'placeSilhouette')
    .map((m) => JSON.stringify(m))
    .sort();
}

export function viewOf(s: MpvState, viewer: Seat | null): Record<string, Json> {
  return game.view(s, viewer) as Record<string, Json>;
}
