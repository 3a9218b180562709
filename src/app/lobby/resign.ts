import type { Seat } from '../../engine/index.js';
import type { GamePort } from '../game-port.js';

/**
 * Resignation, by a seat's token or by number (play-by-mail's timeout action 'resign'): the
 * commands `resign` and `resign-seat` (src/app/use-cases/resignation.ts decides them).
 */
export class Resignation {
  constructor(private readonly service: GamePort) {}

  /** Resigns the seat of the token (a seat token or the player token bound to the seat). */
  resign(gameId: string, token: string | undefined) {
    return this.service.handle(gameId, { kind: 'resign', token });
  }

  /** Resigns a seat by number (play-by-mail's timeout action 'resign' calls this). */
  resignSeat(gameId: string, seat: Seat) {
    return this.service.handle(gameId, { kind: 'resign-seat', seat });
  }
}
