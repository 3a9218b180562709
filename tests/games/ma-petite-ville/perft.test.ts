import { describe, expect, it } from 'vitest';
import { applyMove, Rng } from '../../../src/engine/index.js';
import type { MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import type { Version } from '../../../src/games/ma-petite-ville/types.js';
import { game, painted, start } from './helpers.js';

/** Number of move sequences of the given depth from a state (chess "perft"); a finished game counts 1. */
function perft(s: MpvState, depth: number): number {
  if (depth === 0 || game.outcome(s) !== null) return 1;
  let n = 0;
  const seat = game.toMove(s)[0]!;
  for (const m of game.legalMoves(s, seat)) {
    const r = applyMove<MpvState>(game, s, m, seat);
    if (!r.ok) throw new Error(`listed move refused: ${r.error.code}`);
    n += perft(r.value.state, depth - 1);
  }
  return n;
}

/** Legal moves of the seat to move, counted by type. */
function counts(s: MpvState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of game.legalMoves(s, game.toMove(s)[0]!)) out[m.type] = (out[m.type] ?? 0) + 1;
  return out;
}

/**
 * A named position: a seeded setup, then `moves` moves chosen from the legal list by a seeded
 * generator; with `drawPercent`, a tile is taken with that probability whenever allowed.
 */
function reach(players: number, version: Version, seed: string, moves: number, drawPercent = 0): MpvState {
  let s = start(players, version, seed);
  const rng = Rng.fromSeed(`reach:${seed}`);
  for (let i = 0; i < moves && game.outcome(s) === null; i++) {
    const seat = game.toMove(s)[0]!;
    const legal = game.legalMoves(s, seat);
    const draw = legal.find((m) => m.type === 'drawTile');
    const m: MpvMove = draw && rng.int(100) < drawPercent ? draw : rng.pick(legal);
    const r = applyMove<MpvState>(game, s, m, seat);
    if (!r.ok) throw new Error(r.error.code);
    s = r.value.state;
  }
  return s;
}

/** Plays on with tiles taken whenever allowed until the final round begins. */
function toFinalRound(players: number, version: Version, seed: string): MpvState {
  let s = start(players, version, seed);
  const rng = Rng.fromSeed(`final:${seed}`);
  while (s.phase !== 'finalRound') {
    const seat = game.toMove(s)[0]!;
    const legal = game.legalMoves(s, seat);
    const m: MpvMove = legal.find((x) => x.type === 'drawTile') ?? rng.pick(legal);
    const r = applyMove<MpvState>(game, s, m, seat);
    if (!r.ok) throw new Error(r.error.code);
    s = r.value.state;
  }
  return s;
}

const LINES = ['BGB BBY', 'YXG RXR', 'BRY GBG'];

/** Takes the top tile: the position where the tile's placement is chosen. */
const drawn = (s: MpvState): MpvState => {
  const r = applyMove<MpvState>(game, s, { type: 'drawTile' }, game.toMove(s)[0]!);
  if (!r.ok) throw new Error(r.error.code);
  return r.value.state;
};

const POSITIONS: { name: string; state: () => MpvState; moves: Record<string, number>; perft: number[] }[] = [
  {
    name: 'opening, 2 players, normal (seed perft-a)',
    state: () => start(2, 'normal', 'perft-a'),
    moves: { drawTile: 1, placeSilhouette: 1 },
    perft: [2, 18, 57],
  },
  // Blue has no line on the first tile: taking a tile is the only move (M5).
  { name: 'opening, 4 players, easy (seed perft-f)', state: () => start(4, 'easy', 'perft-f'), moves: { drawTile: 1 }, perft: [1, 16, 40] },
  {
    name: 'opening after the draw, 3 players, normal (seed perft-b)',
    state: () => drawn(start(3, 'normal', 'perft-b')),
    moves: { placeTile: 16 },
    perft: [16, 64, 484],
  },
  {
    name: 'middle game, 3 players, normal (seed perft-c, 20 moves, tiles 80%)',
    state: () => reach(3, 'normal', 'perft-c', 20, 80),
    moves: { drawTile: 1, placeSilhouette: 9 },
    perft: [10, 130, 1438],
  },
  {
    name: 'middle game, 3 players, easy (seed perft-c, 20 moves, tiles 80%)',
    state: () => reach(3, 'easy', 'perft-c', 20, 80),
    moves: { drawTile: 1, placeSilhouette: 13 },
    perft: [14, 224, 2897],
  },
  {
    name: 'middle game, 4 players, normal (seed perft-d, 31 moves, tiles 90%)',
    state: () => reach(4, 'normal', 'perft-d', 31, 90),
    moves: { drawTile: 1, placeSilhouette: 17 },
    perft: [18, 356, 6739],
  },
  {
    name: 'middle game after a draw, 4 players, normal (seed perft-d, 31 moves, tiles 90%, then a draw)',
    state: () => drawn(reach(4, 'normal', 'perft-d', 31, 90)),
    moves: { placeTile: 80 },
    perft: [80, 1456],
  },
  {
    name: 'final round begins, 2 players, normal (seed perft-e)',
    state: () => toFinalRound(2, 'normal', 'perft-e'),
    moves: { placeSilhouette: 43, pass: 1 },
    perft: [44, 1895, 1895],
  },
  {
    name: 'final round begins, 4 players, easy (seed perft-e)',
    state: () => toFinalRound(4, 'easy', 'perft-e'),
    moves: { placeSilhouette: 51, pass: 1 },
    perft: [52, 2607],
  },
  {
    name: 'painted two-tile city, blue to move, normal',
    state: () => painted({ players: 2, version: 'normal', picture: LINES }),
    moves: { drawTile: 1, placeSilhouette: 6 },
    perft: [7, 36, 220],
  },
  {
    name: 'painted two-tile city, blue to move, easy',
    state: () => painted({ players: 2, version: 'easy', picture: LINES }),
    moves: { drawTile: 1, placeSilhouette: 7 },
    perft: [8, 37, 274],
  },
];

describe('Ma Petite Ville move-count tables (perft, pinned)', () => {
  for (const p of POSITIONS) {
    it(`${p.name}: ${JSON.stringify(p.moves)}, perft ${p.perft.join(' / ')}`, () => {
      const s = p.state();
      const got = { moves: counts(s), perft: p.perft.map((_, i) => perft(s, i + 1)) };
      if (process.env.PRINT_PERFT)
        console.log(
          JSON.stringify({
            name: p.name,
            moves: got.moves,
            perft: p.perft.map((_, i) => perft(s, i + 1)),
            phase: s.phase,
            pile: s.pile.length,
          }),
        );
      expect(got).toEqual({ moves: p.moves, perft: p.perft });
    });
  }
});
