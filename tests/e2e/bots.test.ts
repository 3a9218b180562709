import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOT_LEVELS, LEVELS, Rng, type Move } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { GraphqlClient, toMoveInput } from '../support/clients.js';
import { BOT_ENV, expectReplayAndImports, playSeat, type Entry } from '../support/bots.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Bots in seats over real HTTP and Postgres (issue 21): for every game, one seat for a scripted
 * client and the others `ismcts` (a small budget: BOT_MAX_ITERATIONS) finishes with the bots moving
 * by themselves (a job per bot turn, thought in the worker pool); the same through GraphQL; the log
 * names origin `bot` and the level; replay equals live; the record (JSON and text) shows the bot
 * seats and imports to the same state.
 */
const registry = defaultRegistry();
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('bots in seats (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(BOT_ENV);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('GET /bots lists the levels with a description and think time; GraphQL bots the same', async () => {
    const r = await request(s.url).get('/api/v1/bots').expect(200);
    expect(r.body.map((b: { level: string }) => b.level)).toEqual([...BOT_LEVELS]);
    for (const b of r.body) expect(b).toEqual({ level: b.level, ...LEVELS[b.level as keyof typeof LEVELS] });
    const q = await new GraphqlClient(s.url).run<{ bots: unknown[] }>('{ bots { level description thinkMs iterations } }');
    expect(q.bots).toEqual(r.body);
  });

  for (const type of ['town-center', 'city-tycoon', 'ma-petite-ville', 'ville-de-demain']) {
    it(`${type}: one scripted seat and ismcts bots (a solo game): the bots move by themselves and ` +
      `the game finishes; the log, the game and the records show the bots`, async () => {
      const players = [{ name: 'Ann' }, { bot: 'ismcts' }, { bot: 'ismcts', name: 'Deep' }];
      const created = await request(s.url)
        .post('/api/v1/games')
        .send({ type, players, seed: `bots-${type}` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      expect(created.body.seats).toEqual([
        { seat: 0, name: 'Ann', token: expect.any(String) },
        { seat: 1, name: 'Bot (ismcts)', bot: 'ismcts' },
        { seat: 2, name: 'Deep', bot: 'ismcts' },
      ]);
      const g = (await request(s.url).get(`/api/v1/games/${id}`)).body;
      expect(g.players.map((p: { bot?: string; open: boolean }) => [p.bot, p.open])).toEqual([
        [undefined, false],
        ['ismcts', false],
        ['ismcts', false],
      ]);

      await playSeat(s.url, id, created.body.seats[0].token, `script-${type}`);

      const log = (await request(s.url).get(`/api/v1/games/${id}/events?limit=1000`)).body.moves as Entry[];
      const bots = log.filter((m) => m.seat !== 0);
      expect(bots.length).toBeGreaterThan(0);
      for (const m of bots) expect(m.origin).toBe('bot');
      // The level that chose: ismcts, or greedy when the search failed (never nothing).
      for (const m of bots) expect(['ismcts', 'greedy']).toContain(m.bot);
      for (const m of log.filter((x) => x.seat === 0)) expect([m.origin, m.bot]).toEqual([undefined, undefined]);
      const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body;
      expect(record.players).toEqual([
        { seat: 0, name: 'Ann' },
        { seat: 1, name: 'Bot (ismcts)', bot: 'ismcts' },
        { seat: 2, name: 'Deep', bot: 'ismcts' },
      ]);
      const text = (await request(s.url).get(`/api/v1/games/${id}/record?format=text`)).text;
      expect(text).toContain('[Seat1Bot "ismcts"]');
      expect(text).toMatch(/\{bot (ismcts|greedy)\}/);
      // Notation shows the bot's moves like anyone's.
      const listed = (await request(s.url).get(`/api/v1/games/${id}/events?limit=1000&include=labels`)).body.moves as {
        seat: number;
        label?: string;
      }[];
      expect(listed.filter((m) => m.seat !== 0).every((m) => typeof m.label === 'string' && m.label.length > 0)).toBe(true);
      await expectReplayAndImports(s, id);
    }, 300_000);
  }

  it('GraphQL: a game created with bot seats finishes with the bots moving; the game shows players { bot }', async () => {
    const gql = new GraphqlClient(s.url);
    const game = registry.current('town-center')!;
    const c = await gql.run<{ createGame: { id: string; seats: { seat: number; token: string | null; bot: string | null }[] } }>(
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id seats { seat token bot } } }',
      {
        input: {
          type: 'town-center',
          seed: 'bots-gql',
          players: [{ bot: 'ismcts' }, { name: 'Gil' }, { bot: 'greedy' }],
          standInBot: 'random',
        },
      },
    );
    const { id, seats } = c.createGame;
    expect(seats.map((x) => [x.bot, x.token === null])).toEqual([
      ['ismcts', true],
      [null, false],
      ['greedy', true],
    ]);
    const token = seats[1]!.token!;
    const rng = Rng.fromSeed('gql-script');
    for (let guard = 0; ; guard++) {
      expect(guard).toBeLessThan(2000);
      const d = await gql.run<{ game: { version: number; status: string; legalMoves: Move[] } }>(
        'query($id: ID!) { game(id: $id) { version status legalMoves } }',
        { id },
        token,
      );
      if (d.game.status === 'finished') break;
      if (d.game.legalMoves.length === 0) {
        await vi.waitFor(
          async () =>
            expect(
              (await gql.run<{ game: { version: number } }>('query($id: ID!) { game(id: $id) { version } }', { id })).game.version,
            ).not.toBe(d.game.version),
          { timeout: 30_000, interval: 50 },
        );
        continue;
      }
      const r = await request(s.url)
        .post('/graphql')
        .set(auth(token))
        .send({
          query: 'mutation($id: ID!, $move: MoveInput!, $v: Int) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { version } }',
          variables: { id, move: toMoveInput(game, rng.pick(d.game.legalMoves)), v: d.game.version },
        });
      // Seats act at once in some phases: a bot may move first, then decide again on the new state.
      if (r.body.errors?.[0]?.extensions?.code === 'VERSION_CONFLICT') continue;
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    }
    const done = await gql.run<{
      game: {
        standInBot: string;
        players: { bot: string | null }[];
        events: { seat: number; origin: string | null; bot: string | null }[];
      };
    }>('query($id: ID!) { game(id: $id) { standInBot players { bot } events(limit: 1000) { seat origin bot } } }', { id });
    expect(done.game.standInBot).toBe('random');
    expect(done.game.players.map((p) => p.bot)).toEqual(['ismcts', null, 'greedy']);
    const bySeat = (seat: number) => done.game.events.filter((m) => m.seat === seat);
    expect(bySeat(0).every((m) => m.origin === 'bot' && (m.bot === 'ismcts' || m.bot === 'greedy'))).toBe(true);
    expect(bySeat(2).every((m) => m.origin === 'bot' && m.bot === 'greedy')).toBe(true);
    expect(bySeat(1).every((m) => m.origin === null && m.bot === null)).toBe(true);
    expect(bySeat(0).length).toBeGreaterThan(0);
  }, 300_000);
});
