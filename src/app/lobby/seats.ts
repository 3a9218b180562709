import type { BotLevel, Seat } from '../../engine/index.js';
import type { Caller, Session } from '../service-types.js';

/** A seat at creation: seated now (optionally bound to a player, with a colour), open, or a bot's (no token). */
export type SeatSpec =
  | { name: string; playerId?: string; playerTokenHash?: string; colour?: string }
  | { open: true }
  | { bot: BotLevel; name?: string };

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

/** What a reader outside GamePort sees of one game, under its lock (GamePort.withGame): reads only, writes are commands. */
export interface GameAccess {
  session: Session;
  callerIn(token: string | undefined): Promise<Caller>;
}
