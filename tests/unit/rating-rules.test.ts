import { describe, expect, it } from 'vitest';
import { provisional, seatsWithoutOwnMove, unratedBecause } from '../../src/app/ratings/rules.js';

describe('the rules that keep ratings from being farmed (src/app/ratings/rules.ts)', () => {
  it("a seat's own moves are its seat and mail moves; the stand-in's, a resignation and a takeback are not", () => {
    const seats = [{ seat: 0 }, { seat: 1 }, { seat: 2, bot: 'greedy' }];
    expect(seatsWithoutOwnMove(seats, [])).toEqual([0, 1]);
    expect(
      seatsWithoutOwnMove(seats, [
        { seat: 0 },
        { seat: 1, origin: 'resign' },
        { seat: 1, origin: 'resigned' },
        { seat: 1, origin: 'timeout' },
        { seat: 1, origin: 'takeback' },
      ]),
    ).toEqual([1]);
    expect(
      seatsWithoutOwnMove(seats, [
        { seat: 0, origin: 'seat' },
        { seat: 1, origin: 'mail' },
      ]),
    ).toEqual([]);
  });

  it('aborted comes first; the per-pair bound counts the games before and 0 turns it off', () => {
    expect(unratedBecause(1, 5, 3)).toBe('aborted');
    expect(unratedBecause(0, 2, 3)).toBeNull();
    expect(unratedBecause(0, 3, 3)).toBe('pair-limit');
    expect(unratedBecause(0, 1, 1)).toBe('pair-limit');
    expect(unratedBecause(0, 99, 0)).toBeNull();
  });

  it('provisional while sigma is at or above the bound', () => {
    expect(provisional(6, 6)).toBe(true);
    expect(provisional(5.99, 6)).toBe(false);
  });
});
