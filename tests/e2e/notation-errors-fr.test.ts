import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * E7 (issue 23): a notation the server cannot read gets, in French, what the English message
 * gives: the text read, the forms expected there and the seat's legal moves, over REST and
 * GraphQL, for every game. The French is built from the error's values, so the test also checks
 * that the values travel in the problem (`notation`, `expected`, `legalNotations`).
 */
const GAMES: { type: string; players: number; bad: string[] }[] = [
  { type: 'town-center', players: 2, bad: ['zzz', 'build q99'] },
  { type: 'ma-petite-ville', players: 2, bad: ['zzz', 'tile 1'] },
  { type: 'city-tycoon', players: 3, bad: ['zzz', 'keep'] },
  { type: 'ville-de-demain', players: 3, bad: ['zzz', 'draw 9'] },
];

describe('notation errors in French, with their details (E7)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.stop());

  for (const g of GAMES) {
    it(`${g.type}: REST and GraphQL answer the text, the expected forms and the legal moves in French`, async () => {
      const created = await request(s.url)
        .post('/api/v1/games')
        .send({ type: g.type, players: Array.from({ length: g.players }, (_, i) => ({ name: `p${i}` })) })
        .expect(201);
      const seat: number = created.body.toMove[0];
      const token: string = created.body.seats[seat].token;
      const legal = await request(s.url)
        .get(`/api/v1/games/${created.body.id}/legal-moves`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(legal.body.moves.length).toBeGreaterThan(0);
      for (const text of g.bad) {
        const en = await request(s.url)
          .post(`/api/v1/games/${created.body.id}/moves`)
          .set('Authorization', `Bearer ${token}`)
          .send({ notation: text });
        const fr = await request(s.url)
          .post(`/api/v1/games/${created.body.id}/moves`)
          .set('Authorization', `Bearer ${token}`)
          .set('Accept-Language', 'fr')
          .send({ notation: text });
        for (const r of [en, fr]) expect([r.status, r.body.code, r.body.violation]).toEqual([400, 'INVALID_INPUT', 'NOTATION']);
        expect(fr.body.notation).toBe(text);
        expect(fr.body.legalNotations.length).toBeGreaterThan(0);
        // The English names the legal moves; so does the French, with the text read.
        expect(en.body.detail).toContain(fr.body.legalNotations[0]);
        expect(fr.body.detail).toMatch(/^Impossible de lire « .+ » comme un coup/);
        expect(fr.body.detail).toContain(`« ${text} »`);
        expect(fr.body.detail).toContain('coups légaux maintenant : ' + fr.body.legalNotations[0]);
        if (fr.body.expected !== undefined) expect(fr.body.detail).toContain(`formes attendues : ${fr.body.expected}`);
        expect(fr.body.detail).not.toMatch(/legal now|cannot read|expected/);
        expect(fr.headers['content-language']).toBe('fr');
      }
      // The same through GraphQL.
      const gql = await request(s.url)
        .post('/graphql')
        .set('Authorization', `Bearer ${token}`)
        .set('Accept-Language', 'fr')
        .send({
          query: 'mutation($id: ID!, $n: String!) { submitNotation(gameId: $id, notation: $n) { version } }',
          variables: { id: created.body.id, n: 'zzz' },
        });
      expect(gql.body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(gql.body.errors[0].message).toMatch(
        /^Impossible de lire « zzz » comme un coup dans la notation du jeu : formes attendues : .+ ; coups légaux maintenant : /,
      );
    });
  }

  it('the unreadable text with no form of its own (the usage line) still says what was expected', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] })
      .expect(201);
    const seat: number = created.body.toMove[0];
    const r = await request(s.url)
      .post(`/api/v1/games/${created.body.id}/moves`)
      .set('Authorization', `Bearer ${created.body.seats[seat].token}`)
      .set('Accept-Language', 'fr')
      .send({ notation: 'zzz' });
    expect(r.body.expected).toBeTruthy();
    expect(r.body.detail).toContain(r.body.expected);
  });
});
