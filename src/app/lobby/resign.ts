import type { Seat } from '../../engine/index.js';
import { AppError } from '../errors.js';
import type { GameService } from '../game-service.js';
import type { GameAccess } from './seats.js';
import { resignedBy } from './standing.js';

const RESIGN = { type: 'resign' };

/**
 * Resignation (Board Game Arena's "zombie" rule, server-side for every game): an entry in the log
 * with origin 'resign', move { type: 'resign' } and no engine events. With two seats the other wins
 * at once; with more, the game goes on and the service plays a deterministic legal move whenever a
 * resigned seat must act (origin 'resigned'). Resigned seats rank last (standing.ts).
 */
export class Resignation {
  constructor(private readonly service: GameService) {}

  /** Resigns the seat of the token (a seat token or the player token bound to the seat). */
  resign(gameId: string, token: string | undefined) {
    return this.service.withGame(gameId, async (g) => {
      const c = await g.callerIn(token);
      if (c.kind === 'seat') return this.entry(g, c.seat);
      if (token === undefined) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.resignToken');
      throw AppError.of('FORBIDDEN', c.kind === 'operator' ? 'FORBIDDEN.operatorResigns' : 'FORBIDDEN.noSeat');
    });
  }

  /** Resigns a seat by number (play-by-mail's timeout action 'resign' calls this). */
  resignSeat(gameId: string, seat: Seat) {
    return this.service.withGame(gameId, (g) => this.entry(g, seat));
  }

  private entry(g: GameAccess, seat: Seat) {
    const s = g.session;
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.row.playerCount) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.seatRange', { seat, last: s.row.playerCount - 1 });
    if (s.row.status === 'waiting') throw AppError.of('GAME_NOT_STARTED', 'GAME_NOT_STARTED.resign');
    if (s.row.status === 'finished') throw AppError.of('GAME_OVER', 'GAME_OVER.resign');
    if (resignedBy(s.row.seats, s.version).has(seat)) throw AppError.of('ALREADY_RESIGNED', 'ALREADY_RESIGNED.seat', { seat });
    return g.commitEntry(seat, RESIGN, 'resign');
  }
}
