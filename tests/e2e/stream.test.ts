import { REDIS, redisRequired } from '../support/redis.js';
import { EventSource } from 'eventsource';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, startTwoServers, type TestServer } from '../support/server.js';

interface Received {
  type: string;
  id: string;
  data: Record<string, unknown>;
}

/** A real EventSource (WhatWG) on the stream, sending the token as EventSource polyfills do: a header. */
function open(url: string, token?: string, lastEventId?: string) {
  const got: Received[] = [];
  let opened = 0;
  const es = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers ?? {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
      }),
  });
  es.addEventListener('open', () => void opened++);
  for (const type of ['game', 'move', 'end', 'error']) {
    es.addEventListener(type, (e) => {
      const m = e as { data?: unknown; lastEventId: string };
      if (typeof m.data === 'string') got.push({ type, id: m.lastEventId, data: JSON.parse(m.data) });
    });
  }
  const until = async (pred: (g: Received[]) => boolean, what: string) => {
    for (let i = 0; i < 200 && !pred(got); i++) await new Promise((r) => setTimeout(r, 25));
    expect(pred(got), `${what}: got ${JSON.stringify(got.map((g) => [g.type, g.id]))}`).toBe(true);
    return got;
  };
  return { es, got, until, opens: () => opened };
}
const moves = (g: Received[]) => g.filter((x) => x.type === 'move');

async function newGame(url: string, rounds = 3) {
  const r = await request(url)
    .post('/api/v1/games')
    .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }], options: { rounds } })
    .expect(201);
  return { id: r.body.id as string, t: r.body.seats.map((x: { token: string }) => x.token) as string[] };
}
const bid = (url: string, id: string, token: string, amount = 1) =>
  request(url)
    .post(`/api/v1/games/${id}/moves`)
    .set('Authorization', `Bearer ${token}`)
    .send({ move: { type: 'bid', amount } })
    .expect(200);

