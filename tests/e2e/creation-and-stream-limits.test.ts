import http from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/** Opens an SSE stream and resolves with its status and headers once they arrive; `close` ends it. */
function stream(url: string, token?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; close: () => void }>((resolve, reject) => {
    const req = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        const done = () => resolve({ status: res.statusCode!, headers: res.headers, body, close: () => req.destroy() });
        if (res.statusCode === 200) done();
        else res.on('end', done);
      },
    );
    req.on('error', reject);
  });
}

/**
 * Tokens cannot be minted faster than the creation budget, and one client cannot hold live streams
 * without bound: POST /games, /players, /games/import and their GraphQL mutations share a budget
 * per address (CREATE_LIMIT_PER_MINUTE); SSE streams and GraphQL subscriptions are capped per token
 * and per address (LIVE_STREAMS_PER_TOKEN, LIVE_STREAMS_PER_ADDRESS); past them, 429 with Retry-After.
 */
describe('creation budget and live-stream caps (end-to-end)', () => {
  let s: TestServer;
  const clients: Client[] = [];
  beforeAll(async () => {
    // The request limits as in production; the budget and the caps at their defaults but the streams'.
    s = await startTestServer({
      RATE_LIMIT_PER_MINUTE: '600',
      CREATE_LIMIT_PER_MINUTE: '',
      LIVE_STREAMS_PER_TOKEN: '3',
      LIVE_STREAMS_PER_ADDRESS: '5',
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await s?.stop();
  });

  it('100 creations in a minute from one address: the first 60 pass, the rest get 429 with ' +
    'Retry-After, on REST and GraphQL alike', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 100; i++) {
      let r;
      if (i % 3 === 0)
        r = await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'ville-de-demain', players: [{ name: 'A' }, { name: 'B' }] });
      else if (i % 3 === 1)
        r = await request(s.url)
          .post('/api/v1/players')
          .send({ name: `P${i}` });
      else
        r = await request(s.url)
          .post('/graphql')
          .send({ query: 'mutation { createGame(input: {type: "ville-de-demain", players: [{name: "A"}, {name: "B"}]}) { id } }' });
      statuses.push(r.status);
      if (r.status === 429) {
        retryAfter = r.headers['retry-after'];
        expect(r.body.code ?? r.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses.slice(0, 60).every((x) => x === 200 || x === 201)).toBe(true);
    expect(statuses.slice(60).every((x) => x === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The budget is for creations only: reading still works.
    await request(s.url).get('/api/v1/game-types').expect(200);
  }, 60_000);

  it('SSE streams are capped per token and per address (429, Retry-After); a closed stream frees its place', async () => {
    // The budget above is spent: the streams watch games made before.
    const games = (await request(s.url).get('/api/v1/games').query({ limit: 5 }).set('Authorization', 'Bearer test-operator-token')).body
      .games as { id: string }[];
    const id = games[0]!.id;
    const record = await request(s.url).get(`/api/v1/games/${id}`);
    expect(record.status).toBe(200);
    const url = `${s.url}/api/v1/games/${id}/stream`;
    const open: { close: () => void }[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await stream(url);
      expect(r.status, `stream ${i}`).toBe(200);
      open.push(r);
    }
    const sixth = await stream(url);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(sixth.body).code).toBe('RATE_LIMITED');
    open.pop()!.close();
    await expect
      .poll(async () => {
        const r = await stream(url);
        r.close();
        return r.status;
      })
      .toBe(200);
    for (const o of open) o.close();
  });

  it('a token holds at most LIVE_STREAMS_PER_TOKEN streams and subscriptions together', async () => {
    const games = (await request(s.url).get('/api/v1/games').query({ limit: 50 }).set('Authorization', 'Bearer test-operator-token')).body
      .games as { id: string }[];
    // A seat token: reissue seat 0 of a game made above (the operator's request is no creation).
    const id = games[1]!.id;
    const token = (
      await request(s.url).post(`/api/v1/games/${id}/seats/0/token`).set('Authorization', 'Bearer test-operator-token').expect(200)
    ).body.token as string;
    const url = `${s.url}/api/v1/games/${id}/stream`;
    const a = await stream(url, token);
    const b = await stream(url, token);
    expect([a.status, b.status]).toEqual([200, 200]);
    const client = createClient({
      url: `${s.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(client);
    const results: { data?: unknown; errors?: { extensions?: { code?: string; retryAfter?: number } }[] }[] = [];
    const sub = () =>
      client.subscribe(
        { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version } }', variables: { id } },
        {
          next: (m) => void results.push(m as never),
          error: (e) => void results.push({ errors: Array.isArray(e) ? e : [{ extensions: { code: String(e) } }] }),
          complete: () => {},
        },
      );
    sub(); // the third live stream of this token
    await expect.poll(() => results.length).toBeGreaterThan(0);
    expect(results[0]!.data).toBeDefined();
    sub(); // the fourth: refused
    await expect.poll(() => results.some((r) => r.errors)).toBe(true);
    const refused = results.find((r) => r.errors)!.errors![0]!;
    expect(refused.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.extensions?.retryAfter).toBeGreaterThan(0);
    a.close();
    b.close();
  });
});
