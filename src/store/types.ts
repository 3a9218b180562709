import type { BotLevel, GameEvent, Json, Move, Outcome, Seat } from '../engine/index.js';

import type { GameStatus, TimeControl } from './shapes.js';

export type { GameStatus, TimeControl };

/**
 * Who a log entry was played by (docs/shapes.md): the seat, the seat by a reply to a mail, a resignation entry, the stand-in for a
 * resigned seat, a deadline, a bot seat, a takeback (src/app/takeback.ts), a seat's conditional line (src/app/conditional-moves.ts). The one list: records, the text record and the contract read it.
 */
export const MOVE_ORIGINS = ['seat', 'mail', 'resign', 'resigned', 'timeout', 'bot', 'takeback', 'conditional'] as const;
export type MoveOrigin = (typeof MOVE_ORIGINS)[number];
/** Origins other than a seat's own move (the text record's annotations, the events' `origin`). */
export const OTHER_ORIGINS = MOVE_ORIGINS.filter((o) => o !== 'seat') as Exclude<MoveOrigin, 'seat'>[];

export interface SeatRow {
  seat: Seat;
  /** Empty while the seat is open. */
  name: string;
  /** Null while the seat is open. */
  tokenHash: string | null;
  /** The player the seat is bound to, and that player's token hash (their token acts for the seat). */
  playerId?: string | null;
  playerTokenHash?: string | null;
  colour?: string | null;
  /** The version of the seat's resignation entry. */
  resignedAt?: number | null;
  /** The bot level playing the seat (absent or null: a person's seat). */
  bot?: BotLevel | null;
  /** The stand-in level the seat was handed to after missed deadlines (null: its person plays). */
  standIn?: BotLevel | null;
}

/** A game's header row: everything but its log. */
export interface GameRow {
  id: string;
  type: string;
  engineVersion: number;
  playerCount: number;
  options: Record<string, Json>;
  seed: string;
  /** True when a client chose the seed (it can then foresee every hidden draw); absent: false. */
  seedChosen?: boolean;
  version: number;
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  createdAt: Date;
  updatedAt: Date;
  seats: SeatRow[];
  /** Listed in the lobby while waiting. */
  public?: boolean;
  /** SHA-256 of the invitation code. */
  inviteHash?: string | null;
  /** The seat made with { me: true }, whose holder may cancel the game while it waits. */
  creatorSeat?: number | null;
  /** Bumped by every change of a seat (join, leave, resign, reissue). */
  seatsRev?: number;
  /** The turn clock: seconds per move of a seat (null: none), and what a timeout does. */
  turnDeadlineSeconds?: number | null;
  timeoutAction?: TimeoutAction | null;
  /** The bot level that plays resigned and timed-out seats (null: greedy). */
  standInBot?: BotLevel | null;
  /** Analysis may be asked while the game runs (absent: false). */
  analysis?: boolean;
  /** A seat that misses this many deadlines in a row is handed to the stand-in (null: never). */
  standInAfterTimeouts?: number | null;
  /** The time control (a bank per seat, seconds); turnDeadlineSeconds d is { d, d, d }. Null: no clock. */
  timeControl?: TimeControl | null;
  /** A rated game (src/app/ratings/): every seat a player identity, no chosen seed, no bot, not imported. */
  rated?: boolean;
  /** `rated: true` was asked at creation (an open seat is then taken by a player identity only). */
  ratedAsked?: boolean;
  /** Which takebacks the game allows (src/app/takeback.ts); absent: own-turn. */
  takebacks?: TakebackSetting;
  /** A takeback waiting for the other seats' consent; valid only while the game is at its `at` version. */
  takebackRequest?: TakebackRequest | null;
  /** What spectators see while it runs (src/app/use-cases/spectating.ts); absent: live. */
  spectators?: SpectatorSetting;
  /** With `delayed`: how many moves behind spectators are; absent: SPECTATOR_DELAY_DEFAULT. */
  spectatorDelay?: number;
  /** Once finished, every seat's hidden information opens to everyone's replays; absent: true. */
  reveal?: boolean;
}

/** live: public information as it happens; delayed: spectatorDelay moves behind; hidden: nothing until the end. */
export type SpectatorSetting = 'live' | 'delayed' | 'hidden';
export const SPECTATOR_SETTINGS: readonly SpectatorSetting[] = ['live', 'delayed', 'hidden'];
export const SPECTATOR_DELAY_DEFAULT = 2;
export const SPECTATOR_DELAY_MAX = 20;

/** A takeback asked after the turn: `seat` asks to undo version `undo`; `at` is the version it was asked at (the next entry voids it). */
export interface TakebackRequest {
  seat: Seat;
  undo: number;
  acceptedBy: Seat[];
  at: number;
}

