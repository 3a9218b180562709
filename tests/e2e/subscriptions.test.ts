import { createClient, type Client } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

interface Update {
  gameId: string;
  version: number;
  status: string;
  toMove: number[];
  view: { bids: unknown[]; round: number };
}

/** Collects a subscription's updates; `next(n)` waits until n have arrived. */
function watch(client: Client, gameId: string) {
  const updates: Update[] = [];
  const errors: unknown[] = [];
  let wake = () => {};
  const dispose = client.subscribe<{ gameUpdated: Update }>(
    { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { gameId version status toMove view } }', variables: { id: gameId } },
    {
      next: (m) => {
        if (m.data) updates.push(m.data.gameUpdated);
        if (m.errors) errors.push(...m.errors);
        wake();
      },
      error: (e) => {
        errors.push(e);
        wake();
      },
      complete: () => wake(),
    },
  );
  const next = async (n: number) => {
    const deadline = Date.now() + 10_000;
    while (updates.length < n && errors.length === 0 && Date.now() < deadline)
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 200);
      });
    return updates;
  };
  return { updates, errors, next, dispose };
}

describe('GraphQL subscriptions over graphql-ws (end-to-end)', () => {
  let s: TestServer;
  const clients: Client[] = [];
  const connect = (token?: string) => {
    const c = createClient({
      url: `${s.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await s?.stop();
  });

  it("pushes every new version to each watcher, each with its own seat's view", async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    const { id } = g.body;
    const [t0, t1] = g.body.seats.map((x: { token: string }) => x.token);
    const seat0 = watch(connect(t0), id);
    const seat1 = watch(connect(t1), id);
    const spectator = watch(connect(), id);
    for (const w of [seat0, seat1, spectator]) expect((await w.next(1))[0]!.version).toBe(0); // the game as it is now, first

    await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${t0}`)
      .send({ move: { type: 'bid', amount: 3 } })
      .expect(200);
    for (const w of [seat0, seat1, spectator]) expect((await w.next(2))[1]!.version).toBe(1);
    expect(seat0.updates[1]!.view.bids).toEqual([3, 'waiting']); // its own sealed bid
    expect(seat1.updates[1]!.view.bids).toEqual(['sealed', null]); // never another seat's bid
    expect(spectator.updates[1]!.view.bids).toEqual(['sealed', 'waiting']);
    expect(seat1.updates[1]!.toMove).toEqual([1]);

    await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${t1}`)
      .send({ move: { type: 'bid', amount: 1 } })
      .expect(200);
    for (const w of [seat0, seat1, spectator]) {
      const u = await w.next(3);
      expect(u[2]!.version).toBe(2);
      expect(u[2]!.view.round).toBe(2);
      expect(w.errors).toEqual([]);
    }
  });

  it("each update carries the move's events as that watcher may read them, and the seat that moved", async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    const { id } = g.body;
    const [t0, t1] = g.body.seats.map((x: { token: string }) => x.token);
    type Animated = { version: number; seat: number | null; events: { type: string; seat?: number; amount?: number; bids?: number[] }[] };
    const query = 'subscription($id: ID!) { gameUpdated(gameId: $id) { version seat events } }';
    const collect = (token: string | undefined) => {
      const got: Animated[] = [];
      connect(token).subscribe<{ gameUpdated: Animated }>(
        { query, variables: { id } },
        { next: (m) => void (m.data && got.push(m.data.gameUpdated)), error: () => {}, complete: () => {} },
      );
      return got;
    };
    const seat0 = collect(t0);
    const seat1 = collect(t1);
    const until = async (got: Animated[], n: number) => {
      for (let i = 0; i < 200 && got.length < n; i++) await new Promise((r) => setTimeout(r, 25));
      return got;
    };
    expect((await until(seat0, 1))[0]).toEqual({ version: 0, seat: null, events: [] });
    await until(seat1, 1);
    await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${t0}`)
      .send({ move: { type: 'bid', amount: 3 } })
      .expect(200);
    expect((await until(seat0, 2))[1]).toEqual({ version: 1, seat: 0, events: [{ type: 'bidPlaced', seat: 0, amount: 3 }] });
    // the amount stays sealed
    expect((await until(seat1, 2))[1]).toEqual({ version: 1, seat: 0, events: [{ type: 'bidPlaced', seat: 0 }] });
    await request(s.url)
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${t1}`)
      .send({ move: { type: 'bid', amount: 1 } })
      .expect(200);
    const resolved = (await until(seat1, 3))[2]!;
    expect(resolved.events.map((e) => e.type)).toEqual(['bidPlaced', 'roundResolved']);
    expect(resolved.events[1]!.bids).toEqual([3, 1]); // revealed once the round resolves
    expect(JSON.stringify(resolved.events)).not.toContain('rng');
  });

  it("refuses a bad token or an unknown game with the API's codes", async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    const forged = watch(connect('cbs_forged'), g.body.id);
    await forged.next(1);
    expect(JSON.stringify(forged.errors)).toContain('UNAUTHORIZED');
    const missing = watch(connect(), '00000000-0000-4000-8000-000000000000');
    await missing.next(1);
    expect(JSON.stringify(missing.errors)).toContain('NOT_FOUND');
  });
});
