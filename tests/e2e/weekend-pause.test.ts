import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { notifyingServer } from '../support/mail.js';

interface Clock {
  seat: number;
  remainingSeconds: number;
  running: boolean;
  deadline: string | null;
}
interface Game {
  status: string;
  toMove: number[];
  version: number;
  clocks: Clock[];
  deadlines?: { seat: number; at: string; pausedUntil?: string }[];
  timeControl: Record<string, unknown>;
}

/**
 * The weekend pause (issue 34 item 4): with `timeControl.pauseOnWeekends`, a seat's clock and its
 * deadline do not run on Saturday and Sunday in the seat's time zone (its player's settings, else
 * UTC). The clock's time is injected (the clock store's `now`); its jobs are due in 2030, so pg-boss
 * never runs them by itself here: the timeout is fired as pg-boss fires it, at its due time.
 * 4 January 2030 is a Friday.
 */
describe('weekend pause (end-to-end, real Postgres and pg-boss, the clock injected)', () => {
  const served = notifyingServer();
  const url = () => served.s.url;
  const clock = () => served.s.notifications!.clock;
  const at = (iso: string) => {
    clock().store.now = () => new Date(iso);
  };

  const create = async (body: object, token?: string) => {
    const r = request(url()).post('/api/v1/games');
    const res = await (token ? r.set('Authorization', `Bearer ${token}`) : r).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; seats: { seat: number; token: string }[] };
  };
  const game = async (id: string) => (await request(url()).get(`/api/v1/games/${id}`).expect(200)).body as Game;
  const twoHours = (pauseOnWeekends?: boolean) => ({
    initialSeconds: 7200,
    incrementSeconds: 60,
    maxSeconds: 86_400,
    ...(pauseOnWeekends === undefined ? {} : { pauseOnWeekends }),
  });
  /** The first deadline of a new game (its clock starts just after the creation answer). */
  const firstDeadline = async (id: string) => {
    await expect.poll(async () => (await game(id)).deadlines?.length ?? 0, { timeout: 20_000 }).toBe(1);
    return (await game(id)).deadlines![0]!;
  };

  it('2 h left on Friday 23:00 UTC: Saturday 12:00 has 1 h left, stopped; Monday 00:30 runs; Monday 01:00 times out', async () => {
    at('2030-01-04T23:00:00Z');
    const g = await create({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Ben' }], timeControl: twoHours(true) });
    expect((await game(g.id)).timeControl).toEqual({
      initialSeconds: 7200,
      incrementSeconds: 60,
      maxSeconds: 86_400,
      pauseOnWeekends: true,
    });
    const d = await firstDeadline(g.id);
    expect(d.at).toBe('2030-01-07T01:00:00.000Z');

    at('2030-01-05T12:00:00Z');
    await clock().sweep(); // a sweep on Saturday changes nothing
    const sat = await game(g.id);
    expect(sat.status).toBe('active');
    expect(sat.clocks.find((c) => c.seat === d.seat)).toEqual({ seat: d.seat, remainingSeconds: 3600, running: false, deadline: d.at });
    expect(sat.deadlines).toEqual([{ seat: d.seat, at: d.at, pausedUntil: '2030-01-07T00:00:00.000Z' }]);

    at('2030-01-07T00:30:00Z');
    const mon = await game(g.id);
    expect(mon.clocks.find((c) => c.seat === d.seat)).toMatchObject({ remainingSeconds: 1800, running: true });
    expect(mon.deadlines).toEqual([{ seat: d.seat, at: d.at }]);

    // Monday 01:00: pg-boss runs the timeout job made for this deadline; the seat times out (action none).
    at('2030-01-07T01:00:00Z');
    const since = mon.version;
    await clock().fire({ gameId: g.id, seat: d.seat, since, kind: 'timeout', due: +new Date(d.at) });
    const out = await game(g.id);
    expect(out.clocks.find((c) => c.seat === d.seat)).toMatchObject({ remainingSeconds: 0, running: false });
    expect(out.deadlines ?? []).toEqual([]);
  });

  it('a move on Monday 00:30 banks what was left outside the weekend: 30 min plus the increment', async () => {
    at('2030-01-04T23:00:00Z');
    const g = await create({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Ben' }], timeControl: twoHours(true) });
    const d = await firstDeadline(g.id);
    at('2030-01-07T00:30:00Z');
    const before = await game(g.id);
    const lm = (
      await request(url()).get(`/api/v1/games/${g.id}/legal-moves`).set('Authorization', `Bearer ${g.seats[d.seat]!.token}`).expect(200)
    ).body as { moves: unknown[] };
    await request(url())
      .post(`/api/v1/games/${g.id}/moves`)
      .set('Authorization', `Bearer ${g.seats[d.seat]!.token}`)
      .send({ move: lm.moves[0], expectedVersion: before.version })
      .expect(200);
    // The bank is written after the commit: wait until the mover's clock shows it (stopped, or running anew from it).
    await expect
      .poll(async () => (await game(g.id)).clocks.find((c) => c.seat === d.seat)?.remainingSeconds, { timeout: 20_000 })
      .toBe(1800 + 60);
  });

  it('a seat in Pacific/Auckland: Friday 23:00 UTC is its Saturday noon; its clock waits for its Monday (Sunday 11:00 UTC)', async () => {
    const ada = (await request(url()).post('/api/v1/players').send({ name: 'Ada' }).expect(201)).body as { token: string };
    await request(url())
      .put('/api/v1/players/me/settings')
      .set('Authorization', `Bearer ${ada.token}`)
      .send({ timeZone: 'Pacific/Auckland' })
      .expect(200);
    at('2030-01-04T23:00:00Z');
    const g = await create({ type: 'ville-de-demain', players: [{ me: true }, { name: 'Cy' }], timeControl: twoHours(true) }, ada.token);
    const d = await firstDeadline(g.id);
    expect(d.seat).toBe(0);
    expect(d.at).toBe('2030-01-06T13:00:00.000Z');
    expect(d.pausedUntil).toBe('2030-01-06T11:00:00.000Z');
    expect((await game(g.id)).clocks.find((c) => c.seat === 0)).toMatchObject({ remainingSeconds: 7200, running: false });
    // Sunday 12:00 UTC is Monday 01:00 in Auckland: an hour spent there, on a day that is Sunday in UTC.
    at('2030-01-06T12:00:00Z');
    expect((await game(g.id)).clocks.find((c) => c.seat === 0)).toMatchObject({ remainingSeconds: 3600, running: true });
  });

  it('pauseOnWeekends false or left out: plain clocks (Friday 23:00 + 2 h is Saturday 01:00; a Saturday clock runs)', async () => {
    at('2030-01-04T23:00:00Z');
    for (const tc of [twoHours(false), twoHours()]) {
      const g = await create({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Ben' }], timeControl: tc });
      expect((await game(g.id)).timeControl).toEqual({ initialSeconds: 7200, incrementSeconds: 60, maxSeconds: 86_400 });
      expect((await firstDeadline(g.id)).at).toBe('2030-01-05T01:00:00.000Z');
    }
    at('2030-01-05T12:00:00Z');
    const g = await create({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Ben' }], timeControl: twoHours(false) });
    const d = await firstDeadline(g.id);
    expect(d.at).toBe('2030-01-05T14:00:00.000Z');
    expect(d.pausedUntil).toBeUndefined();
    expect((await game(g.id)).clocks.find((c) => c.seat === d.seat)).toMatchObject({ remainingSeconds: 7200, running: true });
  });

  it('GraphQL: createGame takes timeControl { pauseOnWeekends }, the game answers it; a non-boolean is a 400 naming it', async () => {
    at('2030-01-04T23:00:00Z');
    const ok = await request(url())
      .post('/graphql')
      .send({
        query:
          'mutation { createGame(input: { type: "ville-de-demain", players: [{ name: "A" }, { name: "B" }], ' +
          'timeControl: { initialSeconds: 7200, incrementSeconds: 60, maxSeconds: 86400, pauseOnWeekends: true } }) { id } }',
      });
    expect(ok.body.errors, JSON.stringify(ok.body)).toBeUndefined();
    const read = await request(url())
      .post('/graphql')
      .send({ query: `{ game(id: "${ok.body.data.createGame.id}") { timeControl { initialSeconds pauseOnWeekends } } }` });
    expect(read.body.data?.game?.timeControl, JSON.stringify(read.body)).toEqual({ initialSeconds: 7200, pauseOnWeekends: true });
    expect((await firstDeadline(ok.body.data.createGame.id)).at).toBe('2030-01-07T01:00:00.000Z');
    const bad = await request(url())
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'A' }, { name: 'B' }], timeControl: { ...twoHours(), pauseOnWeekends: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('pauseOnWeekends');
  });
});
