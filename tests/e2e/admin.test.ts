import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/** The operator's list and delete, over REST and GraphQL. */
describe('admin operations (end-to-end)', () => {
  let s: TestServer;
  const op = { Authorization: `Bearer ${OPERATOR_TOKEN}` };
  const ids: string[] = [];
  beforeAll(async () => {
    s = await startTestServer();
    for (let i = 0; i < 5; i++) {
      const r = await request(s.url)
        .post('/api/v1/games')
        .send({ type: i % 2 ? 'ma-petite-ville' : 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] });
      ids.push(r.body.id);
      await new Promise((r) => setTimeout(r, 5)); // distinct timestamps, so the order is known
    }
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('lists games newest first, page by page with the `next` cursor, filtered by type', async () => {
    const first = await request(s.url).get('/api/v1/games?limit=2').set(op);
    expect(first.status).toBe(200);
    expect(first.body.games.map((g: { id: string }) => g.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.games[0].players).toEqual([
      { seat: 0, name: 'a', open: false, resigned: false },
      { seat: 1, name: 'b', open: false, resigned: false },
    ]);
    const second = await request(s.url).get(`/api/v1/games?limit=2&before=${first.body.next}`).set(op);
    expect(second.body.games.map((g: { id: string }) => g.id)).toEqual([ids[2], ids[1]]);
    const mpv = await request(s.url).get('/api/v1/games?type=ma-petite-ville').set(op);
    expect(mpv.body.games.map((g: { id: string }) => g.id).sort()).toEqual([ids[1], ids[3]].sort());
    expect((await request(s.url).get('/api/v1/games?before=garbage').set(op)).body.code).toBe('INVALID_INPUT');
  });

  it('deletes a game with its log; it is gone for everyone', async () => {
    const del = await request(s.url).delete(`/api/v1/games/${ids[0]}`).set(op);
    expect(del.status).toBe(204);
    expect((await request(s.url).get(`/api/v1/games/${ids[0]}`)).status).toBe(404);
    expect((await request(s.url).delete(`/api/v1/games/${ids[0]}`).set(op)).status).toBe(404);
  });

  it('GraphQL: games (operator only) and deleteGame', async () => {
    const q = (query: string, token?: string) =>
      request(s.url)
        .post('/graphql')
        .set(token ? { Authorization: `Bearer ${token}` } : {})
        .send({ query });
    const listed = await q('{ games(limit: 10) { games { id type status } next } }', OPERATOR_TOKEN);
    expect(listed.body.data.games.games.map((g: { id: string }) => g.id)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect((await q('{ games { games { id } } }')).body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const deleted = await q(`mutation { deleteGame(id: "${ids[1]}") }`, OPERATOR_TOKEN);
    expect(deleted.body.data.deleteGame).toBe(true);
    expect((await q(`{ game(id: "${ids[1]}") { version } }`)).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
