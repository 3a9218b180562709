/**
 * When a cached game may be served without asking the database.
 *
 * Several server processes share one database. A process learns of the others' commits through a
 * `CommitFeed` (src/store/pg-commit-feed.ts: Postgres LISTEN/NOTIFY). A cached game is *trusted*
 * (read with no database round trip) only while all of these hold:
 *
 * - the feed is live, and has stayed connected (same `epoch`) since a database read of the game
 *   that started after the feed was listening: a lost connection may have lost notifications, so
 *   it untrusts every cached game at once;
 * - no commit of a newer version was announced for it, neither after that read nor while it ran
 *   (an open `Mark` collects the announcements that arrive during a read);
 * - that read is less than `trustMs` old. Commits are announced right after they commit; a process
 *   that dies between its commit and its announcement leaves the others stale for at most this
 *   long, after which they check the stored version again (one primary-key read, as without a feed).
 *
 * Without a feed nothing is ever trusted, and every read checks the stored version (the behaviour
 * without this module). Writes never rely on trust: the store's version guard decides every race.
 */

/** Commits announced between processes. `version` -1: the game changed otherwise or is gone (reload it). */
export interface CommitFeed {
  /** Listening, and known to the other processes: cached games may be trusted. */
  readonly live: boolean;
  /** Changes each time the feed connects or loses its connection. */
  readonly epoch: number;
  /**
   * Announces a commit of this process to the others (after it committed). Resolves once every
   * other listening process has taken it in (or it could not be sent, or a process did not answer).
   */
  publish(gameId: string, version: number, move?: string): Promise<void>;
  subscribe(listener: FeedListener): void;
  close(): Promise<void>;
}

export interface FeedListener {
  /**
   * Another process committed `version` of the game (-1: reload it from the store). `move`: the
   * entry that made that version (JSON of `AnnouncedMove`), when it was small enough to announce.
   */
  commit(gameId: string, version: number, move: string | null): void;
  /** The feed lost its connection: notifications may have been missed. */
  reset(): void;
}

/** A log entry as announced: enough to replay it on the previous version (the engines are deterministic). */
export interface AnnouncedMove {
  seat: number;
  move: unknown;
  origin: string;
}

/** Larger entries are announced without the move (the others read it from the store). */
const MAX_MOVE_CHARS = 1_500;

/** Announced entries kept per cached game at most (beyond, catching up reads the store). */
const MAX_KEPT = 16;

/** What a cached game carries about its trust. */
export interface Trust {
  epoch: number;
  /** performance.now() when a database read last confirmed the cached version. */
  at: number;
  /** The newest version announced by another process (Infinity: reload). */
  announced: number;
}

export interface Trusted {
  version: number;
  trust: Trust | null;
}

/** A database read of one game in progress: collects announcements that arrive during it. */
export interface Mark {
  id: string;
  epoch: number;
  live: boolean;
  announced: number;
}

export class CacheTrust {
  private readonly open = new Map<string, Set<Mark>>();
  /** Entries other processes announced for cached games, by game, then by the version they made. */
  private readonly announcedMoves = new Map<string, Map<number, string>>();

  constructor(
    private readonly feed: CommitFeed | null,
    private readonly trustMs: number,
    /** The cached game of this id, if any (announcements update it directly). */
    private readonly lookup: (id: string) => Trusted | undefined,
    /** Drops a cached game (an announcement of -1). */
    private readonly evict: (id: string) => void,
  ) {
    feed?.subscribe({
      commit: (id, version, move) => {
        const v = version < 0 ? Infinity : version;
        const s = this.lookup(id);
        if (s?.trust) s.trust.announced = Math.max(s.trust.announced, v);
        if (version < 0) {
          this.evict(id);
          this.announcedMoves.delete(id);
        } else if (move !== null && s) this.keep(id, version, move);
        this.announce(id, v);
      },
      reset: () => {
        // Every trust carries the old epoch: nothing cached is trusted until read again.
      },
    });
  }

