import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/server.js';
import { Rng } from '../../src/engine/index.js';
import { createTestDatabase } from '../support/db.js';
import { expectConsistentLog } from '../support/faults.js';
import { startTestServer, testRegistry, type TestServer } from '../support/server.js';

describe('operations (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ CORS_ORIGINS: 'https://play.example' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('/healthz and /readyz answer; /readyz is 503 when the database is gone', async () => {
    expect((await request(s.url).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(s.url).get('/readyz')).body).toEqual({ status: 'ready' });
    const other = await startTestServer();
    await request(other.url).get('/readyz').expect(200);
    const admin = new pg.Client({ connectionString: new URL(other.db.url).toString().replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE ${new URL(other.db.url).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
    const r = await request(other.url).get('/readyz');
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('UNAVAILABLE');
    await other.close();
  });

  it('CORS lets the configured frontend origin in, with the headers the API uses', async () => {
    const pre = await request(s.url)
      .options('/api/v1/games')
      .set('Origin', 'https://play.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,idempotency-key,content-type');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://play.example');
    expect(pre.headers['access-control-allow-headers']).toMatch(/Idempotency-Key/);
    const other = await request(s.url).get('/api/v1/game-types').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate limiting answers 429 RATE_LIMITED with Retry-After', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i++) await request(limited.url).get('/api/v1/game-types').expect(200);
    const r = await request(limited.url).get('/api/v1/game-types');
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('RATE_LIMITED');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // A made-up bearer token does not buy a fresh allowance.
    expect((await request(limited.url).get('/api/v1/game-types').set('Authorization', 'Bearer made-up')).status).toBe(429);
    await request(limited.url).get('/healthz').expect(200); // probes are never limited
    await limited.stop();
  });

  it('logs are JSON lines that carry the request id and the game id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _e, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        cb();
      },
    });
    const db = await createTestDatabase();
    const server = await createServer(loadConfig({ DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '0' }), {
      registry: testRegistry(),
      logger: { level: 'info', stream },
    });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/games',
      payload: { type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] },
    });
    const id = created.json().id;
    const r = await server.app.inject({ method: 'GET', url: `/api/v1/games/${id}`, headers: { 'x-request-id': 'trace-123' } });
    expect(r.headers['x-request-id']).toBe('trace-123');
    const mine = lines.filter((l) => l.reqId === 'trace-123');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.gameId === id)).toBe(true);
    await server.close();
    await db.drop();
  });

  it('SIGTERM under load: requests in flight finish, the process exits 0, and no move is half-written or lost', async () => {
    const db = await createTestDatabase();
    const port = 31_000 + (process.pid % 1000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      for (const l of String(d).split('\n')) if (/shutting|closed|error|Error/.test(l)) stderr += `${l}\n`;
    });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      expect(i, stderr).toBeLessThan(300);
      if (
        await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const acknowledged = new Map<string, number>(); // game -> highest version answered 200
    let stop = false;
    const unexpected: string[] = [];
    const player = async (k: number) => {
      const c = await fetch(`${url}/api/v1/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] }),
      }).then(
        (r) => r.json() as Promise<{ id: string; seats: { token: string }[] }>,
        () => null,
      );
      if (!c) return;
      const rng = Rng.fromSeed(`sigterm-${k}`);
      while (!stop) {
        try {
          const g = (await fetch(`${url}/api/v1/games/${c.id}`).then((r) => r.json())) as { status: string; toMove: number[] };
          if (g.status !== 'active') break;
          const seat = g.toMove[0];
          const token = c.seats[seat!]!.token;
          const { moves } = (await fetch(`${url}/api/v1/games/${c.id}/legal-moves`, { headers: { authorization: `Bearer ${token}` } }).then(
            (r) => r.json(),
          )) as { moves: unknown[] };
          const r = await fetch(`${url}/api/v1/games/${c.id}/moves`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ move: rng.pick(moves) }),
          });
          if (r.status === 200) acknowledged.set(c.id, ((await r.json()) as { version: number }).version);
          else if (r.status !== 503) unexpected.push(`${r.status} ${await r.text()}`);
        } catch {
          break; // the server closed the connection: it is shutting down
        }
      }
    };
    const players = Array.from({ length: 8 }, (_, k) => player(k));
    for (let i = 0; i < 300 && [...acknowledged.values()].reduce((a, b) => a + b, 0) < 40; i++) await new Promise((r) => setTimeout(r, 50));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
    stop = true;
    await Promise.all(players);

    expect(unexpected).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(0);
    await expectConsistentLog(db.url, acknowledged); // the header, the moves and the events agree; nothing acknowledged is lost
    await db.drop();
  });
});
