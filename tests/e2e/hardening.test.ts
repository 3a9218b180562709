import { connect } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/** Sends raw bytes and collects everything the server answers until it closes the connection. */
function rawExchange(url: string, parts: { data: string; afterMs: number }[]): Promise<{ text: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    const timers: NodeJS.Timeout[] = [];
    socket.on('data', (d) => (text += d));
    socket.on('error', () => undefined); // a reset after the answer is fine: the answer is what counts
    socket.on('close', () => {
      timers.forEach(clearTimeout);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      for (const p of parts) timers.push(setTimeout(() => socket.writable && socket.write(p.data), p.afterMs));
    });
    timers.push(
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`no close after 10 s; got: ${text}`));
      }, 10_000),
    );
  });
}

describe('hardening (end-to-end): chosen seeds are visible, slow bodies are timed out', () => {
  let s: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    [s, off] = await Promise.all([startTestServer({ REQUEST_TIMEOUT_MS: '600' }), startTestServer({ CLIENT_SEEDS: 'off' })]);
  });
  afterAll(async () => {
    await Promise.all([s?.stop(), off?.stop()]);
  });

  const gql = (url: string, query: string, variables: Record<string, unknown> = {}) =>
    request(url).post('/graphql').send({ query, variables });

  it(
    'a game created with a chosen seed says seedChosen: true in the create answer, the game ' +
      'answer, the replay and GraphQL; a random seed says false',
    async () => {
      const chosen = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], seed: 'i-know-the-deck' });
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
      expect(chosen.body.seedChosen).toBe(true);
      const random = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] });
      expect(random.body.seedChosen).toBe(false);

      for (const [id, want] of [
        [chosen.body.id, true],
        [random.body.id, false],
      ] as const) {
        expect((await request(s.url).get(`/api/v1/games/${id}`)).body.seedChosen).toBe(want);
        expect((await request(s.url).get(`/api/v1/games/${id}/replay?at=0`)).body.seedChosen).toBe(want);
        const g = await gql(s.url, 'query($id: ID!) { game(id: $id) { id seedChosen } }', { id });
        expect(g.body.data?.game?.seedChosen, JSON.stringify(g.body)).toBe(want);
      }
      expect(
        (await request(s.url).get(`/api/v1/games/${chosen.body.id}`).set('Authorization', `Bearer ${chosen.body.seats[1].token}`)).body
          .seedChosen,
      ).toBe(true);
      // The server restarts with nothing cached: the flag is stored with the game.
      s.service.clearCache();
      expect((await request(s.url).get(`/api/v1/games/${chosen.body.id}`)).body.seedChosen).toBe(true);

      const created = await gql(
        s.url,
        'mutation { createGame(input: { type: "ville-de-demain", players: [{ name: "a" }, { name: ' +
          '"b" }], seed: "mine" }) { id seedChosen } }',
      );
      expect(created.body.data?.createGame?.seedChosen, JSON.stringify(created.body)).toBe(true);
    },
  );

  it(
    'CLIENT_SEEDS=off refuses a chosen seed over REST and GraphQL with 403 SEED_NOT_ALLOWED, ' +
      'creating nothing; games without a seed are created',
    async () => {
      const before = await off.service.listGames(off.config.operatorToken, {});
      const r = await request(off.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], seed: 'x' });
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(r.body.code).toBe('SEED_NOT_ALLOWED');
      expect(r.body.detail).toMatch(/CLIENT_SEEDS=off/);
      const g = await gql(
        off.url,
        'mutation { createGame(input: { type: "ville-de-demain", players: [{ name: "a" }, { name: "b" }], seed: "x" }) { id } }',
      );
      expect(g.body.errors?.[0]?.extensions?.code, JSON.stringify(g.body)).toBe('SEED_NOT_ALLOWED');
      expect((await off.service.listGames(off.config.operatorToken, {})).games).toHaveLength(before.games.length);

      const ok = await request(off.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] });
      expect(ok.status).toBe(201);
      expect(ok.body.seedChosen).toBe(false);
      // A record of a game still running carries no seed; a forged one with a seed would let its
      // importer foresee the rest of the game: refused too.
      const forged = {
        format: 'citybuilder-record/1',
        type: 'ville-de-demain',
        engineVersion: ok.body.engineVersion,
        options: {},
        players: [{ name: 'a' }, { name: 'b' }],
        seed: 'x',
        moves: [],
      };
      const imp = await request(off.url).post('/api/v1/games/import').send(forged);
      expect(imp.status, JSON.stringify(imp.body)).toBe(403);
      expect(imp.body.code).toBe('SEED_NOT_ALLOWED');
      // With client seeds on, the same import is a game whose seed was chosen.
      const imported = await request(s.url).post('/api/v1/games/import').send(forged);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.seedChosen).toBe(true);
    },
  );

  it(
    'a request body that trickles in is cut at REQUEST_TIMEOUT_MS with 408 REQUEST_TIMEOUT ' +
      '(problem+json), and the server keeps serving',
    async () => {
      const head = 'POST /api/v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
      const { text, closedAfterMs } = await rawExchange(s.url, [
        { data: head, afterMs: 0 },
        { data: '{"type":', afterMs: 50 },
        { data: '"ville', afterMs: 300 },
      ]);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/content-type: application\/problem\+json/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).code).toBe('REQUEST_TIMEOUT');
      expect(closedAfterMs).toBeGreaterThanOrEqual(500);
      expect(closedAfterMs).toBeLessThan(3_000);
      // Slow headers too.
      const slowHead = await rawExchange(s.url, [
        { data: 'GET /healthz HTTP/1.1\r\n', afterMs: 0 },
        { data: 'Host: x\r\n', afterMs: 200 },
      ]);
      expect(slowHead.text).toMatch(/^HTTP\/1\.1 408 /);
      expect((await request(s.url).get('/healthz')).status).toBe(200);
    },
  );
});
