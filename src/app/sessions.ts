import { applyMove, fold, type AnyGame, type GameEvent, type Move } from '../engine/index.js';
import type { GameRegistry } from '../games/registry.js';
import type { GameRow, GameStore, SeatRow } from '../store/types.js';
import { CacheTrust, type CommitFeed, type Mark } from './cache-trust.js';
import { AppError } from './errors.js';
import { standing } from './lobby/standing.js';
import type { KeyedMutex } from './mutex.js';
import type { Session } from './service-types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The games this process holds in memory (an LRU of sessions): loading a game from its latest
 * snapshot and the moves after it, catching up on what other processes appended, and knowing when
 * a cached game may be served without asking the store (cache-trust.ts, fed by the commit feed).
 * The game service decides and appends; this keeps its view of the store current.
 */
export class Sessions {
  private readonly cache = new Map<string, Session>();
  /** SHA-256 of each seat token of the cached games -> its game: valid tokens known without a store read. */
  private readonly tokenIndex = new Map<string, string>();
  readonly trust: CacheTrust;

  constructor(
    private readonly store: GameStore,
    private readonly registry: GameRegistry,
    private readonly locks: KeyedMutex,
    private readonly cacheSize: number,
    feed: CommitFeed | null,
    cacheTrustMs: number,
  ) {
    this.trust = new CacheTrust(feed, cacheTrustMs, (id) => this.cache.get(id), (id) => this.cache.delete(id));
  }

  /** A session a commit just moved on is the game's newest copy here: it must be the cached one. */
  committed(s: Session): void {
    if (this.cache.get(s.row.id) !== s) this.remember(s);
  }

  /** The cached session, if any, without touching the store or the LRU order. */
  peek(gameId: string): Session | undefined {
    return this.cache.get(gameId);
  }

  /** Whether a token hash is a seat token of a game this process holds. */
  knows(tokenHash: string): boolean {
    return this.tokenIndex.has(tokenHash);
  }

  /** The cached session, or the game loaded from its latest snapshot and the moves after it. */
  async get(gameId: string): Promise<Session> {
    const cached = this.cache.get(gameId);
    if (cached) {
      this.cache.delete(gameId);
      this.cache.set(gameId, cached); // most recently used last
      return cached.row.status === 'waiting' ? this.reloadSeats(cached) : cached; // the lobby may have filled it
    }
    if (!UUID.test(gameId)) throw new AppError('NOT_FOUND', `no game ${gameId}`);
    const mark = this.trust.begin(gameId);
    try {
      return this.remember(await this.load(gameId), mark);
    } finally {
      this.trust.end(mark);
    }
  }

  private async load(gameId: string): Promise<Session> {
    const row = await this.store.getGame(gameId);
    if (!row) throw new AppError('NOT_FOUND', `no game ${gameId}`);
    const game = this.registry.version(row.type, row.engineVersion);
    if (!game) {
      throw new AppError('ENGINE_VERSION_UNSUPPORTED', `game ${gameId} was started under ${row.type} engine version ${row.engineVersion}, which this server no longer has (it has ${this.registry.versions(row.type).join(', ') || 'none'})`);
    }
    const snap = await this.store.latestSnapshot(gameId, row.version);
    const base = snap ? snap.state : game.setup({ players: row.playerCount, options: row.options, seed: row.seed });
    const moves = await this.store.readMoves(gameId, snap?.version ?? 0, row.version);
    const events = moves.flatMap((m) => m.events);
    const eventCount = snap ? await this.store.countEvents(gameId, row.version) : events.length;
    return this.create(row, game, fold(game, base, events), row.version, eventCount);
  }

  create(row: GameRow, game: AnyGame, state: unknown, version: number, eventCount: number): Session {
    return { row, game, state, version, eventCount, seatByTokenHash: seatMap(row.seats), trust: null };
  }

  /**
   * Caches a session; `mark`: the store read it came from, which may make it trusted. A load that
   * finishes when this process already holds a copy as new keeps that copy: it may be the one a
   * move is being decided on under the game's lock, and that move's commit updates it.
   */
  remember(s: Session, mark?: Mark): Session {
    const held = this.cache.get(s.row.id);
    if (held && held !== s && (held.version > s.version || (held.version === s.version && (held.row.seatsRev ?? 0) >= (s.row.seatsRev ?? 0)))) {
      if (mark) this.trust.end(mark);
      return held;
    }
    if (mark) this.trust.settle(s, mark);
    this.cache.set(s.row.id, s);
    for (const hash of s.seatByTokenHash.keys()) this.tokenIndex.set(hash, s.row.id);
    while (this.cache.size > this.cacheSize) this.forget(this.cache.keys().next().value!);
    return s;
  }

