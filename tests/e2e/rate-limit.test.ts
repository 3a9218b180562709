import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/** A deterministic pick among the legal moves, so the bot plays a varied game to the end. */
const pick = <T>(moves: T[], n: number): T => moves[(n * 7919) % moves.length]!;

describe('rate limits that fit real clients (end-to-end)', () => {
  describe('under the default settings', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ RATE_LIMIT_PER_MINUTE: '', RATE_LIMIT_PER_TOKEN_PER_MINUTE: '' }); // '' = the defaults
    });
    afterAll(async () => s?.stop());

    it('a full-speed bot finishes a 5-player Town Center game through REST (three requests a move) with no 429', async () => {
      expect(s.config.rateLimitPerMinute).toBeGreaterThan(0); // the limit is on
      const g = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: Array.from({ length: 5 }, (_, i) => ({ name: `bot${i}` })), seed: 'full-speed' })
        .expect(201);
      const { id } = g.body;
      const tokens: string[] = g.body.seats.map((x: { token: string }) => x.token);
      const perToken = new Map<string, number>();
      const statuses = new Map<number, number>();
      const call = async (r: request.Test, token: string) => {
        const res = await r.set('Authorization', `Bearer ${token}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        perToken.set(token, (perToken.get(token) ?? 0) + 1);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };
      const started = Date.now();
      let status = 'active';
      let toMove: number[] = g.body.toMove;
      let n = 0;
      while (status === 'active') {
        const seat = toMove[0]!;
        const token = tokens[seat]!;
        await call(request(s.url).get(`/api/v1/games/${id}`), token); // 1: the view
        const legal = await call(request(s.url).get(`/api/v1/games/${id}/legal-moves`), token); // 2: the legal moves
        const moved = await call(
          request(s.url)
            .post(`/api/v1/games/${id}/moves`)
            .send({ move: pick(legal.moves, n++) }),
          token,
        ); // 3: the move
        status = moved.status;
        toMove = moved.toMove;
      }
      const seconds = (Date.now() - started) / 1000;
      expect(status).toBe('finished');
      expect(statuses.get(429) ?? 0).toBe(0);
      const busiest = Math.max(...perToken.values());
      console.log(
        `5-player Town Center at full speed: ${n} moves, ${3 * n} requests in ${seconds.toFixed(1)}` +
          ` s; busiest token ${busiest} requests (${Math.round((busiest / seconds) * 60)}/min)`,
      );
    });
  });

  describe('per token, not per address', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_PER_TOKEN_PER_MINUTE: '6' });
    });
    afterAll(async () => s?.stop());

    it(
      'a valid seat token has its own allowance; no token or a made-up one counts against the ' + 'address; 429s carry Retry-After',
      async () => {
        const g = await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] })
          .expect(201); // address: 1
        const [t0, t1] = g.body.seats.map((x: { token: string }) => x.token);
        for (let i = 0; i < 3; i++) await request(s.url).get(`/api/v1/games/${g.body.id}`).expect(200); // address: 2-4
        const spent = await request(s.url).get(`/api/v1/games/${g.body.id}`);
        expect([spent.status, spent.body.code]).toEqual([429, 'RATE_LIMITED']);
        expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
        expect(spent.body.detail).toMatch(/4 requests per minute for this address/);
        // A made-up token buys no fresh allowance: it counts against the address, already spent.
        const forged = await request(s.url).get(`/api/v1/games/${g.body.id}`).set('Authorization', 'Bearer cbs_made-up');
        expect(forged.status).toBe(429);
        // Each valid seat token has its own bucket, whatever the address's.
        for (let i = 0; i < 6; i++)
          await request(s.url).get(`/api/v1/games/${g.body.id}/legal-moves`).set('Authorization', `Bearer ${t0}`).expect(200);
        const over = await request(s.url).get(`/api/v1/games/${g.body.id}`).set('Authorization', `Bearer ${t0}`);
        expect([over.status, over.body.code]).toEqual([429, 'RATE_LIMITED']);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(over.body.detail).toMatch(/6 requests per minute for this token/);
        await request(s.url).get(`/api/v1/games/${g.body.id}`).set('Authorization', `Bearer ${t1}`).expect(200); // seat 1: its own bucket
        // GraphQL: the same limit, answered as a GraphQL error with the code, and Retry-After.
        const gql = await request(s.url).post('/graphql').send({ query: '{ gameTypes { id } }' });
        expect(gql.status).toBe(429);
        expect(Number(gql.headers['retry-after'])).toBeGreaterThan(0);
        expect(gql.body.errors[0].extensions.code).toBe('RATE_LIMITED');
        expect(gql.body.errors[0].message).toMatch(/retry in \d+ s/);
      },
    );
  });
});
