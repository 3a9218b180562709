import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOT_ENV, type Entry } from '../support/bots.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Games that do not rot (issue 19 item 5): a seat that misses `standInAfterTimeouts` deadlines in
 * a row is handed to the game's stand-in bot, shown as players[].standIn, and played by it from
 * then on; each player's profile counts games finished, abandoned and timed out.
 */
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

describe("a seat handed to the stand-in after missed deadlines; players' profiles (end-to-end)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ...BOT_ENV, NOTIFICATIONS: 'on' });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const log = async (id: string) => (await request(s.url).get(`/api/v1/games/${id}/events?limit=1000`)).body.moves as Entry[];
  const newPlayer = async (name: string) =>
    (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { id: string; token: string };

  it('timeoutAction none alone never moves for the seat; with standInAfterTimeouts 1 the first ' +
    'missed deadline hands the seat to the stand-in, which then plays each of its turns ' +
    '(origin timeout, the level named); the profile counts the timed-out game, then the ' +
    'abandoned one', async () => {
    const sleepy = await newPlayer('Sleepy');
    const r = await request(s.url)
      .post('/api/v1/games')
      .set(auth(sleepy.token))
      .send({
        type: 'town-center',
        players: [{ me: true }, { bot: 'greedy' }],
        seed: 'hand-over',
        turnDeadlineSeconds: 1,
        timeoutAction: 'none',
        standInAfterTimeouts: 1,
        standInBot: 'random',
      });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.id as string;
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body).toMatchObject({ standInAfterTimeouts: 1, standInBot: 'random' });
    // With timeoutAction none a timeout only notifies: every move of seat 0 below is the stand-in's.
    await vi.waitFor(async () => expect((await log(id)).filter((m) => m.seat === 0).length).toBeGreaterThanOrEqual(3), {
      timeout: 60_000,
      interval: 200,
    });
    const entries = await log(id);
    for (const m of entries.filter((x) => x.seat === 0)) expect([m.origin, m.bot]).toEqual(['timeout', 'random']);
    const g = (await request(s.url).get(`/api/v1/games/${id}`)).body;
    expect(g.status).toBe('active'); // a game of Town Center lasts far longer than three turns
    expect(g.players[0]).toMatchObject({ standIn: 'random' });
    expect(g.players[1].standIn).toBeUndefined();
    const profile = await request(s.url).get(`/api/v1/players/${sleepy.id}`);
    expect(profile.status).toBe(200);
    // Reliability (src/app/reliability.ts): the timed-out game counts against it while it runs.
    expect(profile.body).toEqual({
      id: sleepy.id,
      name: 'Sleepy',
      games: { finished: 0, abandoned: 0, timedOut: 1, playing: 1, expired: 0 },
      reliability: { finished: 0, abandoned: 0, timedOut: 1, days: 90, figure: 0 },
    });
    await request(s.url).post(`/api/v1/games/${id}/resign`).set(auth(sleepy.token)).expect(200);
    expect((await request(s.url).get(`/api/v1/players/${sleepy.id}`)).body.games).toEqual({
      finished: 0,
      abandoned: 1,
      timedOut: 1,
      playing: 0,
      expired: 0,
    });
    const gql = await request(s.url)
      .post('/graphql')
      .send({
        query:
          'query($id: ID!) { playerProfile(playerId: $id) { id name games { finished abandoned ' +
          'timedOut playing expired } reliability { finished abandoned timedOut days figure } } }',
        variables: { id: sleepy.id },
      });
    expect(gql.body.data.playerProfile).toEqual((await request(s.url).get(`/api/v1/players/${sleepy.id}`)).body);
  }, 120_000);

  it('missed deadlines count in a row: with standInAfterTimeouts 2 and auto-move, the first ' +
    'timeout is played on the deadline, the second hands the seat over', async () => {
    const r = await request(s.url)
      .post('/api/v1/games')
      .send({
        type: 'town-center',
        players: [{ name: 'Late' }, { bot: 'greedy' }],
        seed: 'hand-over-2',
        turnDeadlineSeconds: 1,
        timeoutAction: 'auto-move',
        standInAfterTimeouts: 2,
      });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.id as string;
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.players[0].standIn).toBeUndefined();
    await vi.waitFor(async () => expect((await log(id)).filter((m) => m.seat === 0).length).toBeGreaterThanOrEqual(3), {
      timeout: 60_000,
      interval: 200,
    });
    const g = (await request(s.url).get(`/api/v1/games/${id}`)).body;
    expect(g.status).toBe('active');
    expect(g.players[0]).toMatchObject({ standIn: 'greedy' });
    for (const m of (await log(id)).filter((x) => x.seat === 0)) expect([m.origin, m.bot]).toEqual(['timeout', 'greedy']);
  }, 120_000);

  it(
    'bad input: standInAfterTimeouts out of range or without deadlines is a 400 naming the ' + 'field; an unknown player is a 404',
    async () => {
      for (const [extra, words] of [
        [{ standInAfterTimeouts: 0, turnDeadlineSeconds: 60 }, 'from 1 to 100'],
        [{ standInAfterTimeouts: 101, turnDeadlineSeconds: 60 }, 'from 1 to 100'],
        [{ standInAfterTimeouts: 2 }, 'needs deadlines'],
      ] as const) {
        const r = await request(s.url)
          .post('/api/v1/games')
          .send({ type: 'town-center', players: [{ name: 'A' }, { name: 'B' }], ...extra });
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.code).toBe('INVALID_INPUT');
        expect(r.body.detail).toContain('standInAfterTimeouts');
        expect(r.body.detail).toContain(words);
      }
      // The same through GraphQL, and the setting shown on the game as created.
      const bad = await request(s.url)
        .post('/graphql')
        .send({
          query:
            'mutation { createGame(input: { type: "town-center", players: [{ name: "A" }, { name: "B" ' +
            '}], turnDeadlineSeconds: 60, standInAfterTimeouts: 0 }) { id } }',
        });
      expect(bad.body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(bad.body.errors[0].message).toContain('standInAfterTimeouts');
      const ok = await request(s.url)
        .post('/graphql')
        .send({
          query:
            'mutation { createGame(input: { type: "town-center", players: [{ name: "A" }, { name: "B" ' +
            '}], turnDeadlineSeconds: 60, standInAfterTimeouts: 3 }) { id } }',
        });
      const id = ok.body.data.createGame.id as string;
      const shown = await request(s.url)
        .post('/graphql')
        .send({ query: `{ game(id: "${id}") { standInAfterTimeouts players { seat standIn } } }` });
      expect(shown.body.data.game).toEqual({
        standInAfterTimeouts: 3,
        players: [
          { seat: 0, standIn: null },
          { seat: 1, standIn: null },
        ],
      });
      expect((await request(s.url).get('/api/v1/players/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await request(s.url).get('/api/v1/players/not-an-id')).status).toBe(404);
    },
  );
});
