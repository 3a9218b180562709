import { LRUCache } from 'lru-cache';
import { canonicalHash, fold, type AnyGame } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { GameRow, GameStore, SeatRow, StoredMove } from '../store/types.js';
import { AppError } from './errors.js';
import { isUuid } from './ids.js';
import { standing } from './lobby/standing.js';
import type { KeyedMutex } from './mutex.js';
import type { Session } from './service-types.js';

/**
 * The games this process holds in memory: a cache, never a truth. The database is the only truth
 * and the only coordinator between server processes; what this guarantees, by construction:
 *
 * - A read (`fresh`) checks the stored version and seats revision (one primary-key read) before it
 *   answers from a cached copy, and brings the copy up to them first when it is behind. So a read
 *   on any process, started after a move was answered anywhere, sees that move; a reissued token, a
 *   resignation or a seat change is seen at once. No waits, no heartbeats, no messages between
 *   processes: when the database cannot be read, the read fails (503), it never answers stale.
 * - A write decides on the cached copy and appends guarded by (game, version, seats revision): a
 *   copy that was behind loses the append, catches up and decides again (use-cases/moves.ts).
 * - Catching up folds the stored events (`evolve`); it never decides a move again. Where a snapshot
 *   was stored, the copy's canonical hash must equal the snapshot's: a copy that differs (two builds
 *   that evolve differently) is dropped and rebuilt from the log.
 * - Within a process, a copy is changed only under the game's lock (catch-ups, commits), and a load
 *   that finishes after a newer copy was cached never replaces it.
 */
export class Sessions {
  private readonly cache: LRUCache<string, Session>;
  /** SHA-256 of each seat token of the cached games -> its game: valid tokens known without a store read. */
  private readonly tokenIndex = new Map<string, string>();
  /** Stamp reads not sent yet, by game: reads of one game in the same turn of the event loop share one statement. */
  private readonly stampReads = new Map<string, Promise<{ version: number; seatsRev: number } | null>>();

  constructor(
    private readonly store: GameStore,
    private readonly registry: GameRegistry,
    private readonly locks: KeyedMutex,
    cacheSize: number,
  ) {
    this.cache = new LRUCache<string, Session>({
      max: Math.max(1, cacheSize),
      dispose: (s, id) => {
        for (const hash of s.seatByTokenHash.keys()) if (this.tokenIndex.get(hash) === id) this.tokenIndex.delete(hash);
      },
    });
  }

  /** A session a commit just moved on is the game's newest copy here: it must be the cached one. */
  committed(s: Session): void {
    if (this.cache.peek(s.row.id) !== s) this.remember(s);
  }

  /** The cached session, if any, without touching the store or the LRU order. */
  peek(gameId: string): Session | undefined {
    return this.cache.peek(gameId);
  }

  /** Whether a token hash is a seat token of a game this process holds. */
  knows(tokenHash: string): boolean {
    return this.tokenIndex.has(tokenHash);
  }

