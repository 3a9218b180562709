import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** ?include=view,legalMoves: the move's answer carries what the mover would otherwise read next. */
describe('answers that carry the next view and legal moves (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a whole game played one request per move: every included view and legal-move list equals what GET returns', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', seed: 'include', players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] })
      .expect(201);
    const { id } = c.body;
    const tokens: string[] = c.body.seats.map((x: { token: string }) => x.token);
    const rng = Rng.fromSeed('include-choices');
    let toMove: number[] = c.body.toMove;
    let next: unknown[] | null = null;
    let gets = 0;
    let posts = 0;
    let again = 0;
    for (;;) {
      const seat = toMove[0]!;
      const auth = `Bearer ${tokens[seat]}`;
      if (next === null) {
        const l = await request(s.url).get(`/api/v1/games/${id}/legal-moves?include=view`).set('Authorization', auth).expect(200);
        const g = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', auth).expect(200);
        expect(l.body.view).toEqual(g.body.view);
        next = l.body.moves;
        gets++;
      }
      const r = await request(s.url)
        .post(`/api/v1/games/${id}/moves?include=view,legalMoves`)
        .set('Authorization', auth)
        .send({ move: rng.pick(next!) })
        .expect(200);
      posts++;
      const g = await request(s.url).get(`/api/v1/games/${id}`).set('Authorization', auth).expect(200);
      expect(r.body.view).toEqual(g.body.view);
      expect(g.body.version).toBe(r.body.version);
      const l = await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', auth).expect(200);
      if (r.body.toMove.includes(seat)) {
        expect(r.body.legalMoves).toEqual(l.body.moves);
        expect(r.body.legalMoves.length).toBeGreaterThan(0);
        again++;
      } else {
        expect(r.body.legalMoves).toEqual([]);
      }
      if (r.body.status !== 'active') break;
      next = r.body.toMove.includes(seat) ? r.body.legalMoves : null;
      toMove = r.body.toMove;
    }
    expect(again).toBeGreaterThan(posts / 2); // most moves are followed by another move of the same seat
    expect(gets).toBeLessThan(posts / 2);
  });

  it('without include the answers are as before; an unknown part is a 400 naming the pattern', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] })
      .expect(201);
    const auth = `Bearer ${c.body.seats[c.body.toMove[0]].token}`;
    const l = await request(s.url).get(`/api/v1/games/${c.body.id}/legal-moves`).set('Authorization', auth).expect(200);
    expect(l.body.view).toBeUndefined();
    const bad = await request(s.url)
      .post(`/api/v1/games/${c.body.id}/moves?include=view,everything`)
      .set('Authorization', auth)
      .send({ move: l.body.moves[0] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
    expect(bad.body.detail).toMatch(/include/);
    expect((await request(s.url).get(`/api/v1/games/${c.body.id}/legal-moves?include=legalMoves`).set('Authorization', auth)).status).toBe(
      400,
    );
    const r = await request(s.url)
      .post(`/api/v1/games/${c.body.id}/moves`)
      .set('Authorization', auth)
      .send({ move: l.body.moves[0] })
      .expect(200);
    expect(r.body.view).toBeUndefined();
    expect(r.body.legalMoves).toBeUndefined();
  });
});
