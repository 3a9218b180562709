import { describe, expect, it } from 'vitest';
import { randomPlayout, Rng } from '../../../src/engine/index.js';
import type { Move, State } from '../../../src/games/city-tycoon/types.js';
import { draftFirst, game, newGame, OPTIONS } from './helpers.js';

/** Number of legal moves per type for the seats to move. */
function table(s: State): Record<string, number> {
  const out: Record<string, number> = {};
  for (const seat of game.toMove(s)) for (const m of game.legalMoves(s, seat)) out[m.type] = (out[m.type] ?? 0) + 1;
  return out;
}

/** Plays random moves (from a fixed seed) until `stop` holds. */
function advance(s: State, seed: string, stop: (s: State) => boolean): State {
  const rng = Rng.fromSeed(seed);
  let t = s;
  while (!stop(t)) {
    const seat = rng.pick(game.toMove(t));
    const moves = game.legalMoves(t, seat);
    const r = game.decide(t, rng.pick(moves) as Move, seat);
    if (!r.ok) throw new Error(r.error.code);
    for (const e of r.value) t = game.evolve(t, e);
  }
  return t;
}

describe('move-count tables (perft-style, pinned)', () => {
  it('the opening draft: 6 keepTile moves per seat, every seat at once', () => {
    for (const n of [2, 3, 4, 5]) expect(table(newGame(n, 'perft'))).toEqual({ keepTile: 6 * n });
  });

  it('the first construction action after the draft (seed "perft", 4 players)', () => {
    const s = draftFirst(newGame(4, 'perft'));
    expect(game.toMove(s)).toEqual([s.order[0]]);
    expect(table(s)).toEqual(PINNED.firstAction);
  });

  it('named positions along a seeded game (seed "perft", 3 players, choices "walk")', () => {
    const s = newGame(3, 'perft');
    const firstSupply = advance(s, 'walk', (t) => t.phase === 'supply');
    expect([firstSupply.round, table(firstSupply)]).toEqual(PINNED.firstSupply);
    const round3 = advance(firstSupply, 'walk2', (t) => t.round === 3 && t.phase === 'construction');
    expect(table(round3)).toEqual(PINNED.round3Construction);
    const lastSupply = advance(round3, 'walk3', (t) => t.round === 4 && t.phase === 'supply');
    expect(table(lastSupply)).toEqual(PINNED.round4Supply);
  });

  it('a full seeded random game has a pinned length and result', () => {
    const { state, steps } = randomPlayout<State>(game, { players: 4, options: OPTIONS, seed: 'perft' }, 'perft-choices');
    expect([steps.length, game.outcome(state)!.scores]).toEqual(PINNED.fullGame);
  });
});

const PINNED = {
  // 6 kept tiles x (1 district + 2 plants x 2 sides + 1 sale)
  firstAction: { buildDistrict: 6, buildPlant: 24, sellTile: 6 },
  firstSupply: [1, { supply: 3, pass: 1 }],
  round3Construction: { buildDistrict: 6, sellTile: 6 },
  round4Supply: { supply: 8, pass: 1 },
  fullGame: [260, [13, 7, 17, 14]],
} as {
  firstAction: Record<string, number>;
  firstSupply: [number, Record<string, number>];
  round3Construction: Record<string, number>;
  round4Supply: Record<string, number>;
  fullGame: [number, number[]];
};
