import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { DEFAULT_LINK_TTL_SECONDS } from './app/game-link.js';
import { INT_BOUNDS } from './app/limits.js';

/** Everything the server reads from its environment, in one place, with defaults. */
export interface Config {
  port: number;
  host: string;
  /** Postgres connection string; none: an embedded Postgres in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Connections in the Prisma pool. */
  dbPoolSize: number;
  embeddedPort: number;
  operatorToken: string | undefined;
  /** Redis for GraphQL live updates shared by several server processes; none: in-process only. */
  redisUrl: string | undefined;
  /** Allowed CORS origins: `*` or a comma-separated list. */
  corsOrigins: string;
  /** Requests per minute per client address, for requests without a valid token; 0 disables every limit. */
  rateLimitPerMinute: number;
  /** Requests per minute per valid seat (or operator) token. */
  rateLimitPerTokenPerMinute: number;
  /** Games, players and imports created per minute per client address (REST and GraphQL together); 0: no budget. */
  createLimitPerMinute: number;
  /** Live streams (SSE streams and GraphQL subscriptions together) one token, one address may hold open; 0: no cap. */
  liveStreamsPerToken: number;
  liveStreamsPerAddress: number;
  bodyLimitBytes: number;
  importBodyLimitBytes: number;
  /** Imports run at once / waiting for a turn; more get 503 with Retry-After. */
  importConcurrency: number;
  importQueue: number;
  /** Replay GIFs: positions rendered while the request waits (more: in the background, 202), renders at once, waiting, bytes kept. */
  gifInlineFrames: number;
  gifConcurrency: number;
  gifQueue: number;
  gifCacheBytes: number;
  /** Bytes of replay GIFs the database keeps for every process (GIF_STORED_BYTES); past it, the oldest go. */
  gifStoredBytes: number;
  graphqlMaxDepth: number;
  graphqlMaxCost: number;
  graphqlMaxIntrospectionDepth: number;
  graphqlMaxAliases: number;
  graphqlMaxReadWeight: number;
  /** Subscriptions one WebSocket connection may hold at once. */
  graphqlMaxSubscriptions: number;
  production: boolean;
  logLevel: string;
  snapshotEvery: number;
  cacheSize: number;
  /** Whether clients may choose a game's seed (CLIENT_SEEDS=on|off; turn it off on a public server). */
  clientSeeds: boolean;
  /** Time allowed for a whole request, headers and body (REQUEST_TIMEOUT_MS); 0 disables it. */
  requestTimeoutMs: number;
  /** Time allowed to open a database connection or to wait for one from the pool. */
  dbConnectTimeoutMs: number;
  /** Time allowed for one SQL statement, on the server (statement_timeout) and the client. */
  dbStatementTimeoutMs: number;
  /**
   * Shed load (503) while the event loop lags more than this (MAX_EVENT_LOOP_DELAY_MS); 0 (the
   * default): never. Off by default: a process starved of CPU for a second on a shared machine
   * counts as infinitely late, and would refuse everything for the next second.
   */
  maxEventLoopDelayMs: number;
  /** Bots in seats and stand-ins (BOTS=on|off): off leaves bot seats waiting and stand-ins to the seeded random choice. */
  bots: boolean;
  /** Worker threads thinking for bots (BOT_THREADS; default cores - 1, at least 1). */
  botThreads: number | undefined;
  /** Caps on every level's search per move (BOT_MAX_ITERATIONS, BOT_MAX_THINK_MS); 0: the level's own budget. */
  botMaxIterations: number;
  botMaxThinkMs: number;
  /**
   * Analysis (issue 31): its own threads (ANALYSIS_THREADS, default 1), beside the bots' (a game
   * never waits behind an analysis); how many analyses may wait for them (ANALYSIS_QUEUE, default 8;
   * more: 503 with Retry-After); the most iterations one request may ask (ANALYSIS_MAX_ITERATIONS,
   * default 20000); and each caller's budget, search iterations a minute per token, or per address
   * without one (ANALYSIS_ITERATIONS_PER_MINUTE, default 40000; 0: no budget).
   */
  analysisThreads: number;
  analysisQueue: number;
  analysisMaxIterations: number;
  analysisIterationsPerMinute: number;
  /** Play-by-mail notifications: off disables the queue (moves still write the outbox). */
  notifications: boolean;
  /** Whether this process delivers notifications (any process may; each is delivered once). */
  notifyWorker: boolean;
  /** smtp://user:pass@host:port for mail; none: mails are held in the outbox for the operator. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The server's public address, for the links in mails. */
  publicUrl: string;
  /**
   * The secret that signs the game links of turn mails (LINK_SECRET, at least 32 characters); none:
   * a secret the server generated once and keeps in its database (shared by all its processes).
   */
  linkSecret: string | undefined;
  /** How long a turn mail's game link opens the game as its seat (GAME_LINK_TTL_SECONDS; default a week). */
  linkTtlSeconds: number;
  /**
   * The Ed25519 key that signs exported records (src/app/replays/record-signing.ts): RECORD_SIGNING_KEY
   * (PKCS#8 PEM), else the file RECORD_SIGNING_KEY_FILE (default: record-signing-key.pem beside
   * DATA_DIR, generated on first start); RECORD_RETIRED_KEYS_FILE: older public keys still published.
   * In tests (NODE_ENV=test) without either: a key in memory.
   */
  recordSigningKey: string | undefined;
  recordSigningKeyFile: string | undefined;
  recordRetiredKeysFile: string | undefined;
  /** NODE_ENV=test: development conveniences that must not touch the working tree (an in-memory record key). */
  testing: boolean;
  /** Lets webhooks call loopback and link-local addresses (tests; never in production). */
  webhookAllowPrivate: boolean;
  notifyRetryLimit: number;
  notifyRetryDelaySeconds: number;
  notifyPollSeconds: number;
  /** A reminder goes out when this share of a turn's time is left. */
  reminderShare: number;
  /** The port of the listener for moves by mail (SMTP_INBOUND_PORT); none: off. */
  smtpInboundPort: number | undefined;
  smtpInboundHost: string;
  /** The domain of reply addresses (move+...@MAIL_DOMAIN); by default MAIL_FROM's. */
  mailDomain: string;
  /** Days of vacation a player may take in a calendar year (deadlines paused). */
  vacationDaysPerYear: number;
  /** A game waiting for players expires after this many days (its seated players warned a day before). */
  lobbyExpiryDays: number;
  /** A rating is provisional while its sigma is at or above this (RATING_PROVISIONAL_SIGMA, default 6). */
  ratingProvisionalSigma: number;
  /** Rated games within LEADERBOARD_RECENT_DAYS a player needs to be on a leaderboard (LEADERBOARD_MIN_GAMES, default 10). */
  leaderboardMinGames: number;
  /** Different opponents in them (LEADERBOARD_MIN_OPPONENTS, default 3). */
  leaderboardMinOpponents: number;
  /** The leaderboard's window in days (LEADERBOARD_RECENT_DAYS, default 90). */
  leaderboardRecentDays: number;
  /** Rated games of one type two players may play together within 24 hours that change ratings (RATING_PAIR_DAILY_LIMIT, default
   * 3; 0: no bound). */
  ratingPairDailyLimit: number;
  /** How often the ratings projection looks for finished rated games it missed (RATINGS_SWEEP_MS). */
  ratingsSweepMs: number;
  /** How often each process (with NOTIFY_WORKER) starts tournaments whose time has come and makes rounds a hook missed
   * (TOURNAMENTS_SWEEP_MS). */
  tournamentsSweepMs: number;
  /** Server processes sharing the port (node:cluster); 1: this process serves alone. */
  workers: number;
  /**
   * The addresses (or CIDRs) of the one proxy in front (TRUST_PROXY): a request from one of them
   * counts against the address that proxy last added to X-Forwarded-For. Empty: the peer's address.
   */
  trustProxy: string[];
  /** The port of the Prometheus metrics listener (GET /metrics, on METRICS_HOST); 0: metrics off. */
  metricsPort: number;
  /** Whether METRICS_PORT was left to its default: then a busy port moves the listener to the next free one. */
  metricsPortDefault: boolean;
  /** The address the metrics listener binds (METRICS_HOST): loopback unless told otherwise (compose sets 0.0.0.0 for Prometheus). */
  metricsHost: string;
}