  /**
   * The cached session as it is (for a write, which the store's guard checks), or the game loaded
   * from its latest snapshot and the moves after it. A waiting game's seats are read again: the
   * lobby may have filled it.
   */
  async get(gameId: string): Promise<Session> {
    const cached = this.cache.get(gameId);
    if (cached) return cached.row.status === 'waiting' ? this.reloadSeats(cached) : cached;
    if (!isUuid(gameId)) throw AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: gameId });
    return this.remember(await this.load(gameId));
  }

  /** A session checked against the stored version and seats, and caught up when it was behind. */
  async fresh(gameId: string, lock = true): Promise<Session> {
    const s = this.cache.get(gameId);
    if (!s) return this.get(gameId); // loaded now: as current as the store
    const stamp = await this.stampOf(gameId);
    if (stamp === null) {
      this.forget(gameId);
      throw AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: gameId });
    }
    const seatsChanged = stamp.seatsRev !== (s.row.seatsRev ?? 0);
    if (stamp.version === s.version && !seatsChanged) return s;
    const catchUp = () => this.catchUp(s, seatsChanged);
    return lock ? this.locks.run(gameId, catchUp) : catchUp();
  }

  /**
   * The game's stored version and seats revision, read by one statement for every read of the game
   * that asks in the same turn of the event loop (concurrent requests for one game). A read joins only
   * a statement not sent yet, so what it gets was read after it asked: it sees every move answered
   * before it (the guarantee above).
   */
  private stampOf(gameId: string): Promise<{ version: number; seatsRev: number } | null> {
    const pending = this.stampReads.get(gameId);
    if (pending) return pending;
    const read = new Promise<{ version: number; seatsRev: number } | null>((resolve, reject) => {
      setImmediate(() => {
        this.stampReads.delete(gameId);
        this.store.getStamp(gameId).then(resolve, reject);
      });
    });
    this.stampReads.set(gameId, read);
    return read;
  }

  private async load(gameId: string): Promise<Session> {
    const row = await this.store.getGame(gameId);
    if (!row) throw AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: gameId });
    const game = this.registry.version(row.type, row.engineVersion);
    if (!game) {
      throw AppError.of('ENGINE_VERSION_UNSUPPORTED', 'ENGINE_VERSION_UNSUPPORTED.game', {
        id: gameId,
        type: row.type,
        version: row.engineVersion,
        versions: this.registry.versions(row.type).join(', '),
        count: this.registry.versions(row.type).length,
      });
    }
    const snap = await this.store.latestSnapshot(gameId, row.version);
    const base = snap ? snap.state : game.setup({ players: row.playerCount, options: row.options, seed: row.seed });
    const moves = await this.store.readMoves(gameId, snap?.version ?? 0, row.version);
    const version = moves.at(-1)?.version ?? snap?.version ?? 0;
    const s = this.create(
      row,
      game,
      fold(
        game,
        base,
        moves.flatMap((m) => m.events),
      ),
      version,
    );
    // A move may have committed between the header's read and the log's: the header follows the log.
    return version === row.version ? s : this.reloadSeats(s);
  }

  create(row: GameRow, game: AnyGame, state: unknown, version: number): Session {
    return { row, game, state, version, seatByTokenHash: seatMap(row.seats) };
  }

  /**
   * Caches a session. A load that finishes when this process already holds a copy as new keeps
   * that copy: it may be the one a move is being decided on under the game's lock, and that move's
   * commit updates it.
   */
  remember(s: Session): Session {
    const held = this.cache.peek(s.row.id);
    if (
      held &&
      held !== s &&
      (held.version > s.version || (held.version === s.version && (held.row.seatsRev ?? 0) >= (s.row.seatsRev ?? 0)))
    )
      return held;
    this.cache.set(s.row.id, s);
    for (const hash of s.seatByTokenHash.keys()) this.tokenIndex.set(hash, s.row.id);
    return s;
  }

  /**
   * Brings a session up to the stored log by folding the events of the moves it missed, and reads
   * the game's header again when the seats may have changed (`seatsChanged`, or a resignation among
   * those moves). A copy whose state differs from a stored snapshot's is dropped and loaded again.
   * Callers hold the game's lock.
   */
  async catchUp(s: Session, seatsChanged = true): Promise<Session> {
    const moves = await this.store.readMoves(s.row.id, s.version);
    if (moves.length > 0) {
      const state = foldChecked(s.game, s.state, moves);
      if (state === undefined) {
        this.forget(s.row.id);
        return this.remember(await this.load(s.row.id));
      }
      s.state = state;
      s.version = moves.at(-1)!.version;
    }
    if (seatsChanged || moves.some((m) => m.origin === 'resign')) return this.reloadSeats(s);
    if (moves.length > 0)
      s.row = {
        ...s.row,
        version: s.version,
        ...standing(s.game, s.state, s.row.seats, s.version, s.row.status === 'expired'),
        updatedAt: moves.at(-1)!.createdAt,
      };
    return s;
  }

  /** Reads the game's header again: its seats (joined, left, resigned, reissued tokens) and standing. */
  async reloadSeats(s: Session): Promise<Session> {
    const row = await this.store.getGame(s.row.id);
    if (!row) {
      this.forget(s.row.id);
      throw AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: s.row.id });
    }
    s.row = { ...row, version: s.version, ...standing(s.game, s.state, row.seats, s.version, row.status === 'expired') };
    s.seatByTokenHash = seatMap(row.seats);
    if (this.cache.peek(s.row.id) === s) for (const hash of s.seatByTokenHash.keys()) this.tokenIndex.set(hash, s.row.id);
    return s;
  }

  /** Forgets a cached game, and its tokens in the rate limiter's index. */
  forget(gameId: string): void {
    this.cache.delete(gameId);
  }

  clear(): void {
    this.cache.clear();
  }
}

/**
 * Folds stored moves' events onto a state, checking the state against each stored snapshot's hash
 * on the way: undefined when one differs.
 */
function foldChecked(game: AnyGame, state: unknown, moves: StoredMove[]): unknown {
  for (const m of moves) {
    state = fold(game, state, m.events);
    if (m.stateHash !== undefined && canonicalHash(state) !== m.stateHash) return undefined;
  }
  return state;
}

/** Seat tokens and the tokens of the players bound to seats, to the seat they act for. */
export const seatMap = (seats: SeatRow[]) =>
  new Map(
    seats.flatMap((x) => [
      ...(x.tokenHash ? [[x.tokenHash, x.seat] as const] : []),
      ...(x.playerTokenHash ? [[x.playerTokenHash, x.seat] as const] : []),
    ]),
  );
