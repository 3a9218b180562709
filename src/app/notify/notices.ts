import type { Seat } from '../../engine/index.js';
import type { GameStatus, Notice, SeatRow } from '../../store/types.js';

/**
 * What a move's result tells the seats: "turn" to each seat that must now act and did not have to
 * before (one message per turn, however many steps the turn takes), "finished" to every seat, and
 * "timeout" to a seat the service just played for because its time ran out. No "turn" goes to a
 * seat nobody plays by hand: a resigned seat, a seat handed to the stand-in bot after missed
 * deadlines, a bot's seat (the service plays their turns).
 */
export function noticesOf(
  seats: SeatRow[],
  before: Seat[],
  after: { status: GameStatus; toMove: Seat[] },
  timedOut: Seat | null,
): Notice[] {
  const out: Notice[] = timedOut === null ? [] : [{ seat: timedOut, kind: 'timeout' }];
  if (after.status === 'finished') return [...out, ...seats.map((x) => ({ seat: x.seat, kind: 'finished' as const }))];
  const playing = (x: Seat) => seats[x]?.resignedAt == null && !seats[x]?.standIn && !seats[x]?.bot;
  return [...out, ...after.toMove.filter((x) => !before.includes(x) && playing(x)).map((seat) => ({ seat, kind: 'turn' as const }))];
}
