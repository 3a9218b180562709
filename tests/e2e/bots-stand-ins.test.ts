import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Rng, type Move } from '../../src/engine/index.js';
import { startTestServer, startTwoServers, type TestServer } from '../support/server.js';
import { createTestDatabase } from '../support/db.js';
import { BOT_ENV, expectReplayAndImports, type Entry } from '../support/bots.js';

/**
 * Stand-ins and the edges of bot seats (issue 21): a resigned seat and a timed-out seat
 * (`auto-move`) are played by the game's `standInBot`, the log says who played; two server
 * processes never play two moves for one bot turn; the creator fills an open seat with a bot; bad
 * inputs get a clear 4xx with a stable code.
 */
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('bot stand-ins and bot seats (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ...BOT_ENV, NOTIFICATIONS: 'on' });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const create = async (body: object, token?: string) => {
    const r = await request(s.url)
      .post('/api/v1/games')
      .set(token ? auth(token) : {})
      .send(body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; seats: { seat: number; token: string }[]; invite?: { code: string } };
  };
  const log = async (id: string) => (await request(s.url).get(`/api/v1/games/${id}/events?limit=1000`)).body.moves as Entry[];

  it('a resigned seat is played by the stand-in (standInBot ismcts): origin resigned with the ' +
    'level, players[].standIn; replay equals live; records import to the same state', async () => {
    const c = await create({
      type: 'ma-petite-ville',
      players: [{ name: 'Ann' }, { name: 'Ben' }, { name: 'Cat' }],
      seed: 'stand-in-resign',
      standInBot: 'ismcts',
    });
    const tokens = c.seats.map((x) => x.token);
    const RESIGNER = 2;
    const rng = Rng.fromSeed('stand-in-script');
    let resignedAt = 0;
    for (let guard = 0; ; guard++) {
      expect(guard).toBeLessThan(2000);
      const g = (await request(s.url).get(`/api/v1/games/${c.id}`)).body;
      if (g.status === 'finished') break;
      if (!resignedAt && g.version >= 6 && g.toMove.includes(RESIGNER)) {
        const r = await request(s.url).post(`/api/v1/games/${c.id}/resign`).set(auth(tokens[RESIGNER]!));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        resignedAt = r.body.version;
        const after = (await request(s.url).get(`/api/v1/games/${c.id}`)).body;
        // The stand-in played at once: the game never waits for the resigned seat.
        expect(after.toMove.includes(RESIGNER) && after.status === 'active').toBe(false);
        if (after.status === 'active') expect(after.players[RESIGNER]).toMatchObject({ resigned: true, standIn: 'ismcts' });
        expect(after.standInBot).toBe('ismcts');
        continue;
      }
      const seat = rng.pick((g.toMove as number[]).filter((x) => !resignedAt || x !== RESIGNER));
      const legal = (await request(s.url).get(`/api/v1/games/${c.id}/legal-moves`).set(auth(tokens[seat]!))).body;
      const r = await request(s.url)
        .post(`/api/v1/games/${c.id}/moves`)
        .set(auth(tokens[seat]!))
        .send({ move: rng.pick(legal.moves as Move[]), expectedVersion: legal.version });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(resignedAt).toBeGreaterThan(0);
    const entries = await log(c.id);
    const played = entries.filter((m) => m.version > resignedAt && m.seat === RESIGNER);
    expect(played.length).toBeGreaterThan(0);
    for (const m of played) expect(m.origin).toBe('resigned');
    for (const m of played) expect(['ismcts', 'greedy']).toContain(m.bot);
    const text = (await request(s.url).get(`/api/v1/games/${c.id}/record?format=text`)).text;
    expect(text).toContain('[StandInBot "ismcts"]');
    expect(text).toMatch(/\{resigned (ismcts|greedy)\}/);
    await expectReplayAndImports(s, c.id);
  }, 300_000);

  it('a timed-out seat (timeoutAction auto-move) is played by the stand-in (default greedy): ' +
    'origin timeout with bot greedy; replay equals live; records import', async () => {
    const c = await create({
      type: 'town-center',
      players: [{ name: 'Sleepy' }, { bot: 'greedy' }],
      seed: 'stand-in-timeout',
      turnDeadlineSeconds: 1,
      timeoutAction: 'auto-move',
    });
    await vi.waitFor(async () => expect((await log(c.id)).filter((m) => m.origin === 'timeout').length).toBeGreaterThanOrEqual(2), {
      timeout: 60_000,
      interval: 200,
    });
    const entries = await log(c.id);
    for (const m of entries.filter((x) => x.origin === 'timeout')) expect([m.seat, m.bot]).toEqual([0, 'greedy']);
    for (const m of entries.filter((x) => x.seat === 1)) expect([m.origin, m.bot]).toEqual(['bot', 'greedy']);
    // The sleepy seat resigns: with two seats the bot wins, and the finished game's records import.
    const r = await request(s.url).post(`/api/v1/games/${c.id}/resign`).set(auth(c.seats[0]!.token));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('finished');
    const text = (await request(s.url).get(`/api/v1/games/${c.id}/record?format=text`)).text;
    expect(text).toMatch(/\{timeout greedy\}/);
    await expectReplayAndImports(s, c.id);
  }, 120_000);

  it('the creator fills an open seat with a bot: the game starts and the bot moves; others may not; unknown level 400', async () => {
    const me = (await request(s.url).post('/api/v1/players').send({ name: 'Host' })).body as { token: string };
    const other = (await request(s.url).post('/api/v1/players').send({ name: 'Guest' })).body as { token: string };
    const c = await create({ type: 'town-center', players: [{ open: true }, { me: true }], seed: 'fill-bot' }, me.token);
    const bad = await request(s.url).post(`/api/v1/games/${c.id}/bot`).set(auth(me.token)).send({ bot: 'grandmaster' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
    expect(bad.body.detail).toMatch(/bot/);
    expect((await request(s.url).post(`/api/v1/games/${c.id}/bot`).set(auth(other.token)).send({ bot: 'greedy' })).body.code).toBe(
      'FORBIDDEN',
    );
    const r = await request(s.url).post(`/api/v1/games/${c.id}/bot`).set(auth(me.token)).send({ bot: 'greedy', name: 'Robo' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ seat: 0, name: 'Robo', bot: 'greedy', status: 'active' });
    // Seat 0 (the bot) moves first in town-center: it moves by itself.
    await vi.waitFor(async () => expect((await request(s.url).get(`/api/v1/games/${c.id}`)).body.version).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 100,
    });
    const g = (await request(s.url).get(`/api/v1/games/${c.id}`)).body;
    expect(g.players[0]).toMatchObject({ name: 'Robo', bot: 'greedy', open: false });
    expect((await log(c.id))[0]).toMatchObject({ seat: 0, origin: 'bot', bot: 'greedy' });
  }, 60_000);

  it(
    'bad inputs: unknown level (REST and GraphQL) 400 naming the field; { bot, me } and a ' +
      "token reissued for a bot seat 403 BOT_SEAT; a person's token for a bot seat 403 BOT_SEAT",
    async () => {
      const unknown = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'A' }, { bot: 'grandmaster' }] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('INVALID_INPUT');
      expect(unknown.body.detail).toMatch(/players\/1\/bot/);
      const standIn = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ name: 'A' }], standInBot: 'zombie' });
      expect(standIn.status).toBe(400);
      expect(standIn.body.detail).toMatch(/standInBot/);
      const gql = await request(s.url).post('/graphql').send({
        query: 'mutation { createGame(input: { type: "town-center", players: [{ name: "A" }, { bot: "grandmaster" }] }) { id } }',
      });
      expect(gql.body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(gql.body.errors[0].message).toMatch(/players\/1\/bot/);
      const gqlStandIn = await request(s.url)
        .post('/graphql')
        .send({ query: 'mutation { createGame(input: { type: "town-center", players: [{ name: "A" }], standInBot: "zombie" }) { id } }' });
      expect(gqlStandIn.body.errors[0].message).toMatch(/standInBot/);

      const player = (await request(s.url).post('/api/v1/players').send({ name: 'Pat' })).body as { token: string };
      const botMe = await request(s.url)
        .post('/api/v1/games')
        .set(auth(player.token))
        .send({ type: 'town-center', players: [{ bot: 'greedy', me: true }, { name: 'B' }] });
      expect(botMe.status).toBe(403);
      expect(botMe.body.code).toBe('BOT_SEAT');

      const c = await create({ type: 'town-center', players: [{ name: 'Ann' }, { bot: 'random' }], seed: 'bad-bot' });
      const reissue = await request(s.url).post(`/api/v1/games/${c.id}/seats/1/token`).set(auth(s.config.operatorToken!));
      expect(reissue.status, JSON.stringify(reissue.body)).toBe(403);
      expect(reissue.body.code).toBe('BOT_SEAT');

      // A seat whose token a person holds is handed to a bot (as the store allows): that person's token no longer moves for it.
      const db = new pg.Client({ connectionString: s.db.url });
      await db.connect();
      try {
        await db.query("UPDATE seats SET bot = 'greedy' WHERE game_id = $1 AND seat = 0", [c.id]);
        await db.query('UPDATE games SET seats_rev = seats_rev + 1 WHERE id = $1', [c.id]);
      } finally {
        await db.end();
      }
      s.service.forget(c.id);
      const legal = await request(s.url).get(`/api/v1/games/${c.id}/legal-moves`).set(auth(c.seats[0]!.token));
      const move = await request(s.url)
        .post(`/api/v1/games/${c.id}/moves`)
        .set(auth(c.seats[0]!.token))
        .send({ move: (legal.body.moves as Move[])[0] ?? { type: 'pass' } });
      expect(move.status, JSON.stringify(move.body)).toBe(403);
      expect(move.body.code).toBe('BOT_SEAT');
    },
  );
});

