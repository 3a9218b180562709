import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { CommitFeed, FeedListener } from '../app/cache-trust.js';

export const COMMIT_CHANNEL = 'citybuilder_commits';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_800;

export interface PgCommitFeedOptions {
  /** How often the feed proves it still receives: it notifies itself and expects it back in time. */
  heartbeatMs?: number;
  /** How long `publish` waits for its own announcement to come back before resolving anyway. */
  echoTimeoutMs?: number;
  /** Delay before reconnecting after the connection is lost. */
  reconnectMs?: number;
  log?: (msg: string) => void;
}

/**
 * Commits announced between server processes over Postgres LISTEN/NOTIFY, on one connection per
 * process (which both listens and sends).
 *
 * A commit is announced right after it commits, not inside its transaction: a NOTIFY inside the
 * move's transaction takes Postgres's global notify lock through the commit's WAL flush, which
 * serialises every committing move (pgbench, 16 clients: see BENCHMARKS.md). Announcements queued
 * while another is being sent go out together in one statement, several per payload. The sending
 * session runs with synchronous_commit off: a notification has nothing to make durable.
 *
 * `publish` resolves when the process's own batch comes back on its listening connection: Postgres
 * signals every listener of a commit together and delivers in commit order, so by then the other
 * processes' connections have it too (their Node processes may still have to read it: a narrow race
 * that BENCHMARKS.md counts). It resolves after `echoTimeoutMs` at the latest.
 *
 * Payload: `<sender>|<batch>|<gameId>:<version>,<gameId>:<version>...`; a process applies only others'.
 */
export class PgCommitFeed implements CommitFeed {
  live = false;
  epoch = 0;
  private client: pg.Client | null = null;
  private readonly listeners: FeedListener[] = [];
  private readonly sender = randomBytes(6).toString('base64url');
  private queue: string[] = [];
  /** Resolved when the queued announcements have come back to this process (or were given up on). */
  private waiters: (() => void)[] = [];
  private batchSeq = 0;
  /** Batches sent and not yet received back, by sequence number. */
  private echoes = new Map<number, () => void>();
  private sending = false;
  private closed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private pingSent = 0;
  private pingSeen = 0;
  private readonly heartbeatMs: number;
  private readonly reconnectMs: number;

  constructor(
    private readonly url: string,
    private readonly opts: PgCommitFeedOptions = {},
  ) {
    this.heartbeatMs = opts.heartbeatMs ?? 5_000;
    this.reconnectMs = opts.reconnectMs ?? 1_000;
  }

  /** Connects and listens. Never throws: while not listening, the service just trusts no cache. */
  async start(): Promise<void> {
    await this.connect();
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  subscribe(listener: FeedListener): void {
    this.listeners.push(listener);
  }

  publish(gameId: string, version: number): Promise<void> {
    this.queue.push(`${gameId}:${version}`);
    const sent = new Promise<void>((resolve) => this.waiters.push(resolve));
    void this.flush();
    return sent;
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const c = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: 'citybuilder-commit-feed' });
    c.on('error', () => this.lost(c));
    c.on('end', () => this.lost(c));
    c.on('notification', (n) => this.received(n.channel, n.payload ?? ''));
    try {
      await c.connect();
      await c.query('SET synchronous_commit = off');
      await c.query(`LISTEN ${COMMIT_CHANNEL}`);
    } catch (err) {
      this.opts.log?.(`commit feed: cannot listen (${(err as Error).message}); retrying`);
      c.removeAllListeners('end');
      void c.end().catch(() => undefined);
      this.schedule();
      return;
    }
    if (this.closed) {
      await c.end().catch(() => undefined);
      return;
    }
    this.client = c;
    this.pingSent = this.pingSeen = 0;
    // A new epoch: reads made before this point may have missed commits nobody told us about.
    this.epoch++;
    this.live = true;
    void this.flush();
  }

  /** The connection is gone or deaf: untrust everything, reconnect. */
  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    this.live = false;
    this.epoch++;
    for (const l of this.listeners) l.reset();
    c.removeAllListeners('end');
    void c.end().catch(() => undefined);
    if (!this.closed) this.opts.log?.('commit feed: connection lost; every cached game is checked against the store until it is back');
    this.schedule();
  }

  private schedule(): void {
    if (this.closed || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      void this.connect();
    }, this.reconnectMs);
    this.reconnect.unref();
  }

  /** Each beat checks that the previous ping came back, then sends the next one. */
  private beat(): void {
    const c = this.client;
    if (!c || !this.live) return;
    if (this.pingSent > this.pingSeen) {
      this.opts.log?.('commit feed: heartbeat not received back');
      this.lost(c);
      return;
    }
    this.pingSent++;
    c.query('SELECT pg_notify($1, $2)', [COMMIT_CHANNEL, `${this.sender}|ping`]).catch(() => this.lost(c));
  }

  private received(channel: string, payload: string): void {
    if (channel !== COMMIT_CHANNEL) return;
    const bar = payload.indexOf('|');
    const from = payload.slice(0, bar);
    const body = payload.slice(bar + 1);
    if (body === 'ping') {
      if (from === this.sender) this.pingSeen = this.pingSent;
      return;
    }
    const bar2 = body.indexOf('|');
    if (from === this.sender) {
      // Our own batch came back: every listener was signalled together with us, in commit order.
      const seq = Number(body.slice(0, bar2));
      for (const [n, done] of this.echoes) if (n <= seq) done();
      return;
    }
    for (const entry of body.slice(bar2 + 1).split(',')) {
      const colon = entry.lastIndexOf(':');
      const id = entry.slice(0, colon);
      const version = Number(entry.slice(colon + 1));
      if (!id || !Number.isInteger(version)) continue;
      for (const l of this.listeners) l.commit(id, version);
    }
  }

  /** Sends every queued announcement in one statement; what queues meanwhile goes next. */
  private async flush(): Promise<void> {
    const c = this.client;
    if (this.sending || !c || !this.live || this.queue.length === 0) return;
    this.sending = true;
    const batch = this.queue;
    const waiters = this.waiters;
    this.queue = [];
    this.waiters = [];
    const payloads: string[] = [];
    let cur = '';
    for (const e of batch) {
      if (cur && cur.length + e.length + 1 > MAX_PAYLOAD) {
        payloads.push(cur);
        cur = '';
      }
      cur = cur ? `${cur},${e}` : e;
    }
    if (cur) payloads.push(cur);
    const seq = ++this.batchSeq;
    const timer = setTimeout(() => done(), this.opts.echoTimeoutMs ?? 100);
    const done = () => {
      clearTimeout(timer);
      this.echoes.delete(seq);
      for (const w of waiters) w();
    };
    this.echoes.set(seq, done);
    try {
      await c.query('SELECT pg_notify($1, $2 || p) FROM unnest($3::text[]) AS p', [COMMIT_CHANNEL, `${this.sender}|${seq}|`, payloads]);
    } catch {
      // Not sent: keep them for the next connection. (Others untrust their caches when *their*
      // connection drops; a sender's failure alone is covered by the trust horizon.)
      this.queue = [...batch, ...this.queue];
      done(); // nobody waits for a reconnection
      this.sending = false;
      this.lost(c);
      return;
    }
    this.sending = false;
    if (this.queue.length) void this.flush();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnect);
    // Announcements still queued go out before the connection closes.
    for (let i = 0; i < 50 && this.live && (this.sending || this.queue.length); i++) await new Promise((r) => setTimeout(r, 10));
    const c = this.client;
    this.client = null;
    this.live = false;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
    }
  }
}
