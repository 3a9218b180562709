import type { Move, Seat } from '../../engine/index.js';
import type { MoveOrigin } from '../../store/types.js';
import type { Caller, MoveResult, Session } from '../game-service.js';

/** A seat at creation: seated now (optionally bound to a player, with a colour), or open. */
export type SeatSpec = { name: string; playerId?: string; playerTokenHash?: string; colour?: string } | { open: true };

/** A seat in the answer to a creation: an open seat has `open: true` and no name nor token. */
export interface CreatedSeat {
  seat: Seat;
  name: string;
  /** Absent for an open seat. */
  token: string;
  open?: true;
  colour?: string;
}

/** What a use case outside GameService may do with one game, under its lock (GameService.withGame). */
export interface GameAccess {
  session: Session;
  callerIn(token: string | undefined): Promise<Caller>;
  /**
   * Appends a log entry for a seat: a resignation (no events, state unchanged) or an engine move;
   * with `key` (a move by mail's), stored under it like an Idempotency-Key: a key already stored
   * gives its first answer.
   */
  commitEntry(seat: Seat, move: Move, origin: MoveOrigin, key?: string): Promise<MoveResult>;
}