describe('REST live updates: GET /games/{id}/stream (server-sent events, end-to-end)', () => {
  let s: TestServer;
  const sources: EventSource[] = [];
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    for (const es of sources) es.close();
    await s?.stop();
  });

  it("sends the game, then every move with the caller's own view and events, id = version, then end", async () => {
    const { id, t } = await newGame(s.url, 1);
    const seat0 = open(`${s.url}/api/v1/games/${id}/stream`, t[0]);
    const seat1 = open(`${s.url}/api/v1/games/${id}/stream`, t[1]);
    const watcher = open(`${s.url}/api/v1/games/${id}/stream`);
    sources.push(seat0.es, seat1.es, watcher.es);
    for (const w of [seat0, seat1, watcher]) {
      const [first] = await w.until((g) => g.length >= 1, 'the game first');
      expect(first).toMatchObject({ type: 'game', id: '0', data: { id, version: 0, status: 'active' } });
    }
    await bid(s.url, id, t[0]!, 3);
    for (const w of [seat0, seat1, watcher]) await w.until((g) => moves(g).length >= 1, 'move 1');
    const m0 = moves(seat0.got)[0]!;
    const m1 = moves(seat1.got)[0]!;
    expect(m0).toMatchObject({ id: '1', data: { version: 1, seat: 0, status: 'active', toMove: [1], move: { type: 'bid', amount: 3 } } });
    expect(m0.data.view).toMatchObject({ bids: [3, 'waiting'] }); // its own sealed bid
    expect(m0.data.events).toEqual([{ type: 'bidPlaced', seat: 0, amount: 3 }]);
    expect(m1.data.view).toMatchObject({ bids: ['sealed', null] }); // never another seat's bid
    expect(m1.data.events).toEqual([{ type: 'bidPlaced', seat: 0 }]); // the amount is hidden from seat 1
    const log = await request(s.url).get(`/api/v1/games/${id}/events`).set('Authorization', `Bearer ${t[1]}`).expect(200);
    expect(m1.data.move).toEqual(log.body.moves[0].move); // the move as GET /events shows it to seat 1
    expect(moves(watcher.got)[0]!.data.view).toMatchObject({ bids: ['sealed', 'waiting'] });

    await bid(s.url, id, t[1]!, 1); // the last bid of the only round: the game is over
    for (const w of [seat0, seat1, watcher]) {
      const g = await w.until((x) => x.some((e) => e.type === 'end'), 'the end');
      expect(g.map((e) => `${e.type}:${e.id}`)).toEqual(['game:0', 'move:1', 'move:2', 'end:']);
      const last = moves(g)[1]!.data;
      expect(last).toMatchObject({ version: 2, status: 'finished', toMove: [] });
      expect((last.events as { type: string }[]).map((e) => e.type)).toEqual(['bidPlaced', 'roundResolved']);
      expect(JSON.stringify(last.events)).not.toContain('rng'); // the generator's state never leaves
      expect(g.at(-1)!.data).toEqual({ version: 2 });
    }
  });

  it('a client that loses the connection comes back with Last-Event-ID: it misses nothing and gets nothing twice', async () => {
    const { id, t } = await newGame(s.url, 4);
    const w = open(`${s.url}/api/v1/games/${id}/stream`, t[1]);
    sources.push(w.es);
    await w.until((g) => g.length >= 1, 'the game first');
    await bid(s.url, id, t[0]!);
    await bid(s.url, id, t[1]!);
    await w.until((g) => moves(g).length >= 2, 'moves 1 and 2');
    // The network drops every connection; moves go on while the client is away.
    s.app.server.closeAllConnections();
    await bid(s.url, id, t[0]!);
    await bid(s.url, id, t[1]!);
    await bid(s.url, id, t[0]!);
    // EventSource reconnects by itself (retry: 1 s) and sends Last-Event-ID: 2.
    await w.until((g) => moves(g).length >= 5, 'the moves made while away');
    await bid(s.url, id, t[1]!);
    const g = await w.until((x) => moves(x).length >= 6, 'a live move after the reconnection');
    expect(w.opens()).toBeGreaterThanOrEqual(2);
    expect(moves(g).map((m) => Number(m.id))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(g.filter((e) => e.type === 'game')).toHaveLength(1); // a resumed stream does not start over
    expect(moves(g)[3]!.data.view).toMatchObject({ round: 3 }); // each move with the view right after it
    w.es.close();
  });

  it("resumes from Last-Event-ID or ?after= on a fresh connection, with each move's view at its version", async () => {
    const { id, t } = await newGame(s.url, 3);
    for (let i = 0; i < 3; i++) await bid(s.url, id, t[i % 2]!, 2);
    const byHeader = open(`${s.url}/api/v1/games/${id}/stream`, t[0], '1');
    const byQuery = open(`${s.url}/api/v1/games/${id}/stream?after=1`, t[0]);
    sources.push(byHeader.es, byQuery.es);
    for (const w of [byHeader, byQuery]) {
      const g = await w.until((x) => moves(x).length >= 2, 'moves 2 and 3');
      expect(g.map((e) => `${e.type}:${e.id}`)).toEqual(['move:2', 'move:3']);
      expect(g[0]!.data.view).toMatchObject({ round: 2, bids: [null, 'waiting'] }); // right after move 2
      expect(g[1]!.data.view).toMatchObject({ round: 2, bids: [2, 'waiting'] }); // right after move 3
    }
  });

  it("refuses bad input before streaming, with the API's problem documents", async () => {
    const { id } = await newGame(s.url);
    const bad = await request(s.url).get(`/api/v1/games/${id}/stream`).set('Last-Event-ID', 'yesterday');
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(bad.body.detail).toMatch(/Last-Event-ID/);
    const ahead = await request(s.url).get(`/api/v1/games/${id}/stream`).set('Last-Event-ID', '7');
    expect([ahead.status, ahead.body.code]).toEqual([400, 'INVALID_INPUT']);
    const forged = await request(s.url).get(`/api/v1/games/${id}/stream`).set('Authorization', 'Bearer cbs_forged');
    expect([forged.status, forged.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const missing = await request(s.url).get('/api/v1/games/00000000-0000-4000-8000-000000000000/stream');
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('the stream and a graceful shutdown', () => {
  it('a server closing ends its open streams instead of waiting for them', async () => {
    const own = await startTestServer();
    const { id } = await newGame(own.url);
    const res = await fetch(`${own.url}/api/v1/games/${id}/stream`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: game');
    const started = Date.now();
    await own.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    for (;;) if ((await reader.read()).done) break; // the server ended the stream
  });
});

describe.runIf(redisRequired)('the stream across two server processes (Postgres + Redis)', () => {
  let a: TestServer;
  let b: TestServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, b, stop } = await startTwoServers({ REDIS_URL: REDIS }));
  });
  afterAll(async () => {
    await stop?.();
  });

  it('a stream on server A carries the moves accepted by server B, each once, in order', async () => {
    const { id, t } = await newGame(a.url, 3);
    const w = open(`${a.url}/api/v1/games/${id}/stream`, t[1]);
    await w.until((g) => g.length >= 1, 'the game first');
    // No wait for Redis here: each server subscribed to every game's notices there when it started
    // (src/http/fanout.ts); the watcher's own subscription is on its server and answered already.
    for (let i = 0; i < 4; i++) await bid(b.url, id, t[i % 2]!);
    const g = await w.until((x) => moves(x).length >= 4, 'the moves made on B');
    expect(moves(g).map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    expect(moves(g)[0]!.data.view).toMatchObject({ bids: ['sealed', null] });
    w.es.close();
  });
});