/**
 * A start refused for a reason the person starting the server can fix (a port or data folder in
 * use, a bad setting): src/main.ts prints its message as one line and exits 1, without a stack trace.
 */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

const onOff = (v: string | undefined, fallback: boolean, name: string): boolean => {
  if (v === undefined || v === '') return fallback;
  if (/^(on|true|1|yes)$/i.test(v)) return true;
  if (/^(off|false|0|no)$/i.test(v)) return false;
  throw new StartRefused(`${name} must be on or off, got "${v}"`);
};

const int = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new StartRefused(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};

const atLeast = (min: number, n: number, name: string): number => {
  if (n < min) throw new StartRefused(`${name} must be at least ${min}, got ${n}`);
  return n;
};

/** TRUST_PROXY: a comma-separated list of addresses or CIDRs (IPv4 or IPv6); unset: none. */
function trustProxy(v: string | undefined): string[] {
  const list = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((s) => {
    const [addr, bits, extra] = s.split('/');
    const family = isIP(addr!);
    return (
      !family || extra !== undefined || (bits !== undefined && !(/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)))
    );
  });
  if (bad !== undefined)
    throw new StartRefused(`TRUST_PROXY must be a comma-separated list of addresses or CIDRs (e.g. 10.0.0.0/8), got "${bad}"`);
  return list;
}

