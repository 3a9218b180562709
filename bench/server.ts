/**
 * The server as shipped, started by a bench in a process of its own (`node --import tsx
 * src/main.ts`, NODE_ENV=production, rate limits off, a pool of 10 connections, metrics on a port of
 * the bench's own), and a database of a bench's own. `env` adds or overrides variables (WORKERS,
 * METRICS_PORT=0, BOTS, ...); `settleMs` waits after the first /readyz (every worker up, not just
 * the first).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';

export interface BenchServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The bench's port (the server's; its metrics listener takes the next one): below Linux's range
 * of ephemeral ports (32768-60999), where the bench's own outgoing connections and the server's
 * connections to Postgres take their local ports, so that a listen cannot find its port taken.
 */
export const benchPort = () => 20_000 + (process.pid % 10_000);

export async function startServer(
  url: string,
  env: Record<string, string> = {},
  opts: { port?: number; settleMs?: number } = {},
): Promise<BenchServer> {
  const port = opts.port ?? benchPort();
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (bench/profile-summary.ts reads it).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DB_POOL_SIZE: '10',
      METRICS_PORT: String(port + 1),
      ...env,
    },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode}) before it served`);
    if (i > 900) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  if (opts.settleMs) await new Promise((r) => setTimeout(r, opts.settleMs));
  return {
    base,
    pid: server.pid!,
    async stop() {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** A database of its own for one side of a comparison, created empty (dropped first if it exists). */
export async function databaseFor(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}
