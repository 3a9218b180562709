import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Rng, type Move } from '../../src/engine/index.js';
import { startTestServer, startTwoServers, type TestServer } from '../support/server.js';

/**
 * Rules that hold for every way a game changes, now that every change is a command of the one
 * handler (issue 30; src/app/use-cases/handle.ts). Each of these failed before it:
 * - a takeback gives back the clock increments of the moves it undoes: N cycles of "move, take it
 *   back" leave the seat's deadline where the first move found it;
 * - a vacation put and removed leaves a running clock with what it had (less the time that passed),
 *   not the bank of the seat's last move;
 * - a bot's reply after an undo and the same move again is the same reply (its seed is the position);
 * - the same takeback Idempotency-Key sent to two processes at once gets the same answer twice.
 */
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
type Game = { id: string; tokens: string[] };
type Clock = { seat: number; remainingSeconds: number; running: boolean; deadline: string | null };

async function create(url: string, body: object, token?: string): Promise<Game> {
  const r = await request(url)
    .post('/api/v1/games')
    .set(token ? auth(token) : {})
    .send(body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.id, tokens: (r.body.seats as { token?: string }[]).map((x) => x.token ?? '') };
}

const game = async (url: string, id: string) =>
  (await request(url).get(`/api/v1/games/${id}`).expect(200)).body as {
    version: number;
    toMove: number[];
    status: string;
    clocks?: Clock[];
  };

/**
 * Plays random legal moves (the seats of `g.tokens` that have one) until the move just made is
 * undoable and `keep(after)` holds; the move and its seat.
 */
async function playUntilUndoable(
  url: string,
  g: Game,
  seed: string,
  keep: (after: { toMove: number[]; status: string }, seat: number) => boolean,
): Promise<{ seat: number; version: number; move: Move }> {
  const rng = Rng.fromSeed(seed);
  for (let guard = 0; guard < 400; guard++) {
    const now = await game(url, g.id);
    const seat = now.toMove.find((x) => g.tokens[x]);
    if (seat === undefined) {
      await vi.waitFor(async () => expect((await game(url, g.id)).version).not.toBe(now.version), { timeout: 20_000, interval: 20 });
      continue;
    }
    const legal = await request(url).get(`/api/v1/games/${g.id}/legal-moves?include=undoable`).set(auth(g.tokens[seat]!));
    const i = rng.int(legal.body.moves.length);
    const r = await request(url)
      .post(`/api/v1/games/${g.id}/moves`)
      .set(auth(g.tokens[seat]!))
      .send({ move: legal.body.moves[i], expectedVersion: now.version });
    if (r.status === 409) continue; // a bot moved first
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (legal.body.undoable[i] && r.body.status === 'active' && keep(r.body, seat))
      return { seat, version: r.body.version, move: legal.body.moves[i] };
  }
  throw new Error('no such move in 400');
}

/**
 * The seat's running deadline once the turn clock has restarted it at `version` (its updates follow
 * the commit: the deadline row's `since` says which version it was set at).
 */
async function deadlineAt(s: TestServer, id: string, seat: number, version: number): Promise<number> {
  const db = new pg.Client({ connectionString: s.databaseUrl });
  await db.connect();
  try {
    let at = 0;
    await vi.waitFor(
      async () => {
        const r = await db.query<{ since: number }>('SELECT since FROM deadlines WHERE game_id = $1 AND seat = $2', [id, seat]);
        expect(r.rows[0]?.since).toBe(version);
        const c = (await game(s.url, id)).clocks!.find((x) => x.seat === seat)!;
        expect(c.running).toBe(true);
        at = Date.parse(c.deadline!);
      },
      { timeout: 10_000, interval: 20 },
    );
    return at;
  } finally {
    await db.end();
  }
}

