import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { DRAIN, runPrimary } from './cluster.js';
import { loadConfig } from './config.js';
import { setMetricsOn } from './telemetry/metrics.js';
import { answerPrimary, serveMetrics } from './telemetry/metrics-server.js';
import { startTracing } from './telemetry/tracing.js';

const config = loadConfig();
setMetricsOn(config.metricsPort > 0);

if (config.workers > 1 && cluster.isPrimary) {
  // WORKERS processes share the port; this one only supervises them (src/cluster.ts), and answers
  // GET /metrics for all of them.
  if (config.metricsPort) await serveMetrics(config.metricsPort, config.host, { cluster: true });
  await runPrimary(config);
} else {
  // Tracing starts before the server's modules load (its pino instrumentation wraps Fastify's logger).
  const tracing = startTracing();
  const { createServer } = await import('./server.js');
  const logger = { level: config.logLevel };
  const server = await createServer(config, { logger, log: (m) => console.error(m) });
  const log = server.app.log;
  // A cluster worker's metrics are read by its primary; a process alone serves its own.
  if (config.metricsPort && cluster.isWorker) answerPrimary();
  const metrics = config.metricsPort && !cluster.isWorker ? await serveMetrics(config.metricsPort, config.host) : null;

  // On SIGINT/SIGTERM: stop accepting, finish requests in flight, close the database. A move is one
  // transaction, so a shutdown can never leave half a move behind. A cluster worker drains when its
  // primary says so (or is gone), not on signals: a signal sent to the whole process group must not
  // reach it twice.
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

  await server.app.listen({ port: config.port, host: config.host });
  if (metrics) log.info({ port: metrics.port }, 'metrics listening');
}
