import { describe, expect, it } from 'vitest';
import { noticesOf } from '../../src/app/notify/notices.js';
import type { SeatRow } from '../../src/store/types.js';

const seat = (n: number, extra: Partial<SeatRow> = {}): SeatRow => ({ seat: n, name: `P${n}`, tokenHash: 'h', ...extra });

describe('the notices a move writes to the outbox (src/app/notify/notices.ts)', () => {
  it('a seat that comes to move gets "turn" once, however many steps its turn takes', () => {
    const seats = [seat(0), seat(1)];
    expect(noticesOf(seats, [0], { status: 'active', toMove: [1] }, null)).toEqual([{ seat: 1, kind: 'turn' }]);
    expect(noticesOf(seats, [1], { status: 'active', toMove: [1] }, null)).toEqual([]);
  });

  it('no "turn" to a seat nobody plays by hand: resigned, handed to the stand-in after missed deadlines, or a bot\'s', () => {
    const seats = [
      seat(0),
      seat(1, { resignedAt: 7 }),
      seat(2, { standIn: 'greedy' }),
      seat(3, { bot: 'ismcts', tokenHash: null }),
      seat(4),
    ];
    expect(noticesOf(seats, [], { status: 'active', toMove: [0, 1, 2, 3, 4] }, null)).toEqual([
      { seat: 0, kind: 'turn' },
      { seat: 4, kind: 'turn' },
    ]);
  });

  it('the seat played on its timeout is told so, and every seat (handed over or not) is told the game finished', () => {
    const seats = [seat(0, { standIn: 'random' }), seat(1)];
    expect(noticesOf(seats, [0], { status: 'active', toMove: [1] }, 0)).toEqual([
      { seat: 0, kind: 'timeout' },
      { seat: 1, kind: 'turn' },
    ]);
    expect(noticesOf(seats, [1], { status: 'finished', toMove: [] }, null)).toEqual([
      { seat: 0, kind: 'finished' },
      { seat: 1, kind: 'finished' },
    ]);
  });
});
