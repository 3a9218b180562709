import mqemitter, { type MQEmitter, type Message } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';
import pg from 'pg';
import pgListen from 'pg-listen';
import type { GameService } from '../app/game-service.js';
import type { Fanout, Notice } from '../app/live.js';

// pg-listen is CommonJS with an ES-module default: Node's import gives the module, some loaders the function.
const createPostgresSubscriber = ((pgListen as unknown as { default?: unknown }).default ?? pgListen) as typeof pgListen.default;

/** The Postgres channel of live updates: payloads `<game>:<version>`, `<game>:seats`, or `*` (everyone resync). */
export const LIVE_CHANNEL = 'citybuilder_live';

/** The topic of a game's live updates on the emitters. */
export const topicOf = (gameId: string) => `game/${gameId}`;

export interface FanoutOptions {
  /** Redis for the fan-out; none: Postgres LISTEN/NOTIFY on the database. */
  redisUrl?: string;
  /** None (and no Redis): this process alone, as for the OpenAPI generator, which has no database. */
  databaseUrl?: string;
  log?: { warn(o: object, m: string): void; info(o: object, m: string): void };
}

/**
 * Live updates for every watcher on every server process (GraphQL subscriptions and the SSE
 * stream), through an engine made for it, never a protocol of ours: Postgres LISTEN/NOTIFY on the
 * same database (no REDIS_URL) or Redis pub/sub (REDIS_URL). After each commit the process
 * publishes `<game>:<version>`; every process re-emits what it hears to the watchers it holds,
 * which then read the log (src/app/live.ts). What that guarantees, and why:
 *
 * - A notice is a wake-up, not data: a lost, repeated or merged notice costs a late wake-up, never
 *   a wrong or missing move, since a woken watcher reads every move after the last it sent.
 * - The notice is published after the commit, not inside it (a NOTIFY in the move's transaction
 *   holds Postgres's global notify lock through its WAL flush and serialises all commits: 4x
 *   fewer at 16 clients, BENCHMARKS.md). A publish that fails is sent again until it goes out.
 * - When a listening connection comes back after a loss (pg-listen and ioredis reconnect for
 *   ever), every watcher of that process is told to `resync`: notices lost meanwhile skip nothing.
 * - A process killed between a commit and its publish: the watchers of that game catch up at the
 *   game's next notice, and every process asks every watcher to resync when it starts (so a
 *   process restarted after a crash repairs what it may have left unsaid).
 */
export async function createFanout(service: GameService, opts: FanoutOptions): Promise<Fanout> {
  const local: MQEmitter = mqemitter({ concurrency: 0 });
  const watched = new Map<string, number>(); // game -> listeners on this process
  const resync = () => {
    for (const gameId of watched.keys()) local.emit({ topic: topicOf(gameId), payload: { version: 0, resync: true } satisfies Notice });
  };
  const transport = opts.redisUrl
    ? await redisTransport(opts.redisUrl, local, resync, opts.log)
    : opts.databaseUrl
      ? await postgresTransport(opts.databaseUrl, local, resync, opts.log)
      : {
          publish: (gameId: string, n: Notice) => local.emit({ topic: topicOf(gameId), payload: n }),
          resyncAll: () => {},
          close: async () => {},
        };
  service.onCommitted((c) => transport.publish(c.gameId, { version: c.version }));
  service.onSeatsChanged((gameId) => transport.publish(gameId, { version: 0, seats: true }));
  transport.resyncAll();
  return {
    subscribe(gameId, listener) {
      const fn = (m: Message, done: () => void) => {
        try {
          listener(m.payload as Notice);
        } finally {
          done();
        }
      };
      watched.set(gameId, (watched.get(gameId) ?? 0) + 1);
      return new Promise((resolve) =>
        local.on(topicOf(gameId), fn, () =>
          resolve(() => {
            local.removeListener(topicOf(gameId), fn);
            const n = (watched.get(gameId) ?? 1) - 1;
            if (n > 0) watched.set(gameId, n);
            else watched.delete(gameId);
          }),
        ),
      );
    },
    async close() {
      await transport.close();
      await new Promise<void>((resolve) => local.close(() => resolve()));
    },
  };
}

interface Transport {
  /** Sends a notice to every process (this one included). */
  publish(gameId: string, n: Notice): void;
  /** Asks every process to resync all its watchers. */
  resyncAll(): void;
  close(): Promise<void>;
}

const payloadOf = (gameId: string, n: Notice) => `${gameId}:${n.seats ? 'seats' : n.version}`;

/** A notice from its payload: null for `*` (everyone resync). */
function noticeOf(payload: string): { gameId: string; notice: Notice } | null {
  if (payload === '*') return null;
  const cut = payload.lastIndexOf(':');
  const rest = payload.slice(cut + 1);
  return { gameId: payload.slice(0, cut), notice: rest === 'seats' ? { version: 0, seats: true } : { version: Number(rest) } };
}