describe('a bot that fails', () => {
  it("one that throws and one that never answers both play greedy's move (logged as greedy, the " +
    'error in the server log): the game never waits forever on a bot', async () => {
    const failing = fileURLToPath(new URL('../bots/fixtures/failing-worker.ts', import.meta.url));
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _e, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        cb();
      },
    });
    const s = await startTestServer(BOT_ENV, undefined, { botWorker: failing, logger: { level: 'warn', stream } });
    try {
      // The fixture's ismcts throws and its ismcts-strong loops forever (stopped after its think time and grace).
      const c = await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ bot: 'ismcts' }, { bot: 'ismcts-strong' }, { name: 'Ann' }], seed: 'failing-bots' });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      const id = c.body.id as string;
      await vi.waitFor(
        async () => {
          const moves = (await request(s.url).get(`/api/v1/games/${id}/events`)).body.moves as Entry[];
          expect(new Set(moves.filter((m) => m.origin === 'bot').map((m) => m.seat))).toEqual(new Set([0, 1]));
        },
        { timeout: 60_000, interval: 200 },
      );
      const moves = (await request(s.url).get(`/api/v1/games/${id}/events`)).body.moves as Entry[];
      for (const m of moves.filter((x) => x.origin === 'bot')) expect(m.bot).toBe('greedy');
      // The error is logged, with the game, the seat, the level that failed and who played instead.
      const failed = lines.filter((l) => l.msg === 'bot failed; its fallback played' && l.gameId === id);
      expect(failed.find((l) => l.seat === 0)).toMatchObject({
        level: 'ismcts',
        playedBy: 'greedy',
        error: { reason: 'error', message: 'ismcts: the search crashed on purpose' },
      });
      expect(failed.find((l) => l.seat === 1)).toMatchObject({ level: 'ismcts-strong', playedBy: 'greedy', error: { reason: 'timeout' } });
    } finally {
      await s.stop();
    }
  }, 120_000);
});

