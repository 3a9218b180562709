import request from 'supertest';
import { canonicalJson } from '../../src/engine/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTextRoundTrip } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * 50 concurrent clients, one per seat, play the simultaneous rounds of one game over real HTTP.
 * Every client also sends each move twice at once with the same Idempotency-Key, as a client
 * retrying after a lost answer would. No move may be lost and none applied twice.
 */
const byVersionCount = (answers: { version?: number }[]) => new Set(answers.map((a) => a.version)).size;

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
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'sealed-bids', players: Array.from({ length: seats }, (_, i) => ({ name: `client-${i}` })), options: { rounds } });
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
    const resolved = log.body.moves.flatMap((m: { events: { type: string; bids?: number[] }[] }) =>
      m.events.filter((e) => e.type === 'roundResolved'),
    );
    expect(resolved).toHaveLength(rounds);
    for (const r of resolved) expect(r.bids).toHaveLength(seats);
    await expectTextRoundTrip(s.url, (x) => s.service.stateHash(x), id);
  });

  it('Town Center, 8 seats: 50 clients race through the simultaneous Construction phase; every cube is built once', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'town-center', seed: 'fifty-clients', players: Array.from({ length: 8 }, (_, i) => ({ name: `P${i}` })) });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const tokens: string[] = created.body.seats.map((x: { token: string }) => x.token);
    const game = async () =>
      (await request(s.url).get(`/api/v1/games/${id}`)).body as { version: number; toMove: number[]; view: { phase: string } };
    // One seat at a time up to the first Construction phase (City Halls, towers, picks).
    for (let g = await game(); g.view.phase !== 'construction'; g = await game()) {
      const seat = g.toMove[0]!;
      const legal = (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${tokens[seat]}`)).body.moves;
      await request(s.url)
        .post(`/api/v1/games/${id}/moves`)
        .set('Authorization', `Bearer ${tokens[seat]}`)
        .send({ move: legal[0] })
        .expect(200);
    }
    const start = await game();
    expect(start.toMove.length).toBeGreaterThan(1); // simultaneous: several seats build at once

    // 50 clients, 6 or 7 per seat. Each repeatedly takes its seat's first legal move and sends it
    // with a key naming the version it saw: clients of one seat that saw the same state send the
    // same move with the same key (a duplicate); the others race for the seat's next cube.
    const answers: { seat: number; status: number; version?: number; body: string }[] = [];
    const client = async (i: number) => {
      const seat = i % 8;
      for (let round = 0; round < 10; round++) {
        const r = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${tokens[seat]}`);
        const g = await game();
        if (g.view.phase !== 'construction' || r.body.moves.length === 0) return;
        const res = await request(s.url)
          .post(`/api/v1/games/${id}/moves`)
          .set('Authorization', `Bearer ${tokens[seat]}`)
          .set('Idempotency-Key', `seat-${seat}-v${r.body.version}`)
          .send({ move: r.body.moves[0] });
        answers.push({ seat, status: res.status, version: res.body.version, body: JSON.stringify(res.body) });
      }
    };
    await Promise.all(Array.from({ length: 50 }, (_, i) => client(i)));

    // Every refusal is a clean 4xx of the rules (the cube was taken meanwhile, or the seat is done);
    // never a 5xx, and never a version given twice to different moves.
    for (const a of answers) expect([200, 409, 422], a.body).toContain(a.status);
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted.length).toBeGreaterThan(byVersionCount(accepted)); // retries with the same key did happen
    const byVersion = new Map<number, Set<string>>();
    for (const a of accepted) byVersion.set(a.version!, (byVersion.get(a.version!) ?? new Set()).add(canonicalJson(JSON.parse(a.body))));
    for (const bodies of byVersion.values()) expect(bodies.size, [...bodies].join('\n')).toBe(1); // duplicates got the same answer
    // The log holds exactly the accepted moves: one per distinct version, none lost, none doubled.
    const log = (await request(s.url).get(`/api/v1/games/${id}/events?after=${start.version}&limit=1000`)).body.moves as {
      version: number;
      seat: number;
      move: { type: string };
    }[];
    const construction = log.filter((m) => m.version <= Math.max(...byVersion.keys()));
    expect(construction.map((m) => m.version).sort((a, b) => a - b)).toEqual([...byVersion.keys()].sort((a, b) => a - b));
    // Each seat built each cube it held exactly once: two per seat in a round (R12), or forfeited.
    for (let seat = 0; seat < 8; seat++) {
      const built = construction.filter((m) => m.seat === seat && m.move.type === 'buildCube').length;
      expect(built, `seat ${seat}`).toBeLessThanOrEqual(2);
      expect(built, `seat ${seat}`).toBeGreaterThan(0);
    }
    expect((await game()).view.phase).not.toBe('construction');
  });
});