  get enabled(): boolean {
    return this.feed !== null && this.trustMs > 0;
  }

  /** Whether the cached game may be served as the current one without asking the store. */
  isCurrent(s: Trusted): boolean {
    const t = s.trust;
    const f = this.feed;
    return !!t && !!f && f.live && t.epoch === f.epoch && t.announced <= s.version && performance.now() - t.at < this.trustMs;
  }

  /** Another process announced a newer version than the cached one: catch up before using it. */
  behind(s: Trusted): boolean {
    return !!s.trust && s.trust.announced > s.version && s.trust.announced !== Infinity;
  }

  /**
   * This process committed `version` of game `id` (Infinity: changed its seats): reads of the game
   * still in flight here started before it, so they must not be trusted as current when they land.
   */
  committedHere(id: string, version: number): void {
    this.announce(id, version);
  }

  private announce(id: string, version: number): void {
    for (const m of this.open.get(id) ?? []) m.announced = Math.max(m.announced, version);
  }

  private keep(id: string, version: number, move: string): void {
    let kept = this.announcedMoves.get(id);
    if (!kept) this.announcedMoves.set(id, (kept = new Map()));
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(version, move);
  }

  /**
   * The announced entries that take a game from version `from` to `to`, in order, if every one of
   * them was announced; null otherwise (then read the store). Forgets the game's entries up to `to`.
   */
  announcedBetween(id: string, from: number, to: number): AnnouncedMove[] | null {
    const kept = this.announcedMoves.get(id);
    if (!kept) return null;
    const out: AnnouncedMove[] = [];
    for (let v = from + 1; v <= to; v++) {
      const m = kept.get(v);
      if (m === undefined) break;
      out.push(JSON.parse(m) as AnnouncedMove);
    }
    for (const v of kept.keys()) if (v <= to) kept.delete(v);
    if (kept.size === 0) this.announcedMoves.delete(id);
    return out.length === to - from && to > from ? out : null;
  }

  /** The game left this process's cache: its announced entries are of no use. */
  dropped(id: string): void {
    this.announcedMoves.delete(id);
  }

  /** Call before reading game `id` from the store. */
  begin(id: string): Mark {
    const m: Mark = { id, epoch: this.feed?.epoch ?? -1, live: this.enabled && !!this.feed?.live, announced: -1 };
    if (!m.live) return m;
    let set = this.open.get(id);
    if (!set) this.open.set(id, (set = new Set()));
    set.add(m);
    return m;
  }

  /** Call after the read (success or not): stops collecting announcements for the mark. */
  end(m: Mark): void {
    const set = this.open.get(m.id);
    if (!set) return;
    set.delete(m);
    if (set.size === 0) this.open.delete(m.id);
  }

  /**
   * The read that began with `m` found the game at `s.version`: trust it from now if the feed stayed
   * up and nothing newer was announced meanwhile. Ends the mark.
   */
  settle(s: Trusted, m: Mark): void {
    this.end(m);
    const f = this.feed;
    const announced = Math.max(m.announced, s.trust?.announced ?? -1);
    if (!m.live || !f || !f.live || f.epoch !== m.epoch || announced === Infinity) {
      s.trust = null; // (Infinity: the seats changed during the read: the next read checks them)
      return;
    }
    s.trust = { epoch: m.epoch, at: performance.now(), announced };
  }

  /**
   * This process committed `version`: tell the others. Await it before answering the client, so
   * that a read the client sends next to another process finds the announcement there already (it
   * resolves when every other listening process acknowledged it: pg-commit-feed.ts): the answer
   * waits for about two more round trips, shared by every commit in the same batch.
   */
  published(gameId: string, version: number, entry?: AnnouncedMove): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const move = entry && entry.origin !== 'resign' ? JSON.stringify(entry) : undefined;
    return this.feed!.publish(gameId, version, move !== undefined && move.length <= MAX_MOVE_CHARS ? move : undefined);
  }
}