  /**
   * Brings a cached session up to the stored version and seats (another server process may have
   * moved). `seatsUnchanged`: the caller knows the seats did not change (the stored seats revision
   * is the cached one, or an announced commit is all that happened), so the game's header is read
   * again only if a caught-up entry is a resignation; one statement instead of two.
   */
  async catchUp(s: Session, seatsUnchanged = false): Promise<Session> {
    if (seatsUnchanged && s.trust && this.replayAnnounced(s, s.trust.announced)) return s;
    const moves = await this.store.readMoves(s.row.id, s.version);
    if (moves.length > 0) {
      const events = moves.flatMap((m) => m.events);
      s.state = fold(s.game, s.state, events);
      s.version = moves[moves.length - 1]!.version;
      s.eventCount += events.length;
    }
    if (!seatsUnchanged || moves.some((m) => m.origin === 'resign')) return this.reloadSeats(s);
    if (moves.length > 0) s.row = { ...s.row, version: s.version, ...standing(s.game, s.state, s.row.seats, s.version), updatedAt: moves[moves.length - 1]!.createdAt ?? new Date() };
    return s;
  }

  /**
   * Catches up with the entries other processes announced (cache-trust.ts), replaying them on the
   * cached state instead of reading them: the engines are deterministic, so the state is the one
   * the log holds (the property tests' "replay equals live"). False if one is missing or refused.
   */
  private replayAnnounced(s: Session, to: number): boolean {
    const entries = to === Infinity ? null : this.trust.announcedBetween(s.row.id, s.version, to);
    if (!entries) return false;
    let state = s.state;
    const events: GameEvent[] = [];
    for (const e of entries) {
      const r = applyMove(s.game, state, e.move as Move, e.seat);
      if (!r.ok) return false;
      state = r.value.state;
      events.push(...r.value.events);
    }
    s.state = state;
    s.version = to;
    s.eventCount += events.length;
    s.row = { ...s.row, version: to, ...standing(s.game, state, s.row.seats, to), updatedAt: new Date() };
    return true;
  }

  /** Reads the game's header again: its seats (joined, left, resigned, reissued tokens) and standing. */
  async reloadSeats(s: Session): Promise<Session> {
    const row = await this.store.getGame(s.row.id);
    if (!row) {
      this.forget(s.row.id);
      throw new AppError('NOT_FOUND', `no game ${s.row.id}`);
    }
    s.row = { ...row, version: s.version, ...standing(s.game, s.state, row.seats, s.version) };
    s.seatByTokenHash = seatMap(row.seats);
    for (const hash of s.seatByTokenHash.keys()) this.tokenIndex.set(hash, s.row.id);
    return s;
  }

  /**
   * A current session: a trusted cached game as it is (no store read; cache-trust.ts), otherwise
   * checked against the store's version and seats first, or caught up directly when another
   * process announced a newer version.
   */
  async fresh(gameId: string, lock = true): Promise<Session> {
    const s = await this.get(gameId);
    if (this.trust.isCurrent(s)) return s;
    const mark = this.trust.begin(gameId);
    try {
      const behind = this.trust.behind(s);
      const stamp = behind ? null : await this.store.getStamp(gameId);
      if (!behind && stamp === null) {
        this.forget(gameId);
        throw new AppError('NOT_FOUND', `no game ${gameId}`);
      }
      const sameSeats = behind || stamp!.seatsRev === (s.row.seatsRev ?? 0);
      const same = !behind && sameSeats && stamp!.version === s.version;
      const current = same ? s : lock ? await this.locks.run(gameId, () => this.catchUp(s, sameSeats)) : await this.catchUp(s, sameSeats);
      this.trust.settle(current, mark);
      return current;
    } finally {
      this.trust.end(mark);
    }
  }

  /**
   * The lobby changed a game's seats (a join, a leave, a reissued token): this process forgets it,
   * and every other process is told to drop its copy (the commit feed's announcement).
   */
  async seatsChanged(gameId: string): Promise<void> {
    this.forget(gameId);
    this.trust.committedHere(gameId, Infinity); // a load in flight read the old seats
    await this.trust.published(gameId, -1);
  }

  /** Forgets a cached game, and its tokens in the rate limiter's index. */
  forget(gameId: string): void {
    for (const hash of this.cache.get(gameId)?.seatByTokenHash.keys() ?? []) this.tokenIndex.delete(hash);
    this.cache.delete(gameId);
    this.trust.dropped(gameId);
  }

  clear(): void {
    for (const id of this.cache.keys()) this.trust.dropped(id);
    this.cache.clear();
    this.tokenIndex.clear();
  }
}

/** Seat tokens and the tokens of the players bound to seats, to the seat they act for. */
export const seatMap = (seats: SeatRow[]) => new Map(seats.flatMap((x) => [...(x.tokenHash ? [[x.tokenHash, x.seat] as const] : []), ...(x.playerTokenHash ? [[x.playerTokenHash, x.seat] as const] : [])]));
