import type { BotLevel, Json, Move, Seat } from '../../engine/index.js';

/** One move asked of a bot: what its seat may read, the level, and the budget. Plain JSON (it crosses threads). */
export interface BotTask {
  game: string;
  /** The engine the game was started with (default: the newest). */
  engineVersion?: number;
  level: BotLevel;
  seat: Seat;
  view: Json;
  history: Json[];
  /** The seat's legal moves; the answer is one of them. */
  legal: Move[];
  seed: string;
  /** Think time (default: the level's); the search stops then. */
  thinkMs?: number;
  /** Search iterations at most (default: the level's). */
  iterations?: number;
  /** Search the whole budget even once the choice is settled (analysis). */
  exhaustive?: boolean;
}

/** The task a pool sends each play thread first (pool.ts): answered at once, once the thread has loaded its modules. */
export const WARM_UP = { warmUp: true } as const;
