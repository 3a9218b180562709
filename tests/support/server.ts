import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { createServer, type Running } from '../../src/server.js';
import { defaultRegistry } from '../../src/games/index.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { sealedBids } from './sealed-bids.js';
import { assertAnswersMatched, checkAnswers } from './answer-check.js';

export interface TestServer extends Running {
  /** http://127.0.0.1:<port>: the server listens on a real socket. */
  url: string;
  config: Config;
  db: TestDatabase;
  stop(): Promise<void>;
}

export const OPERATOR_TOKEN = 'test-operator-token';

/** The hosted games plus the sealed-bids fixture (a simultaneous game of up to 64 seats). */
export const testRegistry = (): GameRegistry => defaultRegistry([sealedBids]);

/**
 * A real server on its own database and a free port. `opts.registry`: the games it hosts (default:
 * the hosted games and the sealed-bids fixture); `opts.logger`: the server's log (e.g. a stream a
 * test reads); none: silent. Every JSON answer it gives is checked against its route's response
 * schema (./answer-check.ts): `stop()` and `close()` fail when one did not match.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  shared?: TestDatabase,
  opts: { botWorker?: string; registry?: GameRegistry; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestServer> {
  const db = shared ?? (await createTestDatabase());
  const config = loadConfig({
    DATABASE_URL: db.url,
    OPERATOR_TOKEN,
    RATE_LIMIT_PER_MINUTE: '0',
    NODE_ENV: 'test',
    NOTIFICATIONS: 'off',
    ...env,
  });
  const running = await createServer(config, { registry: testRegistry(), ...opts });
  // Every JSON answer is checked against its route's response schema; stop() and close() fail on a mismatch.
  const answers = checkAnswers(running.app);
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = running.app.server.address() as AddressInfo;
  return {
    ...running,
    url: `http://127.0.0.1:${port}`,
    config,
    db,
    async close() {
      await running.close();
      assertAnswersMatched(answers);
    },
    async stop() {
      await running.close();
      if (!shared) await db.drop();
      assertAnswersMatched(answers);
    },
  };
}

/** Two server processes' worth of servers on one fresh database (and whatever `env` shares, e.g. REDIS_URL). */
export async function startTwoServers(env: Record<string, string> = {}): Promise<{ a: TestServer; b: TestServer; stop(): Promise<void> }> {
  const db = await createTestDatabase();
  const a = await startTestServer(env, db);
  const b = await startTestServer(env, db);
  return {
    a,
    b,
    async stop() {
      await a.stop();
      await b.stop();
      await db.drop();
    },
  };
}
