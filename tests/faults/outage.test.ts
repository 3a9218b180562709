import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer, type Running } from '../../src/server.js';
import { isDatabaseUnavailable } from '../../src/app/unavailable.js';
import { toAppError } from '../../src/http/problem.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedServer } from '../../src/store/embedded.js';
import { expectConsistentLog, freePort, freeze, postmasterPid, sleep, thaw } from '../support/faults.js';
import { testRegistry } from '../support/server.js';

interface Answer {
  what: string;
  status: number;
  code?: string;
  retryAfter: string | null;
  ms: number;
}

/**
 * The database goes away under a running server: frozen (SIGSTOP, as a hung host or a network
 * black hole) and stopped. Every request gets 503 UNAVAILABLE with Retry-After within seconds,
 * never a hang and never a 500, and the server is back to normal by itself when the database
 * returns. The Postgres here is this test's own (embedded, its own folder and port): the shared
 * one is never touched.
 */
describe('faults: database frozen and stopped', () => {
  let dir: string;
  let dataDir: string;
  let pgPort: number;
  let db: EmbeddedServer;
  let dbUrl: string;
  let server: Running;
  let url: string;
  let game: { id: string; token: string };
  const acknowledged = new Map<string, number>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cb-faults-pg-'));
    dataDir = join(dir, 'data');
    pgPort = await freePort();
    db = await startEmbeddedPostgres({ dataDir, port: pgPort, persistent: true });
    await ensureDatabase(db.adminUrl, 'faults');
    dbUrl = db.urlFor('faults');
    server = await createServer(
      loadConfig({
        DATABASE_URL: dbUrl,
        RATE_LIMIT_PER_MINUTE: '0',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '2000',
        LOG_LEVEL: 'silent',
      }),
      { registry: testRegistry() },
    );
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const r = await fetch(`${url}/api/v1/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], options: { rounds: 20 } }),
    });
    expect(r.status, await r.clone().text()).toBe(201);
    const created = (await r.json()) as { id: string; seats: { token: string }[] };
    game = { id: created.id, token: created.seats[0]!.token };
    acknowledged.set(game.id, 0);
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await db?.stop().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const timed = async (what: string, init: () => Promise<Response>): Promise<Answer> => {
    const t = Date.now();
    try {
      const r = await init();
      const body = (await r.json().catch(() => ({}))) as { code?: string; errors?: { extensions?: { code?: string } }[] };
      return {
        what,
        status: r.status,
        code: body.code ?? body.errors?.[0]?.extensions?.code,
        retryAfter: r.headers.get('retry-after'),
        ms: Date.now() - t,
      };
    } catch (err) {
      return { what, status: 0, code: String(err), retryAfter: null, ms: Date.now() - t };
    }
  };
  const json = (body: unknown, token?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  /** One of every kind of request: reads, a move, a create, GraphQL, readiness. */
  const everything = (round: number) =>
    Promise.all([
      timed('GET game', () => fetch(`${url}/api/v1/games/${game.id}`, { signal: AbortSignal.timeout(20_000) })),
      timed('GET legal-moves', () =>
        fetch(`${url}/api/v1/games/${game.id}/legal-moves`, {
          headers: { authorization: `Bearer ${game.token}` },
          signal: AbortSignal.timeout(20_000),
        }),
      ),
      timed('GET events', () => fetch(`${url}/api/v1/games/${game.id}/events`, { signal: AbortSignal.timeout(20_000) })),
      timed('POST move', () =>
        fetch(`${url}/api/v1/games/${game.id}/moves`, json({ move: { type: 'bid', amount: round % 4 } }, game.token)),
      ),
      timed('POST games', () => fetch(`${url}/api/v1/games`, json({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] }))),
      timed('GraphQL game', () => fetch(`${url}/graphql`, json({ query: `{ game(id: "${game.id}") { version } }` }))),
      timed('readyz', () => fetch(`${url}/readyz`, { signal: AbortSignal.timeout(20_000) })),
    ]);
  /** While the database is away: every answer is 503 UNAVAILABLE with Retry-After, within a few seconds. */
  const expectUnavailable = (answers: Answer[], withinMs: number) => {
    for (const a of answers) {
      expect(a.status, JSON.stringify(a)).toBe(503);
      expect(a.what === 'readyz' || a.code === 'UNAVAILABLE', JSON.stringify(a)).toBe(true);
      expect(a.retryAfter, JSON.stringify(a)).toMatch(/^\d+$/);
      expect(a.ms, JSON.stringify(a)).toBeLessThan(withinMs);
    }
  };
  /**
   * Waits until the server sheds requests without trying the database (after two failed pings in a
   * row, one a second): /readyz is then answered by the load shedder's 503, not by its own ping's.
   */
  const untilShedding = () =>
    expect
      .poll(
        async () => ((await (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(20_000) })).json()) as { detail?: string }).detail,
        { timeout: 20_000, interval: 100 },
      )
      .toMatch(/retry shortly/); // the shedder's words (src/http/app.ts); readyz's own say only that the database does not answer
  /** Back to normal by itself: reads answer 200 again, and a move is accepted. */
  const expectRecovery = async (label: string) => {
    const t = Date.now();
    for (;;) {
      const r = await timed('GET game', () => fetch(`${url}/api/v1/games/${game.id}`, { signal: AbortSignal.timeout(20_000) }));
      if (r.status === 200) break;
      expect(r.status, JSON.stringify(r)).toBe(503);
      expect(Date.now() - t, `${label}: not back to normal`).toBeLessThan(30_000);
      await sleep(200);
    }
    const g = (await (await fetch(`${url}/api/v1/games/${game.id}`)).json()) as { version: number; toMove: number[] };
    const r = await fetch(`${url}/api/v1/games/${game.id}/moves`, json({ move: { type: 'bid', amount: 1 } }, game.token));
    // The seat may already have bid this round (a move acknowledged before the outage): then 409/422, not 5xx.
    expect(r.status, await r.clone().text()).toBeLessThan(500);
    if (r.status === 200) acknowledged.set(game.id, ((await r.json()) as { version: number }).version);
    expect(g.version).toBeGreaterThanOrEqual(acknowledged.get(game.id)! - 1);
    return Date.now() - t;
  };

  it('frozen (SIGSTOP): 503 UNAVAILABLE with Retry-After within seconds, never a hang or a 500; back to normal after SIGCONT', async () => {
    expect((await everything(0)).filter((a) => a.status >= 500)).toEqual([]);
    const pids = freeze(postmasterPid(dataDir));
    try {
      expectUnavailable(await everything(1), 8_000);
      await untilShedding(); // two failed pings in a row: answers come at once
      const later = await everything(2);
      expectUnavailable(later, 8_000);
      expect(Math.max(...later.map((a) => a.ms))).toBeLessThan(2_500); // no waiting on timeouts any more
    } finally {
      thaw(pids);
    }
    const ms = await expectRecovery('after SIGCONT');
    expect(ms).toBeLessThan(15_000);
  });

  it('a database that refuses connections, or cancels a statement on timeout, is UNAVAILABLE (503), not INTERNAL (500)', async () => {
    const closed = createPrismaClient(`postgresql://nobody@127.0.0.1:${await freePort()}/none`, 2, {
      connectMs: 1_000,
      statementMs: 1_000,
    });
    const refused = await new PrismaGameStore(closed).getGame('00000000-0000-0000-0000-000000000000').catch((err: unknown) => err);
    await closed.$disconnect();
    expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);
    expect(toAppError(refused).code).toBe('UNAVAILABLE');
    const slow = createPrismaClient(dbUrl, 1, { connectMs: 1_000, statementMs: 300 });
    const cancelled = await slow.$queryRaw`SELECT pg_sleep(2)`.catch((err: unknown) => err);
    await slow.$disconnect();
    expect(toAppError(cancelled).code, String(cancelled)).toBe('UNAVAILABLE');
    // A client's mistake stays what it is.
    expect(isDatabaseUnavailable(new Error('unique constraint failed'))).toBe(false);
  });

  it('stopped, then started again: 503 UNAVAILABLE within seconds while it is down; back to normal by itself', async () => {
    await db.stop();
    expectUnavailable(await everything(3), 8_000);
    await untilShedding();
    expectUnavailable(await everything(4), 2_000);
    db = await startEmbeddedPostgres({ dataDir, port: pgPort, persistent: true });
    const ms = await expectRecovery('after restart');
    expect(ms).toBeLessThan(15_000);
    await expectConsistentLog(dbUrl, acknowledged);
  });

  it('stopped by its owner, it waits for a client closing its connection: the client sees no termination (57P01)', async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    const errors: string[] = [];
    client.on('error', (err: Error & { code?: string }) => errors.push(`${err.code ?? ''} ${err.message}`));
    await client.connect();
    const stopped = db.stop();
    // The owner's pools close their connections as it stops: this one a little late, as pg's pool.end()
    // resolves before its clients' sockets are closed.
    await sleep(300);
    await client.end();
    await stopped;
    expect(errors).toEqual([]);
    db = await startEmbeddedPostgres({ dataDir, port: pgPort, persistent: true });
  });
});
