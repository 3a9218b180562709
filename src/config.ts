import { availableParallelism } from 'node:os';

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
  /** Requests per minute per client address; 0 disables the limit. */
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
  importBodyLimitBytes: number;
  graphqlMaxDepth: number;
  graphqlMaxCost: number;
  production: boolean;
  logLevel: string;
  snapshotEvery: number;
  cacheSize: number;
  /** Server processes sharing the port (node:cluster); 1: this process serves alone. */
  workers: number;
  /** How long a store read keeps a cached game trusted while the commit feed is live (ms); 0: no feed, every read checks the store. */
  cacheTrustMs: number;
}

const int = (v: string | undefined, fallback: number, name: string): number => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};

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
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 64 * 1024, 'BODY_LIMIT_BYTES'),
    importBodyLimitBytes: int(env.IMPORT_BODY_LIMIT_BYTES, 8 * 1024 * 1024, 'IMPORT_BODY_LIMIT_BYTES'),
    graphqlMaxDepth: int(env.GRAPHQL_MAX_DEPTH, 8, 'GRAPHQL_MAX_DEPTH'),
    graphqlMaxCost: int(env.GRAPHQL_MAX_COST, 300, 'GRAPHQL_MAX_COST'),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL || 'info',
    snapshotEvery: int(env.SNAPSHOT_EVERY, 50, 'SNAPSHOT_EVERY') || 50,
    cacheSize: int(env.GAME_CACHE_SIZE, 1000, 'GAME_CACHE_SIZE'),
    workers: int(env.WORKERS, env.NODE_ENV === 'test' || env.VITEST ? 1 : availableParallelism(), 'WORKERS') || 1,
    cacheTrustMs: int(env.CACHE_TRUST_MS, 2_000, 'CACHE_TRUST_MS'),
  };
}
