import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const logger = { level: config.logLevel };
const server = await createServer(config, { logger, log: (m) => console.error(m) });
const log = server.app.log;

// On SIGINT/SIGTERM: stop accepting, finish requests in flight, close the database. A move is one
// transaction, so a shutdown can never leave half a move behind.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  await server.close();
  log.info('closed');
});

await server.app.listen({ port: config.port, host: config.host });
