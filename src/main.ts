import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { DRAIN, runPrimary } from './cluster.js';
import { loadConfig, StartRefused } from './config.js';
import { setMetricsOn } from './telemetry/metrics.js';
import { answerPrimary, serveMetrics, type MetricsListener } from './telemetry/metrics-server.js';
import { startTracing } from './telemetry/tracing.js';

/**
 * A start refused for a reason the person can fix (a port or data folder in use, a bad setting) is
 * one line on stderr and exit code 1: no stack trace to read through.
 */
const refuse = (err: unknown): never => {
  if (!(err instanceof StartRefused)) throw err;
  console.error(`citybuilder: cannot start: ${err.message}`);
  process.exit(1);
};

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return refuse(err);
  }
})();
setMetricsOn(config.metricsPort > 0);
const metricsOptions = { nextFreeIfBusy: config.metricsPortDefault };
const movedMetrics = (m: MetricsListener | null) =>
  m?.busy
    ? `metrics port ${m.busy} is in use (another server on this machine?): metrics listen on ${config.metricsHost}:${m.port} instead`
    : null;

if (config.workers > 1 && cluster.isPrimary) {
  // WORKERS processes share the port; this one only supervises them (src/cluster.ts), and answers
  // GET /metrics for all of them.
  const metrics = config.metricsPort
    ? await serveMetrics(config.metricsPort, config.metricsHost, { cluster: true, ...metricsOptions }).catch(refuse)
    : null;
  const moved = movedMetrics(metrics);
  if (moved) console.error(moved);
  await runPrimary(config).catch(refuse);
} else {
  // Tracing starts before the server's modules load (its pino instrumentation wraps Fastify's logger).
  const tracing = startTracing();
  // The metrics port first: a busy port refuses the start before the database is touched.
  const metrics =
    config.metricsPort && !cluster.isWorker
      ? await serveMetrics(config.metricsPort, config.metricsHost, metricsOptions).catch(refuse)
      : null;
  const { createServer } = await import('./server.js');
  const logger = { level: config.logLevel };
  const server = await createServer(config, { logger, log: (m) => console.error(m) }).catch(async (err: unknown) => {
    await metrics?.close();
    return refuse(err);
  });
  const log = server.app.log;
  // A cluster worker's metrics are read by its primary; a process alone serves its own.
  if (config.metricsPort && cluster.isWorker) answerPrimary();

  // On SIGINT/SIGTERM: stop accepting, finish requests in flight, close the database. A move is one
  // transaction, so a shutdown can never leave half a move behind. A cluster worker drains when its
  // primary says so (or is gone), not on signals: a signal sent to the whole process group must not
  // reach it twice. The embedded Postgres runs in a process group of its own (src/store/embedded.ts):
  // a terminal's Ctrl-C reaches the server only, which stops the database last.
  // `npm start` runs node itself, not the tsx command: tsx relays a signal its child was slow to
  // acknowledge (under load), then kills it, and close-with-grace takes a second SIGINT as a person
  // insisting (exit at once, the database left to the exit handler).
  const worker = cluster.isWorker;
  const grace = closeWithGrace({ delay: 10_000, skip: worker ? ['SIGTERM', 'SIGINT'] : [] }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await server.close();
    await metrics?.close();
    await tracing?.shutdown().catch((e: unknown) => log.warn({ err: e }, 'could not send the last spans'));
    log.info('closed');
  });
  if (worker) {
    let draining = false;
    const drain = () => {
      if (draining) return;
      draining = true;
      void grace.close();
    };
    for (const sig of ['SIGTERM', 'SIGINT'] as const) process.on(sig, () => {});
    process.on('message', (m) => m === DRAIN && drain());
    process.on('disconnect', drain);
  }

  await server.app.listen({ port: config.port, host: config.host }).catch(async (err: unknown) => {
    // The API port in use: one line, and everything started so far stopped in order.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
    await server.close();
    await metrics?.close();
    refuse(
      new StartRefused(
        `PORT ${config.port} on ${config.host} ` +
          String(code === 'EACCES' ? 'may not be used by this user' : 'is in use (another server on this machine?)') +
          `: give this server its own PORT`,
      ),
    );
  });
  if (metrics) log.info({ port: metrics.port, host: config.metricsHost }, 'metrics listening');
  const moved = movedMetrics(metrics);
  if (moved) log.warn({ port: metrics!.port, busy: metrics!.busy }, moved);
}
