import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { REDIS, redisRequired } from '../support/redis.js';
import { startTwoServers, type TestServer } from '../support/server.js';
import { gotEveryVersion, graphqlWatcher, sseWatcher, type Watcher } from '../support/watchers.js';

/**
 * Live updates across server processes: watchers of one game on both servers (SSE streams and
 * GraphQL subscriptions, through the `eventsource` and `graphql-ws` clients, seats and spectators)
 * while its moves are accepted by either server. Without Redis the fan-out is Postgres
 * LISTEN/NOTIFY on the same database; with REDIS_URL it is Redis. Each watcher must get every move
 * exactly once, in order.
 */
for (const [name, env] of [
  ['Postgres LISTEN/NOTIFY, no Redis', {}],
  ['Redis', { REDIS_URL: REDIS }],
] as const) {
  describe.runIf(name !== 'Redis' || redisRequired)(`live updates on two servers, one database (${name})`, () => {
    let a: TestServer;
    let b: TestServer;
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ a, b, stop } = await startTwoServers(env));
    });
    afterAll(async () => {
      await stop?.();
    });

    it('12 watchers on both servers get each of 30 moves, made on either server, once and in order', async () => {
      const created = await request(a.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'Ada' }, { name: 'Bob' }] })
        .expect(201);
      const id: string = created.body.id;
      const tokens: string[] = created.body.seats.map((x: { token: string }) => x.token);
      const watchers: Watcher[] = [];
      for (const s of [a, b])
        for (const token of [tokens[0], tokens[1], undefined])
          watchers.push(sseWatcher(s.url, id, token), graphqlWatcher(s.url, id, token));
      await Promise.all(watchers.map((w) => w.ready));
      const rng = Rng.fromSeed(`live-${name}`);
      let version = 0;
      let toMove: number[] = created.body.toMove;
      for (let i = 0; i < 30 && toMove.length > 0; i++) {
        const server = i % 2 === 0 ? a : b;
        const seat = toMove[0]!;
        const legal = await request(server.url)
          .get(`/api/v1/games/${id}/legal-moves`)
          .set('Authorization', `Bearer ${tokens[seat]}`)
          .expect(200);
        expect(legal.body.version).toBe(version);
        const r = await request(server.url)
          .post(`/api/v1/games/${id}/moves`)
          .set('Authorization', `Bearer ${tokens[seat]}`)
          .send({ move: rng.pick(legal.body.moves), expectedVersion: version })
          .expect(200);
        version = r.body.version;
        toMove = r.body.toMove;
      }
      expect(version).toBeGreaterThanOrEqual(30);
      await expect
        .poll(() => watchers.filter((w) => !gotEveryVersion(w, version)).map((w) => `${w.name}: ${JSON.stringify(w.versions)}`), {
          timeout: 15_000,
        })
        .toEqual([]);
      for (const w of watchers) {
        expect(w.versions[0]).toBe(0);
        w.close();
      }
    });
  });
}
