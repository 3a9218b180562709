import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Reliability (issue 34 item 4): finished / (finished + abandoned + timed out) over the last 90 days
 * on the profile; a game created with minReliability refuses a player below it with 403
 * RELIABILITY_TOO_LOW and the player's figure.
 */
describe('reliability (end-to-end, real Postgres)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({});
  });
  afterAll(async () => {
    await s?.stop();
  });

  type Player = { id: string; token: string };
  const auth = (p: { token: string }) => ({ Authorization: `Bearer ${p.token}` });
  const player = async (name: string): Promise<Player> => (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body;
  const profile = async (p: Player) => (await request(s.url).get(`/api/v1/players/${p.id}`).expect(200)).body;
  /** A 2-player game between `a` and `b` that `quitter` resigns: over for both. */
  const resigned = async (a: Player, b: Player, quitter: Player) => {
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth(a))
        .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body;
    await request(s.url).post(`/api/v1/games/${g.id}/join`).set(auth(b)).send({ inviteCode: g.invite.code }).expect(201);
    await request(s.url).post(`/api/v1/games/${g.id}/resign`).set(auth(quitter)).expect(200);
  };

  let pat: Player, quinn: Player, host: Player;
  it(
    "the profile shows each player's reliability: finished / (finished + abandoned + timed " + 'out), null before any game counts',
    async () => {
      [pat, quinn, host] = [await player('Pat'), await player('Quinn'), await player('Host')];
      expect((await profile(pat)).reliability).toEqual({ finished: 0, abandoned: 0, timedOut: 0, days: 90, figure: null });
      await resigned(pat, quinn, pat); // Pat abandons, Quinn finishes
      await resigned(quinn, pat, quinn); // Quinn abandons, Pat finishes
      await resigned(pat, quinn, pat);
      expect((await profile(pat)).reliability).toEqual({ finished: 1, abandoned: 2, timedOut: 0, days: 90, figure: 1 / 3 });
      expect((await profile(quinn)).reliability).toEqual({ finished: 2, abandoned: 1, timedOut: 0, days: 90, figure: 2 / 3 });
      // A running game with nothing wrong counts nowhere.
      const g = (
        await request(s.url)
          .post('/api/v1/games')
          .set(auth(pat))
          .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
          .expect(201)
      ).body;
      await request(s.url).post(`/api/v1/games/${g.id}/join`).set(auth(host)).send({ inviteCode: g.invite.code }).expect(201);
      expect((await profile(pat)).reliability.figure).toBe(1 / 3);
      expect((await profile(host)).reliability.figure).toBeNull();
    },
  );

  it(
    'a game with minReliability refuses a player below it with 403 RELIABILITY_TOO_LOW and the ' +
      'figure; admits those at or above it and new players',
    async () => {
      const g = (
        await request(s.url)
          .post('/api/v1/games')
          .set(auth(host))
          .send({ type: 'town-center', players: [{ me: true }, { open: true }, { open: true }], minReliability: 0.6, public: true })
          .expect(201)
      ).body;
      // Listed in the lobby once its requirement holds.
      expect((await request(s.url).get('/api/v1/lobby').expect(200)).body.games.map((x: { id: string }) => x.id)).toContain(g.id);
      const low = await request(s.url).post(`/api/v1/games/${g.id}/join`).set(auth(pat)).send({});
      expect(low.status).toBe(403);
      expect(low.body).toMatchObject({
        code: 'RELIABILITY_TOO_LOW',
        reliability: 1 / 3,
        minReliability: 0.6,
        finished: 1,
        abandoned: 2,
        timedOut: 0,
      });
      expect(low.body.detail ?? low.body.message).toMatch(/0\.333.*90 days|at least 0\.6.*0\.333/);
      // French, by Accept-Language.
      const fr = await request(s.url).post(`/api/v1/games/${g.id}/join`).set(auth(pat)).set('Accept-Language', 'fr').send({});
      expect(fr.body.detail ?? fr.body.message).toMatch(/fiabilité/);
      // Without a player token there is no figure to check.
      const anonymous = await request(s.url).post(`/api/v1/games/${g.id}/join`).send({ name: 'guest' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHORIZED');
      await request(s.url).post(`/api/v1/games/${g.id}/join`).set(auth(quinn)).send({}).expect(201);
      const newcomer = await player('New');
      await request(s.url).post(`/api/v1/games/${g.id}/join`).set(auth(newcomer)).send({}).expect(201);
    },
  );

  it('bad input: a minimum outside 0..1 is 400 naming the field; GraphQL gives the same profile and refusal', async () => {
    for (const bad of [1.5, -0.1, 'high']) {
      const r = await request(s.url)
        .post('/api/v1/games')
        .set(auth(host))
        .send({ type: 'town-center', players: [{ me: true }, { open: true }], minReliability: bad });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
      expect(JSON.stringify(r.body)).toMatch(/minReliability/);
    }
    const q = await request(s.url)
      .post('/graphql')
      .send({ query: `{ playerProfile(playerId: "${pat.id}") { reliability { finished abandoned timedOut days figure } } }` })
      .expect(200);
    expect(q.body.data.playerProfile.reliability).toEqual((await profile(pat)).reliability);
    const created = await request(s.url)
      .post('/graphql')
      .set(auth(host))
      .send({
        query:
          'mutation { createGame(input: { type: "town-center", players: [{ me: true }, { open: true ' +
          '}], minReliability: 0.5 }) { id invite { code } } }',
      })
      .expect(200);
    expect(created.body.errors).toBeUndefined();
    const { id, invite } = created.body.data.createGame;
    // A single refusal answers with its status, as the other GraphQL refusals do.
    const refused = await request(s.url)
      .post('/graphql')
      .set(auth(pat))
      .send({ query: `mutation { joinGame(gameId: "${id}", inviteCode: "${invite.code}") { seat } }` })
      .expect(403);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RELIABILITY_TOO_LOW', reliability: 1 / 3, minReliability: 0.5 });
  });
});
