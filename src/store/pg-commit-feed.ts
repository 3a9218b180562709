import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { CommitFeed, FeedListener } from '../app/cache-trust.js';

export const COMMIT_CHANNEL = 'citybuilder_commits';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_800;

export interface PgCommitFeedOptions {
  /** How often the feed proves it still receives: it notifies itself and expects it back in time. */
  heartbeatMs?: number;
  /** How long `publish` waits for the other processes' acknowledgements before resolving anyway. */
  echoTimeoutMs?: number;
  /** How long after it starts listening a process waits before it trusts (the others learn of it meanwhile). */
  settleMs?: number;
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
 * Read-your-writes across processes: `publish` resolves once every other live process has
 * *acknowledged* the batch, that is, has handed it to its listeners (cache-trust.ts marks the games
 * behind) and sent back `<sender>|ack|<to>:<batch>,...`. A client that got its answer from one
 * process and reads from another therefore finds the announcement there already. The processes
 * know one another from their heartbeats (each pings the channel every `heartbeatMs`; a process
 * not heard from for three beats is no longer waited for), and a new process trusts nothing for
 * `settleMs` after it starts listening, so that every other process has heard its first ping before
 * it could serve a trusted read. A batch nobody acknowledges within `echoTimeoutMs` resolves anyway
 * (a frozen process does not stall the others' writes); with no other process nothing is sent.
 *
 * Payloads: `<sender>|<batch>|<gameId>:<version>[ <entry JSON>]` one per line (announcements; the
 * entry, when small, lets the others replay the move instead of reading it), `<sender>|ping`,
 * `<sender>|ack|<to>:<batch>,...`; a process applies only others' announcements.
 */
export class PgCommitFeed implements CommitFeed {
  /** Listening, and known to the other processes (see `settleMs`): cached games may be trusted. */
  live = false;
  epoch = 0;
  /** Other processes, by sender id: when each was last heard from (performance.now()). */
  private readonly peers = new Map<string, number>();
  /** Acknowledgements to send: announcing process -> the newest batch of it handed to the listeners. */
  private acks = new Map<string, number>();
  private ackScheduled = false;
  private settle: NodeJS.Timeout | undefined;
  /** The last statement sent on the connection: the next one waits for it. */
  private tail: Promise<unknown> = Promise.resolve();
  private client: pg.Client | null = null;
  private readonly listeners: FeedListener[] = [];
  private readonly sender = randomBytes(6).toString('base64url');
  private queue: string[] = [];
  /** Resolved when the queued announcements have come back to this process (or were given up on). */
  private waiters: (() => void)[] = [];
  private batchSeq = 0;
  /** Batches sent and not yet acknowledged by every peer, by sequence number. */
  private echoes = new Map<number, { waiting: Set<string>; done: () => void }>();
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

  publish(gameId: string, version: number, move?: string): Promise<void> {
    // Nobody else listens: nobody to tell. (A process that starts now trusts nothing before this
    // one has heard its first ping, and its reads until then check the store: nothing is missed.
    // Until this process has settled itself, it may not know of the others yet: it always sends.)
    if (this.live && this.peers.size === 0) return Promise.resolve();
    this.queue.push(move === undefined ? `${gameId}:${version}` : `${gameId}:${version} ${move}`);
    if (!this.client) return Promise.resolve(); // sent on the next connection; nobody waits for it
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
    this.tail = Promise.resolve();
    this.pingSent = this.pingSeen = 0;
    // A new epoch: reads made before this point may have missed commits nobody told us about.
    this.epoch++;
    // Announce ourselves at once, and trust nothing until the others have surely heard it: a process
    // that committed before it knew of us would not have waited for our acknowledgement.
    this.ping(c);
    const epoch = this.epoch;
    void this.flush();
    this.settle = setTimeout(() => {
      if (this.client === c && this.epoch === epoch) this.live = true;
    }, this.opts.settleMs ?? 250);
    this.settle.unref();
  }

  /** One statement at a time on the feed's connection (pings, acknowledgements and batches queue here). */
  private send(c: pg.Client, text: string, values: unknown[]): Promise<unknown> {
    const sent = this.tail.then(() => c.query(text, values));
    this.tail = sent.catch(() => undefined);
    return sent;
  }

  private ping(c: pg.Client): void {
    this.pingSent++;
    this.send(c, 'SELECT pg_notify($1, $2)', [COMMIT_CHANNEL, `${this.sender}|ping`]).catch(() => this.lost(c));
  }

  /** The connection is gone or deaf: untrust everything, reconnect. */
  private lost(c: pg.Client): void {
    if (this.client !== c) return;
    this.client = null;
    this.live = false;
    this.epoch++;
    clearTimeout(this.settle);
    for (const e of this.echoes.values()) e.done(); // nobody waits for a reconnection
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
    if (!c) return;
    if (this.pingSent > this.pingSeen) {
      this.opts.log?.('commit feed: heartbeat not received back');
      this.lost(c);
      return;
    }
    const silent = performance.now() - 3 * this.heartbeatMs;
    for (const [peer, seen] of this.peers) if (seen < silent) this.forgetPeer(peer);
    this.ping(c);
  }

  /** A peer went silent: stop waiting for it. */
  private forgetPeer(peer: string): void {
    this.peers.delete(peer);
    for (const e of this.echoes.values()) this.acked(e, peer);
  }

  private acked(e: { waiting: Set<string>; done: () => void }, peer: string): void {
    if (e.waiting.delete(peer) && e.waiting.size === 0) e.done();
  }

  private received(channel: string, payload: string): void {
    if (channel !== COMMIT_CHANNEL) return;
    const bar = payload.indexOf('|');
    const from = payload.slice(0, bar);
    const body = payload.slice(bar + 1);
    if (from === this.sender) {
      if (body === 'ping') this.pingSeen = this.pingSent;
      return;
    }
    if (!this.peers.has(from)) {
      this.opts.log?.(`commit feed: another process listens (${from})`);
      // A newcomer's first ping: answer with ours, so that it knows of this process at once.
      if (body === 'ping' && this.client) this.ping(this.client);
    }
    this.peers.set(from, performance.now());
    if (body === 'ping') return;
    const bar2 = body.indexOf('|');
    const head = body.slice(0, bar2);
    if (head === 'ack') {
      for (const entry of body.slice(bar2 + 1).split(',')) {
        const colon = entry.lastIndexOf(':');
        if (entry.slice(0, colon) !== this.sender) continue;
        const seq = Number(entry.slice(colon + 1));
        for (const [n, e] of this.echoes) if (n <= seq) this.acked(e, from);
      }
      return;
    }
    for (const entry of body.slice(bar2 + 1).split('\n')) {
      const space = entry.indexOf(' ');
      const head = space < 0 ? entry : entry.slice(0, space);
      const colon = head.lastIndexOf(':');
      const id = head.slice(0, colon);
      const version = Number(head.slice(colon + 1));
      if (!id || !Number.isInteger(version)) continue;
      for (const l of this.listeners) l.commit(id, version, space < 0 ? null : entry.slice(space + 1));
    }
    // The listeners have the whole batch (its last payload has no '+'): tell the sender, in one
    // statement for everything received this turn.
    if (head.endsWith('+')) return;
    this.acks.set(from, Math.max(this.acks.get(from) ?? 0, Number(head)));
    if (!this.ackScheduled) {
      this.ackScheduled = true;
      setImmediate(() => this.sendAcks());
    }
  }

  private sendAcks(): void {
    this.ackScheduled = false;
    const c = this.client;
    if (!c || this.acks.size === 0) return;
    const body = [...this.acks].map(([to, seq]) => `${to}:${seq}`).join(',');
    this.acks = new Map();
    this.send(c, 'SELECT pg_notify($1, $2)', [COMMIT_CHANNEL, `${this.sender}|ack|${body}`]).catch(() => this.lost(c));
  }

  /** Sends every queued announcement in one statement; what queues meanwhile goes next. */
  private async flush(): Promise<void> {
    const c = this.client;
    if (this.sending || !c || this.queue.length === 0) return;
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
      cur = cur ? `${cur}\n${e}` : e;
    }
    if (cur) payloads.push(cur);
    const seq = ++this.batchSeq;
    const timer = setTimeout(() => done(), this.opts.echoTimeoutMs ?? 250);
    const done = () => {
      clearTimeout(timer);
      this.echoes.delete(seq);
      for (const w of waiters) w();
    };
    const echo = { waiting: new Set(this.peers.keys()), done };
    this.echoes.set(seq, echo);
    try {
      const last = payloads.length - 1;
      const framed = payloads.map((p, i) => `${this.sender}|${seq}${i < last ? '+' : ''}|${p}`);
      await this.send(c, 'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, i) ORDER BY i', [COMMIT_CHANNEL, framed]);
    } catch {
      // Not sent: keep them for the next connection. (Others untrust their caches when *their*
      // connection drops; a sender's failure alone is covered by the trust horizon.)
      this.queue = [...batch, ...this.queue];
      done(); // nobody waits for a reconnection
      this.sending = false;
      this.lost(c);
      return;
    }
    if (echo.waiting.size === 0) done(); // nobody else listens
    this.sending = false;
    if (this.queue.length) void this.flush();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnect);
    clearTimeout(this.settle);
    // Announcements still queued go out before the connection closes.
    for (let i = 0; i < 50 && this.client && (this.sending || this.queue.length); i++) await new Promise((r) => setTimeout(r, 10));
    const c = this.client;
    this.client = null;
    this.live = false;
    if (c) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
    }
  }
}
