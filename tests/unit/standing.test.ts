import { describe, expect, it } from 'vitest';
import { rankResignedLast, resignationOutcome, resignedBy, standing } from '../../src/app/lobby/standing.js';
import type { AnyGame, Outcome } from '../../src/engine/index.js';
import type { SeatRow } from '../../src/store/types.js';

const seats = (n: number, resignedAt: Record<number, number> = {}, open: number[] = []): SeatRow[] =>
  Array.from({ length: n }, (_, seat) => ({
    seat,
    name: open.includes(seat) ? '' : `p${seat}`,
    tokenHash: open.includes(seat) ? null : `h${seat}`,
    resignedAt: resignedAt[seat] ?? null,
  }));

/** A stand-in engine whose outcome and seats to move are given. */
const engine = (outcome: Outcome | null, toMove = [0]): AnyGame => ({ outcome: () => outcome, toMove: () => toMove }) as unknown as AnyGame;

describe('standing: status, seats to move and outcome from the engine and the seats', () => {
  it('is waiting, with nobody to move, while a seat is open', () => {
    expect(standing(engine(null, [0, 1]), {}, seats(3, {}, [2]), 0)).toEqual({ status: 'waiting', toMove: [], outcome: null });
  });

  it('knows who had resigned at a version', () => {
    const s = seats(4, { 1: 5, 3: 9 });
    expect([...resignedBy(s, 4)]).toEqual([]);
    expect([...resignedBy(s, 5)]).toEqual([1]);
    expect([...resignedBy(s, 9)].sort()).toEqual([1, 3]);
  });

  it("ranks resigned seats last, keeping the others' order and ties, and never makes them winners", () => {
    const o: Outcome = { scores: [10, 30, 30, 5], ranks: [3, 1, 1, 4], winners: [1, 2] };
    expect(rankResignedLast(o, new Set([1]))).toEqual({ scores: [10, 30, 30, 5], ranks: [2, 4, 1, 3], winners: [2] });
    expect(rankResignedLast(o, new Set([1, 2]))).toEqual({ scores: [10, 30, 30, 5], ranks: [1, 3, 3, 2], winners: [0] });
    expect(rankResignedLast(o, new Set())).toBe(o);
  });

  it('ends the game when resignations leave one seat: it wins, the resigned share last place', () => {
    expect(standing(engine(null), {}, seats(2, { 0: 3 }), 3)).toEqual({
      status: 'finished',
      toMove: [],
      outcome: resignationOutcome(2, new Set([0])),
    });
    expect(resignationOutcome(4, new Set([0, 2, 3]))).toMatchObject({ ranks: [2, 1, 2, 2], winners: [1] });
    // With two of four left the game goes on, and before the resignation's version it was on anyway.
    expect(standing(engine(null, [2]), {}, seats(4, { 0: 3, 1: 4 }), 4)).toEqual({ status: 'active', toMove: [2], outcome: null });
    expect(standing(engine(null, [0]), {}, seats(2, { 0: 3 }), 2)).toEqual({ status: 'active', toMove: [0], outcome: null });
  });
});
