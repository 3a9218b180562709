import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * 50 concurrent clients, one per seat, play the simultaneous rounds of one game over real HTTP.
 * Every client also sends each move twice at once with the same Idempotency-Key, as a client
 * retrying after a lost answer would. No move may be lost and none applied twice.
 */
describe('50 concurrent clients in one simultaneous phase (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('lose no move and duplicate none', async () => {
    const seats = 50;
    const rounds = 3;
    const created = await request(s.url).post('/api/v1/games').send({ type: 'sealed-bids', players: Array.from({ length: seats }, (_, i) => ({ name: `client-${i}` })), options: { rounds } });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const tokens: string[] = created.body.seats.map((x: { token: string }) => x.token);

    const client = async (seat: number) => {
      const versions: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        // Wait for this seat's turn in the round (everyone must have bid in the previous one).
        for (let polls = 0; ; polls++) {
          expect(polls).toBeLessThan(2000);
          const g = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', `Bearer ${tokens[seat]}`);
          if (g.body.view.round === round && g.body.toMove.includes(seat)) break;
          await new Promise((r) => setTimeout(r, 5));
        }
        const send = () =>
          request(s.url)
            .post(`/api/v1/games/${id}/moves`)
            .set('Authorization', `Bearer ${tokens[seat]}`)
            .set('Idempotency-Key', `seat-${seat}-round-${round}`)
            .send({ move: { type: 'bid', amount: (seat + round) % 4 } });
        const [a, b] = await Promise.all([send(), send()]);
        expect(a.status, JSON.stringify(a.body)).toBe(200);
        expect(b.status, JSON.stringify(b.body)).toBe(200);
        expect(b.body).toEqual(a.body); // the retry gets the first answer
        versions.push(a.body.version);
      }
      return versions;
    };
    const all = (await Promise.all(Array.from({ length: seats }, (_, i) => client(i)))).flat();

    // Every move got its own version, and the versions are exactly 1..150.
    expect(all.sort((x, y) => x - y)).toEqual(Array.from({ length: seats * rounds }, (_, i) => i + 1));
    const final = await request(s.url).get(`/api/v1/games/${id}`);
    expect(final.body.version).toBe(seats * rounds);
    expect(final.body.status).toBe('finished');
    const log = await request(s.url).get(`/api/v1/games/${id}/events?limit=1000`);
    expect(log.body.moves).toHaveLength(seats * rounds);
    for (let seat = 0; seat < seats; seat++) expect(log.body.moves.filter((m: { seat: number }) => m.seat === seat)).toHaveLength(rounds);
    // Each round resolved once, with all 50 bids in it.
    const resolved = log.body.moves.flatMap((m: { events: { type: string; bids?: number[] }[] }) => m.events.filter((e) => e.type === 'roundResolved'));
    expect(resolved).toHaveLength(rounds);
    for (const r of resolved) expect(r.bids).toHaveLength(seats);
  });
});