describe('the rules every command keeps (one server)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ BOT_MAX_ITERATIONS: '30', BOT_MAX_THINK_MS: '2000', BOT_THREADS: '1', NOTIFY_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("10 cycles of a move and its takeback leave the seat's deadline where the first move found it", async () => {
    const g = await create(s.url, {
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      seed: 'clock-cycles',
      timeControl: { initialSeconds: 3600, incrementSeconds: 60, maxSeconds: 36_000 },
    });
    const made = await playUntilUndoable(s.url, g, 'clock-cycles', (after, seat) => after.toMove.includes(seat));
    // Taken back once: the position before the move, the seat to move with the deadline it had then.
    await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[made.seat]!)).send({ undo: made.version }).expect(200);
    let version = made.version + 1;
    const first = await deadlineAt(s, g.id, made.seat, version);
    for (let cycle = 0; cycle < 10; cycle++) {
      const moved = await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[made.seat]!)).send({ move: made.move });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      version++;
      // The move earned its increment: the deadline is a minute later.
      expect((await deadlineAt(s, g.id, made.seat, version)) - first).toBeGreaterThanOrEqual(59_000);
      await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[made.seat]!)).send({ undo: version }).expect(200);
      version++;
      // Taken back: the increment is given back, the time that passed stays spent.
      expect(Math.abs((await deadlineAt(s, g.id, made.seat, version)) - first), `cycle ${cycle}`).toBeLessThan(1_000);
    }
  });

  it('a vacation put and removed leaves a running clock with what it had, less the time that passed', async () => {
    const player = (await request(s.url).post('/api/v1/players').send({ name: 'Away' }).expect(201)).body as { token: string };
    const g = await create(
      s.url,
      {
        type: 'ville-de-demain',
        players: [{ me: true }, { name: 'Home' }],
        seed: 'vacation-clock',
        timeControl: { initialSeconds: 600, incrementSeconds: 10, maxSeconds: 600 },
      },
      player.token,
    );
    const start = await game(s.url, g.id);
    expect(start.toMove).toEqual([0]);
    const before = await deadlineAt(s, g.id, 0, start.version);
    // The clock has run a little: what a reset would give back.
    await vi.waitFor(
      async () => expect((await game(s.url, g.id)).clocks!.find((x) => x.seat === 0)!.remainingSeconds).toBeLessThanOrEqual(597.5),
      { timeout: 10_000, interval: 100 },
    );
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    for (let i = 0; i < 3; i++) {
      const pausedAt = Date.now();
      await request(s.url).put('/api/v1/players/me/vacation').set(auth(player.token)).send({ until }).expect(200);
      // Paused: the deadline is the end of the vacation plus what was left.
      const paused = (await game(s.url, g.id)).clocks!.find((x) => x.seat === 0)!;
      expect(Date.parse(paused.deadline!) - Date.parse(until)).toBeLessThanOrEqual(before - pausedAt + 1_000);
      await request(s.url).delete('/api/v1/players/me/vacation').set(auth(player.token)).expect(200);
      // Back: the clock runs on from what it had; the vacation's time is not counted, and nothing else is given back.
      // The vacation's end restarted the clock (a read after DELETE's answer sees it: the pause is ended in the request).
      const after = Date.parse((await game(s.url, g.id)).clocks!.find((x) => x.seat === 0)!.deadline!);
      expect(after - before, `round ${i}`).toBeLessThan(1_000 * (i + 1));
      expect(after - before).toBeGreaterThanOrEqual(-50);
    }
  });

  it("a bot's reply after an undo and the same move again is the same reply, 8 of 8", async () => {
    // The person's move and the bot's whole reply are taken back together (takebacks with-consent:
    // a bot is not asked), so the reply must draw nothing at random: Town Center's cube takes.
    const g = await create(s.url, {
      type: 'town-center',
      players: [{ name: 'person' }, { bot: 'random' }],
      seed: 'bot-seed-undo',
      takebacks: 'with-consent',
    });
    /** The bot's entries after `version`, once the game waits on the person again. */
    const replyAfter = async (version: number) => {
      let reply: { version: number; move: Move; undoable: boolean; origin?: string }[] = [];
      await vi.waitFor(
        async () => {
          const now = await game(s.url, g.id);
          expect(now.version).toBeGreaterThan(version);
          expect(now.toMove.includes(0) || now.status !== 'active').toBe(true);
          reply = (await request(s.url).get(`/api/v1/games/${g.id}/events?after=${version}`).expect(200)).body.moves;
        },
        { timeout: 20_000, interval: 20 },
      );
      return reply;
    };
    for (let attempt = 0; attempt < 60; attempt++) {
      const made = await playUntilUndoable(
        s.url,
        g,
        `bot-seed-undo-${attempt}`,
        (after) => after.toMove.includes(1) && !after.toMove.includes(0),
      );
      const first = await replyAfter(made.version);
      // not a reply that can be taken back: play on
      if (first.length === 0 || !first.every((m) => m.origin === 'bot' && m.undoable)) continue;
      const replies = [];
      let undo = made.version;
      for (let cycle = 0; cycle < 8; cycle++) {
        const t = await request(s.url).post(`/api/v1/games/${g.id}/takeback`).set(auth(g.tokens[0]!)).send({ undo });
        expect(t.status, JSON.stringify(t.body)).toBe(200);
        const again = await request(s.url).post(`/api/v1/games/${g.id}/moves`).set(auth(g.tokens[0]!)).send({ move: made.move });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        undo = again.body.version;
        replies.push((await replyAfter(undo)).map((m) => m.move));
      }
      expect(replies).toEqual(Array.from({ length: 8 }, () => first.map((m) => m.move)));
      return;
    }
    throw new Error('no undoable bot reply in 60 tries');
  });
});

describe('the rules every command keeps (two processes)', () => {
  let two: Awaited<ReturnType<typeof startTwoServers>>;
  beforeAll(async () => {
    two = await startTwoServers();
  });
  afterAll(async () => {
    await two?.stop();
  });

  it('the same takeback Idempotency-Key sent to two processes at once gets the same answer twice, 4 of 4', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const g = await create(two.a.url, {
        type: 'ville-de-demain',
        players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
        seed: `takeback-key-${trial}`,
      });
      const made = await playUntilUndoable(two.a.url, g, `takeback-key-${trial}`, (after, seat) => after.toMove.includes(seat));
      await request(two.b.url).get(`/api/v1/games/${g.id}`).expect(200); // both processes hold the game
      const send = (url: string) =>
        request(url)
          .post(`/api/v1/games/${g.id}/takeback`)
          .set(auth(g.tokens[made.seat]!))
          .set('Idempotency-Key', `same-${trial}`)
          .send({});
      const [ra, rb] = await Promise.all([send(two.a.url), send(two.b.url)]);
      expect([ra.status, rb.status], JSON.stringify([ra.body, rb.body])).toEqual([200, 200]);
      expect(ra.body).toEqual(rb.body);
      expect(ra.body.version).toBe(made.version + 1);
      expect((await game(two.a.url, g.id)).version).toBe(made.version + 1); // one takeback, not two
    }
  });
});
