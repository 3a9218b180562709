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
  publish(gameId: string, version: number): Promise<void>;
  subscribe(listener: FeedListener): void;
  close(): Promise<void>;
}

export interface FeedListener {
  /** Another process committed `version` of the game (-1: reload it from the store). */
  commit(gameId: string, version: number): void;
  /** The feed lost its connection: notifications may have been missed. */
  reset(): void;
}

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

  constructor(
    private readonly feed: CommitFeed | null,
    private readonly trustMs: number,
    /** The cached game of this id, if any (announcements update it directly). */
    private readonly lookup: (id: string) => Trusted | undefined,
    /** Drops a cached game (an announcement of -1). */
    private readonly evict: (id: string) => void,
  ) {
    feed?.subscribe({
      commit: (id, version) => {
        const v = version < 0 ? Infinity : version;
        const s = this.lookup(id);
        if (s?.trust) s.trust.announced = Math.max(s.trust.announced, v);
        if (version < 0) this.evict(id);
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
  published(gameId: string, version: number): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return this.feed!.publish(gameId, version);
  }
}
