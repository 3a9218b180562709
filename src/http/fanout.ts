import mqemitter, { type MQEmitter, type Message } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';
import pg from 'pg';
import pgListen from 'pg-listen';
import type { GameService } from '../app/game-service.js';
import type { Fanout, Notice } from '../app/live.js';

// pg-listen is CommonJS with an ES-module default: Node's import gives the module, some loaders the function.
const createPostgresSubscriber = ((pgListen as unknown as { default?: unknown }).default ?? pgListen) as typeof pgListen.default;

/** The Postgres channel the append notifies each commit on (src/store/prisma-store.ts, APPEND_SQL). */
export const LIVE_CHANNEL = 'citybuilder_live';

/** The channel the store's append must notify on: Postgres carries the fan-out unless Redis does. */
export const liveChannelFor = (redisUrl: string | undefined): string | null => (redisUrl ? null : LIVE_CHANNEL);

/** The topic of a game's live updates on the in-process emitter. */
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
 * stream), through an engine made for it, never a protocol of ours:
 *
 * - Postgres (no REDIS_URL): the append statement itself NOTIFYs `<game>:<version>` on
 *   LIVE_CHANNEL inside its transaction, so exactly the moves that committed are announced, each
 *   once, even if the process dies right after; each process LISTENs on one connection (pg-listen:
 *   it reconnects for ever and checks the connection every 2 s).
 * - Redis (REDIS_URL): each commit is published after it commits (mqemitter-redis), and ioredis
 *   reconnects by itself.
 *
 * Either way, when the listening connection comes back after a loss, every watcher of this process
 * is told to `resync` (catch up from the log): a notice lost while it was down skips no move.
 * Seat changes are published the same way, outside any move.
 */
export async function createFanout(service: GameService, opts: FanoutOptions): Promise<Fanout> {
  const local: MQEmitter = mqemitter({ concurrency: 0 });
  const watched = new Map<string, number>(); // game -> listeners on this process
  const resync = () => {
    for (const gameId of watched.keys()) local.emit({ topic: topicOf(gameId), payload: { version: 0, resync: true } satisfies Notice });
  };
  const transport = opts.redisUrl ? await redisTransport(opts.redisUrl, local, resync, opts.log)
    : opts.databaseUrl ? await postgresTransport(opts.databaseUrl, local, resync, opts.log)
      : { publishMoves: true, publish: (gameId: string, n: Notice) => local.emit({ topic: topicOf(gameId), payload: n }), close: async () => {} };
  if (transport.publishMoves) service.onCommitted((c) => transport.publish(c.gameId, { version: c.version }));
  service.onSeatsChanged((gameId) => transport.publish(gameId, { version: 0, seats: true }));
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
      return new Promise((resolve) => local.on(topicOf(gameId), fn, () => resolve(() => {
        local.removeListener(topicOf(gameId), fn);
        const n = (watched.get(gameId) ?? 1) - 1;
        if (n > 0) watched.set(gameId, n);
        else watched.delete(gameId);
      })));
    },
    async close() {
      await transport.close();
      await new Promise<void>((resolve) => local.close(() => resolve()));
    },
  };
}

interface Transport {
  /** Whether moves are published by the process (Redis) rather than by the append (Postgres). */
  publishMoves: boolean;
  publish(gameId: string, n: Notice): void;
  close(): Promise<void>;
}

const payloadOf = (gameId: string, n: Notice) => `${gameId}:${n.seats ? 'seats' : n.version}`;

async function postgresTransport(databaseUrl: string, local: MQEmitter, resync: () => void, log: FanoutOptions['log']): Promise<Transport> {
  const subscriber = createPostgresSubscriber(
    // A frozen server must not hang the listener: its checks and queries time out.
    { connectionString: databaseUrl, query_timeout: 2_000, connectionTimeoutMillis: 2_000 },
    { paranoidChecking: 2_000, retryLimit: Infinity, retryTimeout: 0, retryInterval: (attempt: number) => Math.min(2_000, 100 * 2 ** attempt), parse: (s: string) => s, serialize: (s: unknown) => String(s) },
  );
  subscriber.notifications.on(LIVE_CHANNEL, (payload: string) => {
    const cut = payload.lastIndexOf(':');
    const gameId = payload.slice(0, cut);
    const rest = payload.slice(cut + 1);
    const notice: Notice = rest === 'seats' ? { version: 0, seats: true } : { version: Number(rest) };
    local.emit({ topic: topicOf(gameId), payload: notice });
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
  // Notices that are not moves go out on a connection of their own (the listener's may be reconnecting).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 2_000, query_timeout: 2_000 });
  pool.on('error', () => {});
  return {
    publishMoves: false,
    publish(gameId, n) {
      pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payloadOf(gameId, n)]).catch((err: unknown) => log?.warn({ err, gameId }, 'live updates: a notice could not be sent'));
    },
    async close() {
      await subscriber.close().catch(() => {});
      await pool.end();
    },
  };
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
  await new Promise<void>((resolve) => redis.on('game/+', (m: Message, done: () => void) => {
    local.emit(m);
    done();
  }, () => resolve()));
  return {
    publishMoves: true,
    publish(gameId, n) {
      redis.emit({ topic: topicOf(gameId), payload: n }, (err?: Error) => {
        if (err) log?.warn({ err, gameId }, 'live updates: a notice could not be published');
      });
    },
    close: () => new Promise<void>((resolve) => redis.close(() => resolve())),
  };
}
