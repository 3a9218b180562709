import pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { notifyingServer } from '../support/mail.js';

interface Clock {
  seat: number;
  remainingSeconds: number;
  running: boolean;
  deadline: string | null;
}

/**
 * Time controls (issue 19): a bank per seat that runs only while the seat must act, gains the
 * increment after each of its moves, never exceeds the maximum; at zero the game's timeoutAction.
 * Waits are conditions polled on the game answer, never fixed sleeps.
 */
describe('time controls (end-to-end, real Postgres and pg-boss)', () => {
  const served = notifyingServer();
  const url = () => served.s.url;

  const create = async (body: object) => {
    const r = await request(url()).post('/api/v1/games').send(body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; seats: { seat: number; token: string }[] };
  };
  const game = async (id: string) =>
    (await request(url()).get(`/api/v1/games/${id}`).expect(200)).body as {
      status: string;
      toMove: number[];
      version: number;
      clocks: Clock[];
      players: { resigned: boolean }[];
      timeControl: object;
      turnDeadlineSeconds?: number;
    };
  const clockOf = async (id: string, seat: number) => (await game(id)).clocks.find((c) => c.seat === seat)!;
  /** The seat to move plays its first legal move at once. */
  const moveNow = async (id: string, tokens: string[]) => {
    const g = await game(id);
    const seat = g.toMove[0]!;
    const lm = (await request(url()).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${tokens[seat]}`).expect(200))
      .body;
    await request(url())
      .post(`/api/v1/games/${id}/moves`)
      .set('Authorization', `Bearer ${tokens[seat]}`)
      .send({ move: lm.moves[0], expectedVersion: g.version })
      .expect(200);
    return seat;
  };
  /** The seat to move plays until the turn passes to another seat (a turn may take several moves); returns it. */
  const playTurn = async (id: string, tokens: string[]) => {
    const seat = await moveNow(id, tokens);
    for (let guard = 0; guard < 50; guard++) {
      const g = await game(id);
      if (g.status !== 'active' || g.toMove[0] !== seat) return seat;
      await moveNow(id, tokens);
    }
    throw new Error('the turn never passed');
  };
  /** The bank of each move is written after the commit: wait until the clocks show the version's. */
  const settled = async (id: string, seat: number) =>
    expect.poll(async () => (await clockOf(id, seat)).running, { timeout: 10_000 }).toBe(true);

  it('with timeControl {4, 2, 6} a seat that moves quickly banks time, up to 6 s and never more', async () => {
    const t0 = Date.now();
    const { id, seats } = await create({
      type: 'ville-de-demain',
      players: [{ name: 'quick' }, { name: 'other' }],
      timeControl: { initialSeconds: 4, incrementSeconds: 2, maxSeconds: 6 },
    });
    const tokens = seats.map((s) => s.token);
    const g = await game(id);
    expect(g.timeControl).toEqual({ initialSeconds: 4, incrementSeconds: 2, maxSeconds: 6 });
    const gq = (
      await request(url())
        .post('/graphql')
        .send({
          query:
            `{ game(id: "${id}") { rated timeControl { initialSeconds incrementSeconds maxSeconds } ` +
            `clocks { seat remainingSeconds running deadline } } }`,
        })
        .expect(200)
    ).body;
    expect(gq.errors).toBeUndefined();
    expect(gq.data.game.timeControl).toEqual(g.timeControl);
    expect(gq.data.game.rated).toBe(false);
    expect(gq.data.game.clocks.map((c: Clock) => [c.seat, c.running])).toEqual(g.clocks.map((c) => [c.seat, c.running]));
    // The first seat's clock runs from the creation; the other's waits with its initial bank.
    const first = g.toMove[0]!;
    const start = g.clocks.find((c) => c.seat === first)!;
    expect(start.running).toBe(true);
    expect(start.remainingSeconds).toBeLessThanOrEqual(4);
    expect(g.clocks.find((c) => c.seat !== first)).toMatchObject({ running: false, remainingSeconds: 4, deadline: null });

    // Each quick move: what was left plus 2 s, capped at 6 s. A turn of La Ville de Demain is several
    // moves (a card drawn, then played): the bank is read once the turn has passed and the clock stopped,
    // not while the seat's clock runs on after a move that keeps the turn.
    const banks: number[] = [];
    let firstTurnSeconds = 0;
    for (let turn = 0; turn < 6; turn++) {
      const seat = await playTurn(id, tokens);
      if (turn === 0) firstTurnSeconds = (Date.now() - t0) / 1000;
      const other = (await game(id)).toMove[0]!;
      if (other !== seat) await settled(id, other);
      await expect.poll(async () => (await clockOf(id, seat)).remainingSeconds, { timeout: 10_000 }).toBeGreaterThan(4);
      if (seat === first) banks.push((await clockOf(id, seat)).remainingSeconds);
      for (const c of (await game(id)).clocks) expect(c.remainingSeconds).toBeLessThanOrEqual(6);
    }
    // At least 4 - (the time the turn took) + 2 (each move of the turn earns the increment), within 50 ms
    // (the server's timestamps are its database's, to the millisecond).
    expect(banks[0]).toBeGreaterThanOrEqual(6 - firstTurnSeconds - 0.05);
    expect(banks[0]).toBeGreaterThan(4); // the increment came
    expect(banks[0]).toBeLessThanOrEqual(6);
    expect(banks.at(-1)).toBe(6); // banked up to the maximum, never past it
  }, 60_000);

  it('a seat that waits 5 s on its first turn with {4, 2, 6} times out (timeoutAction resign: ' +
    'it resigns and the other seat wins)', async () => {
    const t0 = Date.now();
    const { id } = await create({
      type: 'ville-de-demain',
      players: [{ name: 'slow' }, { name: 'b' }],
      timeControl: { initialSeconds: 4, incrementSeconds: 2, maxSeconds: 6 },
      timeoutAction: 'resign',
    });
    const first = (await game(id)).toMove[0]!;
    await expect.poll(async () => (await game(id)).status, { timeout: 15_000, interval: 200 }).toBe('finished');
    const elapsed = (Date.now() - t0) / 1000;
    expect(elapsed).toBeGreaterThanOrEqual(4);
    const done = await game(id);
    expect(done.players[first]!.resigned).toBe(true);
    expect(done.clocks.find((c) => c.seat === first)).toMatchObject({ running: false, remainingSeconds: 0 });
  }, 30_000);

  it("a clock runs only while its seat must act: the waiting seat's bank stays put while the other's runs down", async () => {
    const { id, seats } = await create({
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }],
      timeControl: { initialSeconds: 30, incrementSeconds: 1, maxSeconds: 60 },
    });
    const mover = await playTurn(
      id,
      seats.map((s) => s.token),
    );
    const other = (await game(id)).toMove[0]!;
    expect(other).not.toBe(mover);
    await settled(id, other);
    const banked = (await clockOf(id, mover)).remainingSeconds;
    expect(banked).toBeGreaterThan(30); // 30 - a quick turn + 1 per move
    const before = (await clockOf(id, other)).remainingSeconds;
    await expect.poll(async () => (await clockOf(id, other)).remainingSeconds, { timeout: 10_000 }).toBeLessThan(before - 0.3);
    expect(await clockOf(id, mover)).toMatchObject({ remainingSeconds: banked, running: false, deadline: null });
    const running = await clockOf(id, other);
    expect(Math.abs(+new Date(running.deadline!) - Date.now() - running.remainingSeconds * 1000)).toBeLessThan(1500);
  }, 30_000);

  it('turnDeadlineSeconds d is the time control {d, d, d}: the bank is whole again after every move', async () => {
    const { id, seats } = await create({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], turnDeadlineSeconds: 20 });
    const g = await game(id);
    expect(g).toMatchObject({ turnDeadlineSeconds: 20, timeControl: { initialSeconds: 20, incrementSeconds: 20, maxSeconds: 20 } });
    const mover = await playTurn(
      id,
      seats.map((s) => s.token),
    );
    await settled(id, (await game(id)).toMove[0]!);
    await expect.poll(async () => (await clockOf(id, mover)).remainingSeconds, { timeout: 10_000 }).toBe(20);
  }, 30_000);

  it('a whole game with banks {4, 2, 6} finishes, every move by its seat and no timeout', async () => {
    const { id, seats } = await create({
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }],
      timeControl: { initialSeconds: 4, incrementSeconds: 2, maxSeconds: 6 },
      timeoutAction: 'auto-move',
    });
    const tokens = seats.map((s) => s.token);
    for (let guard = 0; guard < 500 && (await game(id)).status === 'active'; guard++) await moveNow(id, tokens);
    const done = await game(id);
    expect(done.status).toBe('finished');
    const record = (await request(url()).get(`/api/v1/games/${id}/record`).expect(200)).body as { moves: { origin?: string }[] };
    expect(record.moves.filter((m) => m.origin === 'timeout')).toEqual([]);
    for (const c of done.clocks) {
      expect(c.running).toBe(false);
      expect(c.remainingSeconds).toBeLessThanOrEqual(6);
    }
  }, 120_000);

  it('reminders are re-armed when a deadline moves: the reminder comes from the bank of the new ' +
    "turn, the old deadline's never", async () => {
    const { id, seats } = await create({
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }],
      timeControl: { initialSeconds: 8, incrementSeconds: 4, maxSeconds: 12 },
    });
    const tokens = seats.map((s) => s.token);
    const first = (await game(id)).toMove[0]!;
    await request(url())
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${tokens[first]}`)
      .send({ webhookUrl: `${served.hooks.url}/rem/${id}`, events: ['reminder'] })
      .expect(200);
    await playTurn(id, tokens); // the first seat, quickly: its first deadline (and reminder at 6 s) is dropped
    await playTurn(id, tokens); // the other seat: the first seat's clock starts again, from its bank
    const turn = await game(id);
    expect(turn.toMove[0]).toBe(first);
    const started = Date.now();
    const reminders = () =>
      served.hooks.calls
        .filter((c) => c.path === `/rem/${id}`)
        .map((c) => JSON.parse(c.raw) as { type: string; data: { version: number } });
    await expect.poll(() => reminders().length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    // A quarter of a bank of 12 s left (8 + 4 per move, capped): 9 s after the turn's move, which the old deadline's 6 s cannot be.
    expect(Date.now() - started).toBeGreaterThan(6_500);
    expect(reminders().map((r) => [r.type, r.data.version])).toEqual([['game.reminder', turn.version]]);
  }, 40_000);

  it(
    'bad input: each field 1 s to 90 days, increment and initial at most the maximum, not both ' + 'forms: a 400 naming the field',
    async () => {
      const tc = (t: object) => ({
        type: 'ville-de-demain',
        players: [{ name: 'a' }, { name: 'b' }],
        timeControl: { initialSeconds: 4, incrementSeconds: 2, maxSeconds: 6, ...t },
      });
      const cases: [object, string][] = [
        [tc({ initialSeconds: 0 }), 'initialSeconds'],
        [tc({ maxSeconds: 90 * 24 * 3600 + 1 }), 'maxSeconds'],
        [tc({ incrementSeconds: 7 }), 'timeControl.incrementSeconds'],
        [tc({ initialSeconds: 7 }), 'timeControl.initialSeconds'],
        [{ ...tc({}), turnDeadlineSeconds: 5 }, 'turnDeadlineSeconds'],
        [{ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }], timeoutAction: 'resign' }, 'timeoutAction'],
      ];
      for (const [body, field] of cases) {
        const r = await request(url()).post('/api/v1/games').send(body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.code).toBe('INVALID_INPUT');
        expect(JSON.stringify(r.body)).toContain(field);
      }
      const q = await request(url())
        .post('/graphql')
        .send({
          query:
            'mutation { createGame(input: { type: "ville-de-demain", players: [{ name: "a" }, { name: ' +
            '"b" }], timeControl: { initialSeconds: 4, incrementSeconds: 9, maxSeconds: 6 } }) { id } }',
        });
      expect(q.body.errors[0].extensions.code).toBe('INVALID_INPUT');
      expect(q.body.errors[0].message).toContain('timeControl.incrementSeconds');
    },
  );

  it('a game that ended keeps its deadline rows until its last move is banked: its clocks read from them, ' +
    'stopped, and the sweep leaves them for 30 s (it once dropped them first, and a timed-out seat showed its initial bank)', async () => {
    const { id, seats } = await create({
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }],
      timeControl: { initialSeconds: 30, incrementSeconds: 1, maxSeconds: 60 },
    });
    const tokens = seats.map((x) => x.token);
    const mover = await playTurn(id, tokens);
    const waiting = (await game(id)).toMove[0]!;
    expect(waiting).not.toBe(mover);
    await settled(id, waiting);
    const db = new pg.Client({ connectionString: served.s.databaseUrl });
    await db.connect();
    try {
      // The game ends as by a commit whose bank update has not run yet (another process's, or one still under way).
      await db.query("UPDATE games SET status = 'finished', to_move = '{}' WHERE id = $1", [id]);
      const rows = async () => Number((await db.query('SELECT count(*) AS n FROM deadlines WHERE game_id = $1', [id])).rows[0].n);
      expect(await rows()).toBe(1);
      await served.s.notifications.clock.sweep();
      expect(await rows()).toBe(1);
      // What the game's answer shows then (src/http/clocks.ts asks the turn clock with the game's status).
      const control = { initialSeconds: 30, incrementSeconds: 1, maxSeconds: 60 };
      const c = (await served.s.notifications.clock.clocks(id, control, 'finished')).find((x) => x.seat === waiting)!;
      expect(c.running).toBe(false);
      expect(c.deadline).toBeNull();
      expect(c.remainingSeconds).toBeGreaterThan(20);
      expect(c.remainingSeconds).toBeLessThanOrEqual(30);
      // Its last move 30 s old: nothing will bank it now, and the sweep drops the rows.
      const store = served.s.notifications.clock.store;
      store.now = () => new Date(Date.now() + 60_000);
      try {
        await served.s.notifications.clock.sweep();
      } finally {
        store.now = undefined;
      }
      expect(await rows()).toBe(0);
    } finally {
      await db.end();
    }
  }, 30_000);
});
