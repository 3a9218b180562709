import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { Config } from './config.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from './store/embedded.js';
import { migrate } from './store/migrate.js';

/** The message a worker drains on (finish requests in flight, close the database, exit 0). */
export const DRAIN = 'citybuilder:drain';

/**
 * The primary of `WORKERS` server processes on one port (node:cluster: the primary accepts the
 * connections and hands them to the workers in turn). It prepares the database once (the embedded
 * Postgres when there is no DATABASE_URL, and the migrations), then forks the workers. A worker
 * that dies is replaced (after a pause that grows while workers keep dying young). SIGTERM or
 * SIGINT drains every worker, waits for them, stops the embedded Postgres, and exits 0 when every
 * worker exited cleanly.
 *
 * The workers share nothing but the database: each has its own cache, which every read checks
 * against the stored version, and the store's version guard decides every race (src/app/sessions.ts).
 * WORKERS defaults to 1: more processes are better added as containers behind a proxy.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } }, pino.destination({ sync: true }));
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dataDir: config.dataDir, port: config.embeddedPort }, 'no DATABASE_URL: starting an embedded Postgres');
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPort, persistent: true });
    await ensureDatabase(embedded.adminUrl, 'citybuilder');
    databaseUrl = embedded.urlFor('citybuilder');
  }
  const migrated = await migrate(databaseUrl);
  if (migrated.applied.length) log.info({ applied: migrated.applied }, 'applied migrations');

  const env = { DATABASE_URL: databaseUrl, WORKERS: String(config.workers) };
  let stopping = false;
  let failures = 0; // workers that died young in a row
  let announced = false;
  const listening = new Set<number>();
  const fork = () => {
    const w = cluster.fork(env);
    (w as Worker & { startedAt?: number }).startedAt = Date.now();
    log.info({ worker: w.id, workerPid: w.process.pid }, 'worker started');
  };

  cluster.on('listening', (w, address) => {
    listening.add(w.id);
    failures = 0;
    log.info({ worker: w.id, workerPid: w.process.pid, port: address.port }, 'worker listening');
    if (!announced && listening.size >= config.workers) {
      announced = true;
      log.info({ port: address.port, address: address.address, workers: config.workers }, 'listening');
    }
  });
  cluster.on('exit', (w, code, signal) => {
    listening.delete(w.id);
    if (stopping) return;
    const lived = Date.now() - ((w as Worker & { startedAt?: number }).startedAt ?? 0);
    failures = lived < 10_000 ? failures + 1 : 0;
    const pause = Math.min(10_000, failures <= 1 ? 0 : 250 * 2 ** (failures - 2));
    log.error({ worker: w.id, workerPid: w.process.pid, code, signal, restartInMs: pause }, 'worker died; starting another');
    setTimeout(() => !stopping && fork(), pause);
  });

  const drain = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining every worker');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const codes = await Promise.all(
      workers.map(
        (w) =>
          new Promise<number>((resolve) => {
            if (w.isDead()) return resolve(0);
            const kill = setTimeout(() => w.process.kill('SIGKILL'), 15_000);
            w.once('exit', (code, sig) => {
              clearTimeout(kill);
              resolve(sig ? 1 : code);
            });
            if (w.isConnected()) w.send(DRAIN);
            else w.process.kill('SIGTERM');
          }),
      ),
    );
    await embedded?.stop().catch((err) => log.error({ err }, 'embedded Postgres did not stop cleanly'));
    const ok = codes.every((c) => c === 0);
    log.info({ workers: codes.length, clean: ok }, 'closed');
    process.exit(ok ? 0 : 1);
  };
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}