/** LINK_SECRET: unset, or long enough that it cannot be guessed. */
function linkSecret(v: string | undefined): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (v.length < 32)
    throw new StartRefused(`LINK_SECRET must be at least 32 characters (it signs the game links of mails), got ${v.length}`);
  return v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || '.data/postgres',
    dbPoolSize: int(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE') || 10,
    embeddedPort: int(env.EMBEDDED_PG_PORT, 54329, 'EMBEDDED_PG_PORT'),
    operatorToken: env.OPERATOR_TOKEN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    corsOrigins: env.CORS_ORIGINS || '*',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    rateLimitPerTokenPerMinute: int(env.RATE_LIMIT_PER_TOKEN_PER_MINUTE, 1200, 'RATE_LIMIT_PER_TOKEN_PER_MINUTE') || 1200,
    createLimitPerMinute: int(env.CREATE_LIMIT_PER_MINUTE, 60, 'CREATE_LIMIT_PER_MINUTE'),
    liveStreamsPerToken: int(env.LIVE_STREAMS_PER_TOKEN, 50, 'LIVE_STREAMS_PER_TOKEN'),
    liveStreamsPerAddress: int(env.LIVE_STREAMS_PER_ADDRESS, 200, 'LIVE_STREAMS_PER_ADDRESS'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 64 * 1024, 'BODY_LIMIT_BYTES'),
    importBodyLimitBytes: int(env.IMPORT_BODY_LIMIT_BYTES, 8 * 1024 * 1024, 'IMPORT_BODY_LIMIT_BYTES'),
    importConcurrency: int(env.IMPORT_CONCURRENCY, 2, 'IMPORT_CONCURRENCY') || 2,
    gifInlineFrames: int(env.GIF_INLINE_FRAMES, 60, 'GIF_INLINE_FRAMES'),
    gifConcurrency: int(env.GIF_CONCURRENCY, 1, 'GIF_CONCURRENCY') || 1,
    gifQueue: int(env.GIF_QUEUE, 4, 'GIF_QUEUE'),
    gifCacheBytes: int(env.GIF_CACHE_BYTES, 64 * 1024 * 1024, 'GIF_CACHE_BYTES') || 64 * 1024 * 1024,
    gifStoredBytes: int(env.GIF_STORED_BYTES, 256 * 1024 * 1024, 'GIF_STORED_BYTES') || 256 * 1024 * 1024,
    importQueue: int(env.IMPORT_QUEUE, 8, 'IMPORT_QUEUE'),
    graphqlMaxDepth: int(env.GRAPHQL_MAX_DEPTH, 8, 'GRAPHQL_MAX_DEPTH'),
    graphqlMaxCost: int(env.GRAPHQL_MAX_COST, 1000, 'GRAPHQL_MAX_COST'),
    graphqlMaxIntrospectionDepth: int(env.GRAPHQL_MAX_INTROSPECTION_DEPTH, 15, 'GRAPHQL_MAX_INTROSPECTION_DEPTH'),
    graphqlMaxAliases: int(env.GRAPHQL_MAX_ALIASES, 15, 'GRAPHQL_MAX_ALIASES'),
    graphqlMaxReadWeight: int(env.GRAPHQL_MAX_READ_WEIGHT, 60, 'GRAPHQL_MAX_READ_WEIGHT'),
    graphqlMaxSubscriptions: int(env.GRAPHQL_MAX_SUBSCRIPTIONS, 20, 'GRAPHQL_MAX_SUBSCRIPTIONS'),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    snapshotEvery: int(env.SNAPSHOT_EVERY, 50, 'SNAPSHOT_EVERY') || 50,
    cacheSize: int(env.GAME_CACHE_SIZE, 1000, 'GAME_CACHE_SIZE'),
    clientSeeds: onOff(env.CLIENT_SEEDS, true, 'CLIENT_SEEDS'),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS'),
    dbConnectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 3_000, 'DB_CONNECT_TIMEOUT_MS') || 3_000,
    maxEventLoopDelayMs: int(env.MAX_EVENT_LOOP_DELAY_MS, 0, 'MAX_EVENT_LOOP_DELAY_MS'),
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 5_000, 'DB_STATEMENT_TIMEOUT_MS') || 5_000,
    bots: env.BOTS !== 'off',
    botThreads: env.BOT_THREADS ? Math.max(1, int(env.BOT_THREADS, 1, 'BOT_THREADS')) : undefined,
    botMaxIterations: int(env.BOT_MAX_ITERATIONS, 0, 'BOT_MAX_ITERATIONS'),
    botMaxThinkMs: int(env.BOT_MAX_THINK_MS, 0, 'BOT_MAX_THINK_MS'),
    analysisThreads: Math.max(1, int(env.ANALYSIS_THREADS, 1, 'ANALYSIS_THREADS')),
    analysisQueue: int(env.ANALYSIS_QUEUE, 8, 'ANALYSIS_QUEUE'),
    analysisMaxIterations: Math.min(
      INT_BOUNDS.analysisIterations.maximum,
      Math.max(1, int(env.ANALYSIS_MAX_ITERATIONS, INT_BOUNDS.analysisIterations.maximum, 'ANALYSIS_MAX_ITERATIONS')),
    ),
    analysisIterationsPerMinute: int(env.ANALYSIS_ITERATIONS_PER_MINUTE, 40_000, 'ANALYSIS_ITERATIONS_PER_MINUTE'),
    notifications: env.NOTIFICATIONS !== 'off',
    notifyWorker: env.NOTIFY_WORKER !== 'off',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'City builder <no-reply@localhost>',
    linkSecret: linkSecret(env.LINK_SECRET),
    recordSigningKey: env.RECORD_SIGNING_KEY || undefined,
    recordSigningKeyFile:
      env.RECORD_SIGNING_KEY_FILE ||
      (env.NODE_ENV === 'test' ? undefined : join(dirname(env.DATA_DIR || '.data/postgres'), 'record-signing-key.pem')),
    recordRetiredKeysFile: env.RECORD_RETIRED_KEYS_FILE || undefined,
    testing: env.NODE_ENV === 'test',
    linkTtlSeconds: int(env.GAME_LINK_TTL_SECONDS, DEFAULT_LINK_TTL_SECONDS, 'GAME_LINK_TTL_SECONDS') || DEFAULT_LINK_TTL_SECONDS,
    publicUrl: env.PUBLIC_URL || `http://localhost:${int(env.PORT, 3000, 'PORT')}`,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    // 11 tries with exponential backoff from 60 s: the last one comes more than 24 hours later.
    notifyRetryLimit: int(env.NOTIFY_RETRY_LIMIT, 11, 'NOTIFY_RETRY_LIMIT'),
    notifyRetryDelaySeconds: int(env.NOTIFY_RETRY_DELAY_SECONDS, 60, 'NOTIFY_RETRY_DELAY_SECONDS') || 1,
    notifyPollSeconds: Math.max(0.5, Number(env.NOTIFY_POLL_SECONDS) || 2),
    reminderShare: Math.min(0.9, Math.max(0.05, Number(env.REMINDER_SHARE) || 0.25)),
    smtpInboundPort: env.SMTP_INBOUND_PORT ? int(env.SMTP_INBOUND_PORT, 0, 'SMTP_INBOUND_PORT') : undefined,
    smtpInboundHost: env.SMTP_INBOUND_HOST || env.HOST || '0.0.0.0',
    vacationDaysPerYear: int(env.VACATION_DAYS_PER_YEAR, 21, 'VACATION_DAYS_PER_YEAR'),
    lobbyExpiryDays: atLeast(2, int(env.LOBBY_EXPIRY_DAYS, 30, 'LOBBY_EXPIRY_DAYS'), 'LOBBY_EXPIRY_DAYS (a day of warning before it)'),
    // A rating is provisional while its sigma is at or above this (openskill starts at 25/3 = 8.33).
    ratingProvisionalSigma: Number(env.RATING_PROVISIONAL_SIGMA) > 0 ? Number(env.RATING_PROVISIONAL_SIGMA) : 6,
    leaderboardMinGames: int(env.LEADERBOARD_MIN_GAMES, 10, 'LEADERBOARD_MIN_GAMES'),
    leaderboardMinOpponents: int(env.LEADERBOARD_MIN_OPPONENTS, 3, 'LEADERBOARD_MIN_OPPONENTS'),
    leaderboardRecentDays: int(env.LEADERBOARD_RECENT_DAYS, 90, 'LEADERBOARD_RECENT_DAYS') || 90,
    ratingPairDailyLimit: int(env.RATING_PAIR_DAILY_LIMIT, 3, 'RATING_PAIR_DAILY_LIMIT'),
    ratingsSweepMs: int(env.RATINGS_SWEEP_MS, 5_000, 'RATINGS_SWEEP_MS') || 5_000,
    tournamentsSweepMs: int(env.TOURNAMENTS_SWEEP_MS, 5_000, 'TOURNAMENTS_SWEEP_MS') || 5_000,
    mailDomain: env.MAIL_DOMAIN || /@([^>\s]+)/.exec(env.MAIL_FROM ?? '')?.[1] || 'localhost',
    workers: int(env.WORKERS, 1, 'WORKERS') || 1,
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsPort: int(env.METRICS_PORT, 9464, 'METRICS_PORT'),
    metricsPortDefault: env.METRICS_PORT === undefined || env.METRICS_PORT === '',
    metricsHost: env.METRICS_HOST || '127.0.0.1',
  };
}
