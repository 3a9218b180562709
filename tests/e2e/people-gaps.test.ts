import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * What the page for people needed from the API (issue 18): joining a public lobby game without an
 * invitation code, reading a seat's (and a player's) notification settings back, and the moves in
 * words (`labels`) in GraphQL as REST's include=labels gives them.
 */
describe("the page's gaps: public joins, reading notification settings, GraphQL labels", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ NOTIFICATIONS: 'on', NOTIFY_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const gql = async (query: string, variables: object, token?: string, lang = 'en') =>
    (
      await request(s.url)
        .post('/graphql')
        .set({ 'Accept-Language': lang, ...(token ? auth(token) : {}) })
        .send({ query, variables })
    ).body as { data?: Record<string, never>; errors?: { message: string; extensions?: { code?: string } }[] };

  it('a public game listed in the lobby is joined without an invitation code (REST and GraphQL); a private one still needs its code', async () => {
    const ada = (await request(s.url).post('/api/v1/players').send({ name: 'Ada' }).expect(201)).body as { token: string };
    const pub = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth(ada.token))
        .send({ type: 'town-center', players: [{ me: true }, { open: true }, { open: true }], public: true })
        .expect(201)
    ).body as { id: string };
    expect(((await request(s.url).get('/api/v1/lobby').expect(200)).body.games as { id: string }[]).map((g) => g.id)).toContain(pub.id);
    // A code given must be the game's, even for a public game.
    expect((await request(s.url).post(`/api/v1/games/${pub.id}/join`).send({ name: 'Bob', inviteCode: 'inv_wrong' })).status).toBe(403);
    const bob = await request(s.url).post(`/api/v1/games/${pub.id}/join`).send({ name: 'Bob' });
    expect(bob.status, JSON.stringify(bob.body)).toBe(201);
    expect(bob.body).toMatchObject({ seat: 1, name: 'Bob', status: 'waiting' });
    const cy = (await request(s.url).post('/api/v1/players').send({ name: 'Cy' }).expect(201)).body as { token: string };
    const j = await gql('mutation($id: ID!) { joinGame(gameId: $id) { seat status } }', { id: pub.id }, cy.token);
    expect(j.errors).toBeUndefined();
    expect(j.data!.joinGame).toEqual({ seat: 2, status: 'active' });

    const priv = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth(ada.token))
        .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
        .expect(201)
    ).body as { id: string; invite: { code: string } };
    const refused = await request(s.url).post(`/api/v1/games/${priv.id}/join`).send({ name: 'Eve' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect(refused.body.detail).toMatch(/not public: joining it takes its invitation code/);
    const g = await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Eve") { seat } }', { id: priv.id });
    expect(g.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await request(s.url).get(`/api/v1/games/${priv.id}`)).body.status).toBe('waiting'); // nothing taken
    await request(s.url).post(`/api/v1/games/${priv.id}/join`).send({ name: 'Eve', inviteCode: priv.invite.code }).expect(201);
  });

  it("GET of a seat's and a player's notification settings (REST and GraphQL): none, the player's, then the seat's own, with their language", async () => {
    const ada = (await request(s.url).post('/api/v1/players').send({ name: 'Ada' }).expect(201)).body as { id: string; token: string };
    const game = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth(ada.token))
        .send({ type: 'town-center', players: [{ me: true }, { name: 'Bob' }] })
        .expect(201)
    ).body as { id: string; seats: { seat: number; token: string }[] };
    const seatToken = game.seats[0]!.token;
    const path = `/api/v1/games/${game.id}/seats/me/notifications`;
    expect((await request(s.url).get(path).set(auth(seatToken)).expect(200)).body).toEqual({
      seat: 0,
      from: 'none',
      email: null,
      webhookUrl: null,
      events: ['turn', 'reminder', 'timeout', 'finished', 'joined', 'takeback', 'conditional'],
      language: 'en',
    });
    expect((await request(s.url).get('/api/v1/players/me/notifications').set(auth(ada.token)).expect(200)).body).toMatchObject({
      playerId: ada.id,
      email: null,
      language: 'en',
    });

    await request(s.url)
      .put('/api/v1/players/me/notifications')
      .set(auth(ada.token))
      .send({ email: 'ada@example.test', events: ['turn'], language: 'fr' })
      .expect(200);
    expect((await request(s.url).get(path).set(auth(ada.token)).expect(200)).body).toEqual({
      seat: 0,
      from: 'player',
      email: 'ada@example.test',
      webhookUrl: null,
      events: ['turn'],
      language: 'fr',
    });
    expect((await request(s.url).get('/api/v1/players/me/notifications').set(auth(ada.token)).expect(200)).body).toEqual({
      playerId: ada.id,
      email: 'ada@example.test',
      webhookUrl: null,
      events: ['turn'],
      language: 'fr',
    });

    const put = await request(s.url).put(path).set(auth(seatToken)).send({ email: 'seat@example.test', language: 'en' }).expect(200);
    expect(put.body.language).toBe('en');
    const own = (await request(s.url).get(path).set(auth(seatToken)).expect(200)).body;
    expect(own).toMatchObject({ seat: 0, from: 'seat', email: 'seat@example.test', language: 'en' });
    expect(own).not.toHaveProperty('webhookSecret');

    const q = await gql(
      'query($id: ID!) { seatNotifications(gameId: $id) { seat from email events language } myNotifications { playerId email language } }',
      { id: game.id },
      ada.token,
    );
    expect(q.errors).toBeUndefined();
    expect(q.data).toEqual({
      seatNotifications: { seat: 0, from: 'seat', email: 'seat@example.test', events: own.events, language: 'en' },
      myNotifications: { playerId: ada.id, email: 'ada@example.test', language: 'fr' },
    });

    // Refusals: no token, a spectator's, an unknown language (nothing written).
    expect((await request(s.url).get(path)).status).toBe(401);
    const bad = await request(s.url).put(path).set(auth(seatToken)).send({ language: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
    expect((await request(s.url).get(path).set(auth(seatToken))).body.language).toBe('en');
    expect((await gql('query($id: ID!) { seatNotifications(gameId: $id) { seat } }', { id: game.id })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it("GraphQL gives the moves in words (legalMoveLabels, events { label }) as REST's include=labels does, in the language asked", async () => {
    const game = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'labels' })
        .expect(201)
    ).body as { id: string; seats: { seat: number; token: string }[] };
    const toMove = (await request(s.url).get(`/api/v1/games/${game.id}`)).body.toMove[0] as number;
    const token = game.seats[toMove]!.token;
    for (const lang of ['en', 'fr']) {
      const rest = (
        await request(s.url)
          .post('/api/v1/games')
          .set(auth(ada.token))
          .send({ type: 'town-center', players: [{ me: true }, { open: true }, { open: true }], public: true })
          .expect(201)
      ).body as { id: string };
      expect(((await request(s.url).get('/api/v1/lobby').expect(200)).body.games as { id: string }[]).map((g) => g.id)).toContain(pub.id);
      // A code given must be the game's, even for a public game.
      expect((await request(s.url).post(`/api/v1/games/${pub.id}/join`).send({ name: 'Bob', inviteCode: 'inv_wrong' })).status).toBe(403);
      const bob = await request(s.url).post(`/api/v1/games/${pub.id}/join`).send({ name: 'Bob' });
      expect(bob.status, JSON.stringify(bob.body)).toBe(201);
      expect(bob.body).toMatchObject({ seat: 1, name: 'Bob', status: 'waiting' });
      const cy = (await request(s.url).post('/api/v1/players').send({ name: 'Cy' }).expect(201)).body as { token: string };
      const j = await gql('mutation($id: ID!) { joinGame(gameId: $id) { seat status } }', { id: pub.id }, cy.token);
      expect(j.errors).toBeUndefined();
      expect(j.data!.joinGame).toEqual({ seat: 2, status: 'active' });

      const priv = (
        await request(s.url)
          .post('/api/v1/games')
          .set(auth(ada.token))
          .send({ type: 'town-center', players: [{ me: true }, { open: true }] })
          .expect(201)
      ).body as { id: string; invite: { code: string } };
      const refused = await request(s.url).post(`/api/v1/games/${priv.id}/join`).send({ name: 'Eve' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
      expect(refused.body.detail).toMatch(/not public: joining it takes its invitation code/);
      const g = await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Eve") { seat } }', { id: priv.id });
      expect(g.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await request(s.url).get(`/api/v1/games/${priv.id}`)).body.status).toBe('waiting'); // nothing taken
      await request(s.url).post(`/api/v1/games/${priv.id}/join`).send({ name: 'Eve', inviteCode: priv.invite.code }).expect(201);
    },
  );

  it(
    "GET of a seat's and a player's notification settings (REST and GraphQL): none, the " +
      "player's, then the seat's own, with their language",
    async () => {
      const ada = (await request(s.url).post('/api/v1/players').send({ name: 'Ada' }).expect(201)).body as { id: string; token: string };
      const game = (
        await request(s.url)
          .post('/api/v1/games')
          .set(auth(ada.token))
          .send({ type: 'town-center', players: [{ me: true }, { name: 'Bob' }] })
          .expect(201)
      ).body as { id: string; seats: { seat: number; token: string }[] };
      const seatToken = game.seats[0]!.token;
      const path = `/api/v1/games/${game.id}/seats/me/notifications`;
      expect((await request(s.url).get(path).set(auth(seatToken)).expect(200)).body).toEqual({
        seat: 0,
        from: 'none',
        email: null,
        webhookUrl: null,
        events: ['turn', 'reminder', 'timeout', 'finished', 'joined', 'takeback'],
        language: 'en',
      });
      expect((await request(s.url).get('/api/v1/players/me/notifications').set(auth(ada.token)).expect(200)).body).toMatchObject({
        playerId: ada.id,
        email: null,
        language: 'en',
      });

      await request(s.url)
        .put('/api/v1/players/me/notifications')
        .set(auth(ada.token))
        .send({ email: 'ada@example.test', events: ['turn'], language: 'fr' })
        .expect(200);
      expect((await request(s.url).get(path).set(auth(ada.token)).expect(200)).body).toEqual({
        seat: 0,
        from: 'player',
        email: 'ada@example.test',
        webhookUrl: null,
        events: ['turn'],
        language: 'fr',
      });
      expect((await request(s.url).get('/api/v1/players/me/notifications').set(auth(ada.token)).expect(200)).body).toEqual({
        playerId: ada.id,
        email: 'ada@example.test',
        webhookUrl: null,
        events: ['turn'],
        language: 'fr',
      });

      const put = await request(s.url).put(path).set(auth(seatToken)).send({ email: 'seat@example.test', language: 'en' }).expect(200);
      expect(put.body.language).toBe('en');
      const own = (await request(s.url).get(path).set(auth(seatToken)).expect(200)).body;
      expect(own).toMatchObject({ seat: 0, from: 'seat', email: 'seat@example.test', language: 'en' });
      expect(own).not.toHaveProperty('webhookSecret');

      const q = await gql(
        'query($id: ID!) { seatNotifications(gameId: $id) { seat from email events language } ' +
          'myNotifications { playerId email language } }',
        { id: game.id },
        ada.token,
      );
      expect(q.errors).toBeUndefined();
      expect(q.data).toEqual({
        seatNotifications: { seat: 0, from: 'seat', email: 'seat@example.test', events: own.events, language: 'en' },
        myNotifications: { playerId: ada.id, email: 'ada@example.test', language: 'fr' },
      });

      // Refusals: no token, a spectator's, an unknown language (nothing written).
      expect((await request(s.url).get(path)).status).toBe(401);
      const bad = await request(s.url).put(path).set(auth(seatToken)).send({ language: 'de' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_INPUT');
      expect((await request(s.url).get(path).set(auth(seatToken))).body.language).toBe('en');
      expect(
        (await gql('query($id: ID!) { seatNotifications(gameId: $id) { seat } }', { id: game.id })).errors?.[0]?.extensions?.code,
      ).toBe('UNAUTHORIZED');
    },
  );

  it(
    "GraphQL gives the moves in words (legalMoveLabels, events { label }) as REST's " + 'include=labels does, in the language asked',
    async () => {
      const game = (
        await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'town-center', players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'labels' })
          .expect(201)
      ).body as { id: string; seats: { seat: number; token: string }[] };
      const toMove = (await request(s.url).get(`/api/v1/games/${game.id}`)).body.toMove[0] as number;
      const token = game.seats[toMove]!.token;
      for (const lang of ['en', 'fr']) {
        const rest = (
          await request(s.url)
            .get(`/api/v1/games/${game.id}/legal-moves?include=labels`)
            .set({ ...auth(token), 'Accept-Language': lang })
            .expect(200)
        ).body as { labels: string[] };
        const q = await gql('query($id: ID!) { game(id: $id) { legalMoveLabels legalMoveNotations } }', { id: game.id }, token, lang);
        expect(q.errors).toBeUndefined();
        expect(q.data!.game).toMatchObject({ legalMoveLabels: rest.labels });
        expect(rest.labels.length).toBeGreaterThan(0);
      }
      const lm = (await request(s.url).get(`/api/v1/games/${game.id}/legal-moves`).set(auth(token))).body as {
        moves: unknown[];
        version: number;
      };
      await request(s.url)
        .post(`/api/v1/games/${game.id}/moves`)
        .set(auth(token))
        .send({ move: lm.moves[0], expectedVersion: lm.version })
        .expect(200);
      for (const lang of ['en', 'fr']) {
        const rest = (
          await request(s.url).get(`/api/v1/games/${game.id}/events?include=labels`).set({ 'Accept-Language': lang }).expect(200)
        ).body as { moves: { label: string }[] };
        const q = await gql('query($id: ID!) { game(id: $id) { events { version label } } }', { id: game.id }, undefined, lang);
        expect(q.errors).toBeUndefined();
        expect((q.data!.game as unknown as { events: { label: string }[] }).events.map((e) => e.label)).toEqual(
          rest.moves.map((m) => m.label),
        );
        expect(rest.moves[0]!.label).toMatch(lang === 'fr' ? /Mairie|mairie/ : /City Hall/);
      }
    },
  );
});
