import { REDIS, redisRequired } from '../support/redis.js';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoServers, type TestServer } from '../support/server.js';

/**
 * Two server processes' worth of apps on one database and one Redis: a watcher subscribed on one
 * is woken by a move accepted by the other, with its own seat's view.
 */
describe.runIf(redisRequired)('several server processes (end-to-end, Postgres + Redis)', () => {
  let a: TestServer;
  let b: TestServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, b, stop } = await startTwoServers({ REDIS_URL: REDIS }));
  });
  afterAll(async () => {
    await stop?.();
  });

  it("a watcher on server A sees a move accepted by server B, and each server serves the other's moves", async () => {
    const g = await request(a.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    const { id } = g.body;
    const [t0, t1] = g.body.seats.map((x: { token: string }) => x.token);
    const client = createClient({
      url: `${a.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${t1}` },
      retryAttempts: 0,
    });
    const updates: { version: number; view: { bids: unknown[] } }[] = [];
    const dispose = client.subscribe<{ gameUpdated: { version: number; view: { bids: unknown[] } } }>(
      { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version view } }', variables: { id } },
      { next: (m) => void (m.data && updates.push(m.data.gameUpdated)), error: () => {}, complete: () => {} },
    );
    const waitFor = async (n: number) => {
      for (let i = 0; i < 100 && updates.length < n; i++) await new Promise((r) => setTimeout(r, 50));
      return updates;
    };
    expect((await waitFor(1))[0]!.version).toBe(0);
    // No wait for Redis here: each server subscribed to every game's notices there when it started
    // (src/http/fanout.ts); the watcher's own subscription is on its server and answered already.
    await request(b.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${t0}`)
      .send({ move: { type: 'bid', amount: 2 } })
      .expect(200);
    const got = await waitFor(2);
    expect(got[1]?.version).toBe(1);
    expect(got[1]?.view.bids).toEqual(['sealed', null]); // seat 1's own view: seat 0's bid stays sealed
    // Server A, whose cache still holds version 0, accepts the next move on top of B's.
    const r = await request(a.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${t1}`)
      .send({ move: { type: 'bid', amount: 1 } });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(2);
    expect((await waitFor(3))[2]?.version).toBe(2);
    dispose();
    await client.dispose();
  });
});
