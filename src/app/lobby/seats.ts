import type { BotLevel, Move, RestoredEvent, Seat } from '../../engine/index.js';
import type { MoveOrigin } from '../../store/types.js';
import type { Caller, MoveResult, Session } from '../game-service.js';

/** A seat at creation: seated now (optionally bound to a player, with a colour), open, or a bot's (no token). */
export type SeatSpec = { name: string; playerId?: string; playerTokenHash?: string; colour?: string } | { open: true } | { bot: BotLevel; name?: string };

/** A seat in the answer to a creation: an open seat has `open: true` and no name nor token. */
export interface CreatedSeat {
  seat: Seat;
  name: string;
  /** Absent for an open seat and a bot seat. */
  token: string;
  open?: true;
  /** The level playing a bot seat. */
  bot?: BotLevel;
  colour?: string;
}

/** What a use case outside GameService may do with one game, under its lock (GameService.withGame). */
export interface GameAccess {
  session: Session;
  callerIn(token: string | undefined): Promise<Caller>;
  /**
   * Appends a log entry for a seat: a resignation (no events, state unchanged) or an engine move;
   * with `key` (a move by mail's), stored under it like an Idempotency-Key: a key already stored
   * gives its first answer. A takeback (origin 'takeback') appends its `@restored` event, whose state becomes the game's.
   */
  commitEntry(seat: Seat, move: Move, origin: MoveOrigin, key?: string, bot?: BotLevel | null, restored?: RestoredEvent): Promise<MoveResult>;
  /** The stand-in's move for a seat that cannot play itself (null: it has no legal move). */
  standInMove(seat: Seat): Promise<{ move: Move; bot: BotLevel | null } | null>;
}