async function postgresTransport(databaseUrl: string, local: MQEmitter, resync: () => void, log: FanoutOptions['log']): Promise<Transport> {
  const subscriber = createPostgresSubscriber(
    // A frozen server must not hang the listener: its checks and queries time out.
    { connectionString: databaseUrl, query_timeout: 2_000, connectionTimeoutMillis: 2_000 },
    {
      paranoidChecking: 2_000,
      retryLimit: Infinity,
      retryTimeout: 0,
      retryInterval: (attempt: number) => Math.min(2_000, 100 * 2 ** attempt),
      parse: (s: string) => s,
      serialize: (s: unknown) => String(s),
    },
  );
  subscriber.notifications.on(LIVE_CHANNEL, (payload: string) => {
    const n = noticeOf(payload);
    if (n) local.emit({ topic: topicOf(n.gameId), payload: n.notice });
    else resync();
  });
  let connected = 0;
  subscriber.events.on('connected', () => {
    if (connected++ > 0) {
      log?.info({}, 'live updates: the notification connection is back; watchers catch up from the log');
      resync();
    }
  });
  subscriber.events.on('reconnect', (attempt: number) => {
    if (attempt === 1) log?.warn({}, 'live updates: the notification connection was lost; reconnecting');
  });
  subscriber.events.on('error', (err: Error) => log?.warn({ err }, 'live updates: notification connection error'));
  await subscriber.connect();
  await subscriber.listenTo(LIVE_CHANNEL);
  const publisher = new NotifyBatcher(databaseUrl, log);
  return {
    publish: (gameId, n) => publisher.send(payloadOf(gameId, n)),
    resyncAll: () => publisher.send('*'),
    async close() {
      await publisher.close();
      await subscriber.close().catch(() => {});
    },
  };
}

/**
 * Sends NOTIFYs on a connection of its own, with `synchronous_commit = off` (a NOTIFY transaction
 * then waits for no WAL flush), batching into one statement whatever queued within `WINDOW_MS` of
 * the first notice or while the previous statement ran: under load many moves share a statement
 * (a statement per move was a third of the database round trips of a move). A batch that fails is
 * sent again (after 100 ms, then up to 2 s apart) until it goes out or the publisher closes:
 * notices are idempotent, so sending one twice is harmless.
 */
const WINDOW_MS = 3;

class NotifyBatcher {
  private readonly pool: pg.Pool;
  private queue: string[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    databaseUrl: string,
    private readonly log: FanoutOptions['log'],
  ) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 1,
      connectionTimeoutMillis: 2_000,
      query_timeout: 2_000,
      options: '-c synchronous_commit=off',
    });
    this.pool.on('error', () => {});
  }

  send(payload: string): void {
    this.queue.push(payload);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    for (let failures = 0; this.queue.length > 0; ) {
      const batch = [...new Set(this.queue)];
      this.queue = [];
      try {
        await this.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [LIVE_CHANNEL, batch]);
        failures = 0;
      } catch (err) {
        if (this.closed) return;
        this.queue.unshift(...batch);
        if (failures++ === 0) this.log?.warn({ err }, 'live updates: notices could not be sent; sending them again');
        await new Promise((r) => setTimeout(r, Math.min(2_000, 100 * 2 ** failures)));
      }
    }
  }

  /** Lets the statement in flight finish (what queued before is still sent), then stops retrying. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => {});
    await this.pool.end();
  }
}

async function redisTransport(redisUrl: string, local: MQEmitter, resync: () => void, log: FanoutOptions['log']): Promise<Transport> {
  const redis = mqemitterRedis({ connectionString: redisUrl }) as unknown as MQEmitter & { state: NodeJS.EventEmitter };
  let connected = 0;
  redis.state.on('subConnect', () => {
    if (connected++ > 0) {
      log?.info({}, 'live updates: Redis is back; watchers catch up from the log');
      resync();
    }
  });
  redis.state.on('error', (err: Error) => log?.warn({ err }, 'live updates: Redis error'));
  // Every notice of every game, re-emitted on this process's own emitter.
  await new Promise<void>((resolve) =>
    redis.on(
      'game/+',
      (m: Message, done: () => void) => {
        local.emit(m);
        done();
      },
      () => resolve(),
    ),
  );
  await new Promise<void>((resolve) =>
    redis.on(
      'resync',
      (_m: Message, done: () => void) => {
        resync();
        done();
      },
      () => resolve(),
    ),
  );
  const emit = (m: { topic: string; payload: unknown }) =>
    redis.emit(m, (err?: Error) => {
      if (err) log?.warn({ err, topic: m.topic }, 'live updates: a notice could not be published');
    });
  return {
    publish: (gameId, n) => emit({ topic: topicOf(gameId), payload: n }),
    resyncAll: () => emit({ topic: 'resync', payload: {} }),
    close: () => new Promise<void>((resolve) => redis.close(() => resolve())),
  };
}