describe('bots with two server processes', () => {
  it('a game waiting on a bot when no process runs bots (BOTS=off) is picked up at start-up by a process that does', async () => {
    const db = await createTestDatabase();
    const off = await startTestServer({ ...BOT_ENV, BOTS: 'off' }, db);
    let on: TestServer | undefined;
    try {
      const c = await request(off.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ bot: 'greedy' }, { name: 'Ann' }], seed: 'start-up' });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      const id = c.body.id as string;
      // the bot moves first; nobody plays it
      expect((await request(off.url).get(`/api/v1/games/${id}`)).body).toMatchObject({ version: 0, toMove: [0] });
      on = await startTestServer(BOT_ENV, db);
      await vi.waitFor(async () => expect((await request(off.url).get(`/api/v1/games/${id}`)).body.version).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 100,
      });
      const first = (await request(off.url).get(`/api/v1/games/${id}/events`)).body.moves[0];
      expect(first).toMatchObject({ version: 1, seat: 0, origin: 'bot', bot: 'greedy' });
    } finally {
      await on?.stop();
      await off.stop();
      await db.drop();
    }
  }, 120_000);

  it('a game of bots only, created on one process: both processes run bot jobs; every bot turn ' +
    'is played once (each entry by a seat that was to move, versions without gaps); replay ' +
    'equals live', async () => {
    const two = await startTwoServers(BOT_ENV);
    try {
      const { a, b } = two;
      const c = await request(a.url)
        .post('/api/v1/games')
        .send({ type: 'town-center', players: [{ bot: 'greedy' }, { bot: 'random' }, { bot: 'greedy' }], seed: 'two-processes' });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      const id = c.body.id as string;
      await vi.waitFor(async () => expect((await request(b.url).get(`/api/v1/games/${id}`)).body.status).toBe('finished'), {
        timeout: 240_000,
        interval: 250,
      });
      const entries = (await request(b.url).get(`/api/v1/games/${id}/events?limit=1000`)).body.moves as Entry[];
      expect(entries.map((m) => m.version)).toEqual(entries.map((_, i) => i + 1));
      const levels = ['greedy', 'random', 'greedy'];
      for (const m of entries) expect([m.origin, m.bot]).toEqual(['bot', levels[m.seat]]);
      for (const m of entries) {
        const before = (await request(a.url).get(`/api/v1/games/${id}/replay?at=${m.version - 1}`)).body;
        expect(before.toMove, `version ${m.version}: seat ${m.seat} was to move`).toContain(m.seat);
      }
      const live = await a.service.stateHash(id);
      b.service.clearCache();
      expect(await b.service.stateHash(id)).toBe(live);
    } finally {
      await two.stop();
    }
  }, 300_000);
});
