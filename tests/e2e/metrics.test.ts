import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { call as callPort, freePort, startServerProcess, type ServerProcess } from '../support/faults.js';
import { ensurePromtool, promtool } from '../support/promtool.js';

/** One request on a connection of its own (the cluster hands successive ones to different workers). */
const call = (url: string, method: string, path: string, token?: string, body?: unknown) =>
  callPort(Number(new URL(url).port), method, path, token, body);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(m, `a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const l of (m![2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m![1]!, labels, value: Number(m![3]) });
  }
  return out;
}

const sum = (samples: Sample[], name: string, where: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);

/**
 * The real entry point with WORKERS=2 and METRICS_PORT set: a whole game of Town Center (solo)
 * played through REST, its requests spread over both workers, then one scrape of the primary's
 * endpoint, which must speak for both.
 */
describe('GET /metrics on METRICS_PORT, one endpoint for every worker (end-to-end)', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let metricsUrl = '';
  const played = { moves: 0, id: '', token: '', events: 0 };

  beforeAll(async () => {
    ensurePromtool();
    db = await createTestDatabase();
    const [port, metricsPort] = [await freePort(), await freePort()];
    server = await startServerProcess(
      { DATABASE_URL: db.url, WORKERS: '2', METRICS_PORT: String(metricsPort), NOTIFICATIONS: 'off' },
      port,
    );
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

    const created = await call(server.url, 'POST', '/api/v1/games', undefined, { type: 'town-center', players: [{ name: 'Solo Player' }] });
    expect(created.status).toBe(201);
    played.id = created.body.id;
    played.token = created.body.seats[0].token;
    // A spectator watches the whole game over SSE (on one worker; it hears the other's moves through
    // Postgres): `game`, one `move` per move, then `end`, and the server closes the stream.
    const watching = await fetch(`${server.url}/api/v1/games/${played.id}/stream`);
    expect(watching.status).toBe(200);
    const watched = watching.text();
    const rng = Rng.fromSeed('metrics-e2e');
    for (let status = 'active'; status === 'active'; ) {
      expect(played.moves).toBeLessThan(500);
      const legal = await call(server.url, 'GET', `/api/v1/games/${played.id}/legal-moves`, played.token);
      expect(legal.status).toBe(200);
      const r = await call(server.url, 'POST', `/api/v1/games/${played.id}/moves`, played.token, {
        move: rng.pick(legal.body.moves),
        expectedVersion: legal.body.version,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      played.moves++;
      status = r.body.status;
    }
    played.events = (await watched).split('\n').filter((l) => l.startsWith('event: ')).length;
    // A move the rules refuse, and a request for a game that does not exist.
    const refused = await call(server.url, 'POST', `/api/v1/games/${played.id}/moves`, played.token, { move: { type: 'pass' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await call(server.url, 'GET', '/api/v1/games/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await db?.drop();
  });

  it(
    'promtool check metrics reports nothing; the move counter equals the moves played; no ' + 'label holds an id, a token or a name',
    async () => {
      // A scrape the primary could not complete (a worker that did not answer its IPC request in
      // time, on a loaded machine) is a 503; Prometheus scrapes again at its next interval, and so
      // does this test, a few times.
      let res = await fetch(metricsUrl);
      for (let i = 0; i < 5 && res.status === 503; i++) res = await fetch(metricsUrl);
      expect(res.status, res.status === 503 ? await res.text() : '').toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();

      const lint = promtool(['check', 'metrics'], text);
      expect(lint.output, 'promtool check metrics').toBe('');
      expect(lint.status).toBe(0);

      const samples = parse(text);
      expect(sum(samples, 'citybuilder_moves_total', { type: 'town-center', origin: 'seat' })).toBe(played.moves);
      expect(sum(samples, 'citybuilder_moves_total')).toBe(played.moves);
      expect(
        sum(samples, 'citybuilder_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/v1/games/:id/moves',
          status: '200',
        }),
      ).toBe(played.moves);
      expect(sum(samples, 'citybuilder_move_decide_seconds_count', { type: 'town-center' })).toBeGreaterThanOrEqual(played.moves);
      expect(sum(samples, 'citybuilder_store_append_seconds_count', { result: 'appended' })).toBe(played.moves);
      expect(sum(samples, 'citybuilder_games_created_total', { type: 'town-center' })).toBe(1);
      expect(sum(samples, 'citybuilder_games_finished_total', { type: 'town-center' })).toBe(1);
      expect(sum(samples, 'citybuilder_games_active', { type: 'town-center' })).toBe(0);
      expect(sum(samples, 'citybuilder_http_request_errors_total', { route: '/api/v1/games/:id', status: '404', code: 'NOT_FOUND' })).toBe(
        1,
      );
      expect(sum(samples, 'citybuilder_http_request_errors_total', { route: '/api/v1/games/:id/moves' })).toBe(1);
      expect(sum(samples, 'citybuilder_db_up')).toBe(1);
      // The stream sent the game, every move and the end, and is counted closed.
      expect(played.events).toBe(played.moves + 2);
      expect(sum(samples, 'citybuilder_live_messages_sent_total', { transport: 'sse' })).toBe(played.moves + 2);
      expect(sum(samples, 'citybuilder_live_open', { transport: 'sse' })).toBe(0);
      // Both workers answered: each one's pool of 10 connections is in the sum.
      expect(sum(samples, 'citybuilder_db_pool_max')).toBe(20);
      expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
      expect(sum(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);

      const secrets = [played.id, played.token, 'Solo Player', '00000000-0000-4000-8000-000000000000'];
      for (const s of samples) {
        for (const [k, v] of Object.entries(s.labels)) {
          for (const secret of secrets) expect(v, `${s.name} label ${k}`).not.toContain(secret);
          expect(v, `${s.name} label ${k}`).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|cbs_|cbp_|[0-9a-f]{24}/i);
        }
      }
    },
  );

  it('answers GET /metrics only', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});

describe('METRICS_PORT=0 turns metrics off (end-to-end)', () => {
  it('no metrics listener, and the server serves as before', async () => {
    const db = await createTestDatabase();
    const server = await startServerProcess(
      { DATABASE_URL: db.url, WORKERS: '1', METRICS_PORT: '0', NOTIFICATIONS: 'off', LOG_LEVEL: 'info' },
      await freePort(),
    );
    try {
      expect((await call(server.url, 'POST', '/api/v1/games', undefined, { type: 'town-center', players: [{ name: 'a' }] })).status).toBe(
        201,
      );
      expect(server.output()).toContain('Server listening');
      expect(server.output()).not.toContain('metrics listening');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await db.drop();
    }
  });
});