/** none: no takebacks; own-turn: within one's own turn; with-consent: also after it, when every other seat accepts. */
export type TakebackSetting = 'none' | 'own-turn' | 'with-consent';
export const TAKEBACK_SETTINGS: readonly TakebackSetting[] = ['none', 'own-turn', 'with-consent'];

export type TimeoutAction = 'auto-move' | 'resign' | 'none';
export const TIMEOUT_ACTIONS: readonly TimeoutAction[] = ['auto-move', 'resign', 'none'];

/** What a seat can be notified of (play-by-mail). */
export type NoticeKind = 'turn' | 'reminder' | 'timeout' | 'finished' | 'joined' | 'takeback' | 'conditional';
export const NOTICE_KINDS: readonly NoticeKind[] = ['turn', 'reminder', 'timeout', 'finished', 'joined', 'takeback', 'conditional'];

/** A notification a move causes for a seat; the store writes it to the outbox with the move. */
export interface Notice {
  seat: Seat;
  kind: NoticeKind;
}

/** One accepted command and the events it caused, as stored. */
export interface StoredMove {
  version: number;
  seat: Seat;
  move: Move;
  events: GameEvent[];
  createdAt: Date;
  /** 'seat' when absent. */
  origin?: MoveOrigin;
  /** The bot level that chose the move, whenever a bot did (absent otherwise). */
  bot?: BotLevel;
  /** The canonical hash of the state after this move, when a snapshot was stored at its version. */
  stateHash?: string;
}

/** What one accepted command appends, and what the game header becomes. */
export interface AppendCommand {
  gameId: string;
  /** The version the command was decided against; the append fails if the game moved on. */
  expectedVersion: number;
  seat: Seat;
  move: Move;
  events: GameEvent[];
  idempotencyKey: string | null;
  /** The answer the client got, returned again to a retry with the same idempotency key. */
  response: Json;
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  /** The state after the command and its canonical hash, stored as a snapshot when given. */
  snapshot: { state: Json; hash: string } | null;
  /**
   * Notifications the command causes: written to the outbox, in the same transaction, once per
   * channel the seat has set up for that kind. A command that does not commit notifies nobody.
   */
  notices?: Notice[];
  /** 'seat' when absent. 'resign' also marks the seat resigned at the new version. */
  origin?: MoveOrigin;
  /** The bot level that chose the move, whenever a bot did. */
  bot?: BotLevel | null;
  /** The seats revision the command was decided against: the append fails if a seat changed since. */
  seatsRev?: number;
}

/** A move already applied under an idempotency key: the move sent then and the answer given. */
export interface IdempotentMove {
  move: Move;
  response: Json;
}

/** `outbox`: the ids of the notifications written with the move, to be delivered after commit. */
export type AppendResult = { kind: 'appended'; outbox: string[] } | { kind: 'conflict' } | ({ kind: 'duplicate' } & IdempotentMove);

export interface ListFilter {
  status?: GameStatus;
  type?: string;
  limit: number;
  /** Return games updated before this game (keyset pagination by updatedAt, id). */
  before?: { updatedAt: Date; id: string };
}

/**
 * The event store port. Implementations: PrismaGameStore (Postgres) and MemoryGameStore (unit
 * tests). Every write is atomic: a command's move row, its events, the game header and an optional
 * snapshot are written together or not at all, and (game, version) is the concurrency guard.
 */
export interface GameStore {
  /** Creates a game, and with `history` its whole log at once (import). */
  createGame(game: Omit<GameRow, 'createdAt' | 'updatedAt'>, history?: StoredMove[]): Promise<void>;
  getGame(id: string): Promise<GameRow | null>;
  /** The version only, to tell whether a cached state is current. */
  getVersion(id: string): Promise<number | null>;
  /** The version and the seats revision: both say whether a cached game is current. */
  getStamp(id: string): Promise<{ version: number; seatsRev: number } | null>;
  /** The takeback entries of a game, in order: each one's version and the version it undid. */
  takebackEntries(id: string): Promise<{ version: number; undo: number }[]>;
  /** Moves with version in (after, upTo], in order, each with its events (numbered by the store). */
  readMoves(id: string, after: number, upTo?: number): Promise<StoredMove[]>;
  latestSnapshot(id: string, atMost: number): Promise<{ version: number; state: Json } | null>;
  append(cmd: AppendCommand): Promise<AppendResult>;
  /**
   * Writes (or clears, null) the game's pending takeback request, bumping the seats revision so
   * every cached copy reads the header again; only if the game is still at `expected` (version and
   * seats revision). False when it moved on.
   */
  setTakebackRequest(id: string, expected: { version: number; seatsRev: number }, request: TakebackRequest | null): Promise<boolean>;
  findIdempotent(id: string, seat: Seat, key: string): Promise<IdempotentMove | null>;
  listGames(filter: ListFilter): Promise<GameRow[]>;
  deleteGame(id: string): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
