/**
 * Resignation (Board Game Arena's "zombie" rule, server-side for every game): an entry in the log
 * with origin 'resign', move { type: 'resign' } and no engine events. With two seats the other wins
 * at once; with more, the game goes on and the stand-in plays whenever a resigned seat must act
 * (origin 'resigned', bot-turns.ts). Resigned seats rank last (lobby/standing.ts). By the seat's
 * token, or by number (a timeout whose action is 'resign'). The handler (handle.ts) runs it.
 */
import type { Seat } from '../../engine/index.js';
import { AppError } from '../errors.js';
import { resignedBy } from '../lobby/standing.js';
import type { MoveResult, Session } from '../service-types.js';
import { callerIn } from './callers.js';
import type { GameCore } from './core.js';
import type { CommandOf, Decision } from './handle.js';

const RESIGN = { type: 'resign' };

export async function resignActor(core: GameCore, s: Session, c: CommandOf<'resign'>): Promise<Seat> {
  const who = await callerIn(core, s, c.token);
  if (who.kind === 'seat') return who.seat;
  if (c.token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.resignToken');
  throw AppError.of('FORBIDDEN', who.kind === 'operator' ? 'FORBIDDEN.operatorResigns' : 'FORBIDDEN.noSeat');
}

export async function decideResign(_core: GameCore, s: Session, seat: Seat): Promise<Decision<MoveResult>> {
  if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.resign');
  if (s.row.status === 'finished') throw AppError.of('GAME_OVER', 'GAME_OVER.resign');
  if (resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('ALREADY_RESIGNED', 'ALREADY_RESIGNED.seat', { seat });
  return { kind: 'append', seat, move: RESIGN, origin: 'resign', events: [], state: s.state, answer: (r) => r };
}
