import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestClient } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The second probe's findings on conditional requests, free text, board pictures and what a newcomer meets. */
describe('hardening, second probe (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.stop());

  const newGame = async () =>
    (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }] })
        .expect(201)
    ).body as { id: string; seats: { token: string }[] };

  it('E6 a fetch-based conditional GET gets 304 (fetch adds Cache-Control: no-cache), and so does any Cache-Control', async () => {
    const { id, seats } = await newGame();
    const url = `${s.url}/api/v1/games/${id}`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${seats[0]!.token}` } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await fetch(url, { headers: { authorization: `Bearer ${seats[0]!.token}`, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    for (const cc of ['no-cache', 'max-age=0', 'no-store']) {
      await request(s.url)
        .get(`/api/v1/games/${id}`)
        .set('Authorization', `Bearer ${seats[0]!.token}`)
        .set('If-None-Match', etag)
        .set('Cache-Control', cc)
        .expect(304);
    }
    await request(s.url)
      .get(`/api/v1/games/${id}`)
      .set('Authorization', `Bearer ${seats[0]!.token}`)
      .set('If-None-Match', '"other"')
      .set('Cache-Control', 'no-cache')
      .expect(200);
  });

  it('E6 HEAD answers the same headers as GET, ETag included, and honours If-None-Match', async () => {
    const { id, seats } = await newGame();
    for (const path of [
      `/api/v1/games/${id}`,
      `/api/v1/games/${id}/legal-moves`,
      `/api/v1/games/${id}/replay?at=0`,
      '/api/v1/game-types',
    ]) {
      const get = await request(s.url).get(path).set('Authorization', `Bearer ${seats[0]!.token}`).expect(200);
      const head = await request(s.url).head(path).set('Authorization', `Bearer ${seats[0]!.token}`).expect(200);
      for (const h of ['etag', 'content-type', 'content-length', 'cache-control', 'vary'])
        expect(head.headers[h], `${path} ${h}`).toBe(get.headers[h]);
      if (get.headers.etag)
        await request(s.url)
          .head(path)
          .set('Authorization', `Bearer ${seats[0]!.token}`)
          .set('If-None-Match', get.headers.etag)
          .expect(304);
    }
  });

  it('E8 names and other free text refuse control characters: 400 INVALID_INPUT naming the field, nothing written', async () => {
    const before = (await request(s.url).get('/api/v1/games').set('Authorization', 'Bearer test-operator-token')).body.games
      .length as number;
    const bad = ['Ann\r\nBcc: everyone@example.test', 'tab\there', 'bell\u0007', 'del\u007f', 'c1\u0085', 'line\u2028sep'];
    for (const name of bad) {
      const r = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name }] });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
      expect(r.body.detail).toMatch(/players\/1\/name/);
    }
    const seed = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'a\nb' });
    expect(seed.status).toBe(400);
    expect(seed.body.detail).toMatch(/seed/);
    const player = await request(s.url).post('/api/v1/players').send({ name: 'Eve\nMallory' });
    expect(player.status).toBe(400);
    expect(player.body.detail).toMatch(/name/);
    const gql = await request(s.url).post('/graphql').send({ query: 'mutation { createPlayer(name: "Eve\\r\\nX") { token } }' });
    expect(gql.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    const gqlGame = await request(s.url)
      .post('/graphql')
      .send({ query: 'mutation { createGame(input: {type: "ville-de-demain", players: [{name: "A"}, {name: "B\\u0000\\nC"}]}) { id } }' });
    expect(gqlGame.body.errors[0].extensions.code).toBe('INVALID_INPUT');
    // A record to import with such a name is refused the same way.
    const api = new RestClient(s.url);
    const g = await api.create('ville-de-demain', 2);
    const record = (await request(s.url).get(`/api/v1/games/${g.id}/record`)).body;
    const imported = await request(s.url)
      .post('/api/v1/games/import')
      .send({
        ...record,
        players: [
          { seat: 0, name: 'P1' },
          { seat: 1, name: 'P\u001b[31m2' },
        ],
      });
    expect(imported.status).toBe(400);
    expect(imported.body.detail).toMatch(/players\/1\/name/);
    // An invitation joined with such a name, too.
    const host = (await request(s.url).post('/api/v1/players').send({ name: 'Host' }).expect(201)).body.token as string;
    const waiting = await request(s.url)
      .post('/api/v1/games')
      .set('Authorization', `Bearer ${host}`)
      .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }] })
      .expect(201);
    const join = await request(s.url)
      .post(`/api/v1/games/${waiting.body.id}/join`)
      .send({ inviteCode: waiting.body.invite.code, name: 'Bob\r\n' });
    expect(join.status).toBe(400);
    expect(join.body.detail).toMatch(/name/);
    // Nothing was written: the games created are the four made on purpose above.
    const after = (await request(s.url).get('/api/v1/games').set('Authorization', 'Bearer test-operator-token')).body.games
      .length as number;
    expect(after).toBe(before + 2);
  });

  it('E9 board.svg carries a Content-Security-Policy that runs no script, and nosniff', async () => {
    const { id } = await newGame();
    const r = await request(s.url).get(`/api/v1/games/${id}/board.svg`).expect(200);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src(?! 'none')/);
  });

  it('a move after a game that ended normally says the game is over, not that resignations ended it', async () => {
    const api = new RestClient(s.url);
    const g = await api.create('ville-de-demain', 2);
    let state = await api.game(g.id);
    let last = { seat: 0, move: {} as unknown };
    while (state.status === 'active') {
      const seat = state.toMove[0]!;
      last = { seat, move: (await api.legal(g.id, g.seats[seat]!.token))[0]! };
      await api.move(g.id, g.seats[seat]!.token, last.move as never);
      state = await api.game(g.id);
    }
    const r = await request(s.url)
      .post(`/api/v1/games/${g.id}/moves`)
      .set('Authorization', `Bearer ${g.seats[last.seat]!.token}`)
      .send({ move: last.move });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('GAME_OVER');
    expect(r.body.detail).not.toMatch(/resign/);
    expect(r.body.detail).toMatch(/the game is over/);
  }, 60_000);

  it('/favicon.ico is an icon, not a 404', async () => {
    const r = await request(s.url).get('/favicon.ico').expect(200);
    expect(r.headers['content-type']).toMatch(/^image\//);
    expect(Number(r.headers['content-length'])).toBeGreaterThan(0);
  });
});
