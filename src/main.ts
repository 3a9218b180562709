import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { DRAIN, runPrimary } from './cluster.js';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();

if (config.workers > 1 && cluster.isPrimary) {
  // WORKERS processes share the port; this one only supervises them (src/cluster.ts).
  await runPrimary(config);
} else {
  const logger = { level: config.logLevel };
  const server = await createServer(config, { logger, log: (m) => console.error(m) });
  const log = server.app.log;

  // On SIGINT/SIGTERM: stop accepting, finish requests in flight, close the database. A move is one
  // transaction, so a shutdown can never leave half a move behind. A cluster worker drains when its
  // primary says so (or is gone), not on signals: a signal sent to the whole process group must not
  // reach it twice.
  const worker = cluster.isWorker;
  const grace = closeWithGrace({ delay: 10_000, skip: worker ? ['SIGTERM', 'SIGINT'] : [] }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await server.close();
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
}
