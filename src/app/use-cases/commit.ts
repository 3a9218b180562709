/**
 * The one append of every log entry (a seat's move, a bot's, a stand-in's, a resignation, a
 * timeout, a takeback): decided against a session, written in one statement guarded by the
 * expected version and seats revision, with its stored answer, its snapshot every `snapshotEvery`
 * versions and its notifications for the outbox. When it lands the session moves on and the
 * after-commit hooks run; when it does not, the store's answer (a conflict or a duplicate key) is
 * returned and the session is left as it was.
 */
import { canonicalHash, eventViewOf } from '../../engine/index.js';
import type { BotLevel, GameEvent, Json, Move, Seat } from '../../engine/index.js';
import type { MoveOrigin } from '../../store/types.js';
import { resignedBy, standing } from '../lobby/standing.js';
import { noticesOf } from '../notify/notices.js';
import type { MoveResult, Session } from '../service-types.js';
import type { GameCore } from './core.js';

/**
 * Appends one log entry decided against `s` (a resignation has no events and leaves the state as
 * it is) and, when it lands, moves `s` on and runs the after-commit hooks.
 */
export async function commit(
  core: GameCore,
  s: Session,
  seat: Seat,
  move: Move,
  events: GameEvent[],
  state: unknown,
  origin: MoveOrigin,
  key: string | null,
  bot: BotLevel | null = null,
  unearned?: Seat[],
) {
  const version = s.version + 1;
  const seats = origin === 'resign' ? s.row.seats.map((x) => (x.seat === seat ? { ...x, resignedAt: version } : x)) : s.row.seats;
  const d = standing(s.game, state, seats, version);
  const result: MoveResult = {
    type: s.row.type,
    version,
    ...d,
    events: events.map((e) => eventViewOf(s.game, e, seat)).filter((e): e is Json => e !== null),
  };
  const appended = await core.store.append({
    gameId: s.row.id,
    expectedVersion: s.version,
    seat,
    move,
    events,
    idempotencyKey: key,
    response: result as unknown as Json,
    ...d,
    snapshot: version % core.snapshotEvery === 0 ? { state: state as Json, hash: canonicalHash(state) } : null,
    origin,
    bot,
    seatsRev: s.row.seatsRev ?? 0,
    notices: noticesOf(seats, s.row.toMove, d, origin === 'timeout' ? seat : null),
  });
  if (appended.kind !== 'appended') return appended;
  const before = s.row.toMove;
  s.state = state;
  s.version = version;
  s.row = { ...s.row, version, ...d, seats, seatsRev: (s.row.seatsRev ?? 0) + (origin === 'resign' ? 1 : 0), updatedAt: new Date() };
  core.sessions.committed(s);
  const gone = resignedBy(seats, version);
  const botToMove = d.status === 'active' && d.toMove.some((x) => seats[x]?.bot && !gone.has(x));
  core.emit({
    gameId: s.row.id,
    type: s.row.type,
    version,
    seat,
    ...d,
    origin,
    botToMove,
    outbox: appended.outbox,
    before,
    ...(unearned?.length ? { unearned } : {}),
    clock: s.row.timeControl ? { control: s.row.timeControl, action: s.row.timeoutAction ?? 'none' } : null,
  });
  return { kind: 'appended' as const, result };
}
