import type { GameLinks } from './game-link.js';
import type { AnyGame, BotLevel, Json, Move, Outcome, Seat } from '../engine/index.js';
import type { BotTask } from './bots/task.js';
import type { GameRow, GameStatus, MoveOrigin, TimeControl, TimeoutAction } from '../store/types.js';
import type { ConditionalStore } from '../store/conditional-store.js';
import type { SeatSpec } from './lobby/seats.js';

// The shapes the game service takes and gives (src/app/game-service.ts and src/app/use-cases/), kept apart from it.

/** A game loaded in memory: its header, engine, and the state folded up to `version`. */
export interface Session {
  row: GameRow;
  game: AnyGame;
  state: unknown;
  version: number;
  /** Seat tokens, and the tokens of the players seats are bound to. */
  seatByTokenHash: Map<string, Seat>;
}

/** What happened when a move committed: given to every after-commit hook. */
export interface Committed {
  gameId: string;
  type: string;
  version: number;
  seat: Seat;
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  /** The notifications written to the outbox with the move, to deliver now. */
  outbox: string[];
  /** Who had to act before the move, and the game's turn clock (play-by-mail deadlines). */
  before: Seat[];
  clock: { control: TimeControl; action: TimeoutAction } | null;
  origin: MoveOrigin;
  /** A bot seat must act now (the bot runner queues its turn). */
  botToMove?: boolean;
  /**
   * A takeback's: the seats of the undone entries that earned a clock increment, once per entry
   * (their clocks give the increments back: a move taken back leaves the clock where the move found it).
   */
  unearned?: Seat[];
}

export type AfterCommitHook = (c: Committed) => void;

/** Who is asking: a seat of the game, a spectator, or the operator. */
export type Caller = { kind: 'seat'; seat: Seat } | { kind: 'spectator' } | { kind: 'operator' };

export interface GameServiceOptions {
  /** Store a snapshot of the state every this many versions. */
  snapshotEvery?: number;
  /** How many games to keep in memory. */
  cacheSize?: number;
  /** The operator's bearer token, for admin operations; none disables them. */
  operatorToken?: string;
  /** How many times a move without expectedVersion is re-decided after losing a race. */
  maxRetries?: number;
  /** Whether a token hash is a player's: a player's token where it has no seat is a spectator's. */
  isPlayerToken?: (tokenHash: string) => Promise<boolean>;
  /** Whether clients may choose a game's seed (CLIENT_SEEDS; default true). */
  clientSeeds?: boolean;
  /** Imports run at once, and imports waiting for a turn; more are refused with 503 (default 2 and 8). */
  importConcurrency?: number;
  importQueue?: number;
  /** Verifies the game links of turn mails (read-only seat views); none: links are refused. */
  links?: GameLinks;
  /** Asks a bot for a stand-in's move (the bot pool); without it, autoplay.ts's seeded choice. */
  standIn?: (task: BotTask) => Promise<{ move: Move; playedBy: BotLevel }>;
  /** Runs an analysis search in the bot pool (GET /games/{id}/analysis); without it analysis is unavailable. */
  analyse?: (
    task: BotTask,
  ) => Promise<{ move: Move; playedBy: BotLevel; iterations: number; stats?: { move: Move; visits: number; value: number }[] }>;
  /** Seats' conditional lines (src/app/conditional-moves.ts); none: the command `conditional-move` does nothing. */
  conditional?: ConditionalStore;
  /** Measures use cases at their boundary (spans and timers: src/telemetry/instrument.ts); none: run as they are. */
  observe?: UseCaseObserver;
}

/** The use cases measured at their boundary: a command (by kind), a replay, an import. */
export type ObservedUseCase = 'command' | 'replay' | 'import';

/** Runs a use case inside its span and timer; `attrs` name it (the game, the version, the command's kind). */
export type UseCaseObserver = <T>(useCase: ObservedUseCase, attrs: Record<string, string | number>, run: () => Promise<T>) => Promise<T>;

/** A bot seat a game waits on at a version, and what its bot is given. */
export interface BotTurn {
  gameId: string;
  version: number;
  seat: Seat;
  level: BotLevel;
  task: BotTask;
}

/** Extra parts of an answer, on request (`?include=view,legalMoves`). */
export interface Include {
  view?: boolean;
  legalMoves?: boolean;
  /** Legal moves: whether each could be taken back once made (src/app/takeback-log.ts). */
  undoable?: boolean;
}

export interface CreateGameInput {
  type: string;
  players: SeatSpec[];
  seed?: string;
  options?: unknown;
  public?: boolean;
  inviteHash?: string | null;
  creatorSeat?: number | null;
  turnDeadlineSeconds?: number | null;
  timeControl?: TimeControl | null;
  timeoutAction?: TimeoutAction | null;
  standInBot?: BotLevel | null;
  /** A seat that misses this many deadlines in a row is handed to the stand-in bot. */
  standInAfterTimeouts?: number | null;
  analysis?: boolean;
  /** Default: true when allowed (src/app/ratings/rated.ts). */
  rated?: boolean;
  /** Which takebacks the game allows (src/app/takeback.ts); default own-turn. */
  takebacks?: string;
  /** What spectators see while it runs: live (default), delayed, hidden (use-cases/spectating.ts). */
  spectators?: string;
  /** With delayed: moves behind (1..20, default 2). */
  spectatorDelay?: number;
  /** Once finished, every seat's hidden information opens to everyone (default true). */
  reveal?: boolean;
}

export interface MoveResult {
  /** The game type, so that typed clients can tell which game's events these are. */
  type: string;
  version: number;
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  /** The move's events, as this seat may read them. */
  events: Json[];
  /** On request: the mover's view after the move. */
  view?: Json;
  /** On request: the mover's legal moves now (empty unless it must act again). */
  legalMoves?: Json[];
}

export const RECORD_FORMAT = 'citybuilder-record/1';

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  type: string;
  engineVersion: number;
  options: Record<string, Json>;
  players: { seat: Seat; name: string; colour?: string; bot?: BotLevel }[];
  /** The level that played resigned and timed-out seats, when not greedy. */
  standInBot?: BotLevel;
  /** Only once the game is over: while it runs the seed would reveal every future draw. */
  seed?: string;
  status: GameStatus;
  version: number;
  moves: {
    version: number;
    seat: Seat;
    move: Json | null;
    origin?: MoveOrigin;
    bot?: BotLevel /** Written on export (takebacks): the entry may be undone; the takeback that undid it. */;
    undoable?: boolean;
    undoneBy?: number;
  }[];
  outcome?: Outcome | null;
  /** Written on export: a rated game that ended before some person's seat made a move of its own (src/app/ratings/rules.ts): unrated. */
  aborted?: true;
}

/** A takeback request stored (with-consent, after the turn): who asks, at which version, and the seats asked to answer. */
export interface TakebackAsked {
  gameId: string;
  version: number;
  seat: Seat;
  asked: Seat[];
}
