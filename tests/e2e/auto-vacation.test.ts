import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOT_ENV, type Entry } from '../support/bots.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Automatic vacation (issue 19 item 2): a player with `autoVacation: true` has a vacation day
 * spent for them, within the yearly allowance, when a timeout of theirs comes; without the
 * setting, or with no whole day left, the timeout acts as usual.
 */
const auth = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('automatic vacation (end-to-end)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ...BOT_ENV, NOTIFICATIONS: 'on', VACATION_DAYS_PER_YEAR: '1' });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const log = async (id: string) => (await request(s.url).get(`/api/v1/games/${id}/events?limit=1000`)).body.moves as Entry[];
  const player = async (name: string, autoVacation: boolean) => {
    const p = (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { id: string; token: string };
    await request(s.url).put('/api/v1/players/me/settings').set(auth(p.token)).send({ autoVacation }).expect(200);
    return p;
  };
  const game = async (token: string, seed: string) => {
    const r = await request(s.url)
      .post('/api/v1/games')
      .set(auth(token))
      .send({ type: 'town-center', players: [{ me: true }, { bot: 'greedy' }], seed, turnDeadlineSeconds: 1, timeoutAction: 'auto-move' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as string;
  };

  it(
    'with autoVacation a day is spent instead of the timeout: the vacation runs a day, the ' +
      'deadline waits for it, nothing is played for the seat',
    async () => {
      const ada = await player('Ada', true);
      expect((await request(s.url).get('/api/v1/players/me/settings').set(auth(ada.token))).body.autoVacation).toBe(true);
      const before = Date.now();
      const id = await game(ada.token, 'auto-vacation');
      const vacation = await vi.waitFor(
        async () => {
          const v = (await request(s.url).get('/api/v1/players/me/vacation').set(auth(ada.token))).body;
          expect(v.until).not.toBeNull();
          return v;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(+new Date(vacation.until) - before).toBeGreaterThan(86_400_000 - 60_000);
      expect(+new Date(vacation.until) - Date.now()).toBeLessThanOrEqual(86_400_000);
      expect(vacation).toMatchObject({ daysPerYear: 1, daysLeft: 0 });
      const g = (await request(s.url).get(`/api/v1/games/${id}`)).body;
      expect(g.deadlines).toEqual([expect.objectContaining({ seat: 0, pausedUntil: vacation.until })]);
      expect((await log(id)).filter((m) => m.seat === 0)).toEqual([]);
    },
  );

  it('without the setting, or without a whole day left this year, the timeout acts (auto-move)', async () => {
    const bob = await player('Bob', false);
    const eve = await player('Eve', true);
    // Eve took her one day already this year (a vacation stored before now).
    const c = new pg.Client({ connectionString: s.databaseUrl });
    await c.connect();
    try {
      await c.query(
        `INSERT INTO vacations (player_id, starts_at, ends_at) VALUES ($1::uuid, ` +
          `date_trunc('year', now()) + interval '1 day', date_trunc('year', now()) + interval '2 ` +
          `days')`,
        [eve.id],
      );
    } finally {
      await c.end();
    }
    for (const p of [bob, eve]) {
      const id = await game(p.token, `no-auto-vacation-${p.id}`);
      await vi.waitFor(async () => expect((await log(id)).some((m) => m.seat === 0 && m.origin === 'timeout')).toBe(true), {
        timeout: 30_000,
        interval: 100,
      });
      expect((await request(s.url).get('/api/v1/players/me/vacation').set(auth(p.token))).body.until).toBeNull();
    }
  });
});
