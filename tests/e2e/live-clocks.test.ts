import { EventSource } from 'eventsource';
import { createClient } from 'graphql-ws';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

interface Clock {
  seat: number;
  remainingSeconds: number;
  running: boolean;
  deadline: string | null;
}

/** The SSE `game` event and the GraphQL subscription's first update carry `clocks` as GET /games/{id} does (docs/shapes.md). */
describe('clocks in the live game messages (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ NOTIFICATIONS: 'on', NOTIFY_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("the SSE game event and GraphQL gameUpdated's first update carry each seat's clock, as the REST answer", async () => {
    const r = await request(s.url)
      .post('/api/v1/games')
      .send({
        type: 'town-center',
        players: [{ name: 'A' }, { name: 'B' }],
        timeControl: { initialSeconds: 600, incrementSeconds: 30, maxSeconds: 900 },
      })
      .expect(201);
    const id = r.body.id as string;
    const clocksNow = async () => ((await request(s.url).get(`/api/v1/games/${id}`)).body as { clocks: Clock[] }).clocks;
    await expect.poll(async () => (await clocksNow()).some((c) => c.running), { timeout: 10_000 }).toBe(true);
    const rest = await clocksNow();
    expect(rest.map((c) => [c.seat, c.running])).toEqual([
      [0, true],
      [1, false],
    ]);

    const sse = await new Promise<{ clocks: Clock[]; deadlines: unknown[] }>((ok, fail) => {
      const es = new EventSource(`${s.url}/api/v1/games/${id}/stream`);
      es.addEventListener('game', (e) => {
        es.close();
        ok(JSON.parse((e as unknown as { data: string }).data));
      });
      es.addEventListener('error', (e) => fail(e));
    });
    expect(sse.clocks.map((c) => [c.seat, c.running, c.deadline])).toEqual(rest.map((c) => [c.seat, c.running, c.deadline]));
    expect(sse.clocks[1]!.remainingSeconds).toBe(600);
    expect(sse.deadlines).toEqual([expect.objectContaining({ seat: 0, at: rest[0]!.deadline })]);

    const client = createClient({ url: `${s.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    try {
      const first = await new Promise<{ version: number; seat: number | null; clocks: Clock[] | null }>((ok, fail) => {
        const dispose = client.subscribe<{ gameUpdated: { version: number; seat: number | null; clocks: Clock[] | null } }>(
          {
            query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version seat clocks { seat remainingSeconds running deadline } } }',
            variables: { id },
          },
          {
            next: (m) => {
              if (m.data) {
                dispose();
                ok(m.data.gameUpdated);
              } else fail(m.errors);
            },
            error: fail,
            complete: () => {},
          },
        );
      });
      expect(first.seat).toBeNull();
      expect(first.clocks!.map((c) => [c.seat, c.running, c.deadline])).toEqual(rest.map((c) => [c.seat, c.running, c.deadline]));
    } finally {
      await client.dispose();
    }
  });
});
