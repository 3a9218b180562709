import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { receiver, until } from '../support/mail.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { untilSettled } from '../support/settled.js';

/** Two server processes' worth of servers on one database, both running turn clocks and delivery. */
describe('turn deadlines across server processes (end-to-end)', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    hooks = await receiver();
    const env = { NOTIFICATIONS: 'on', WEBHOOK_ALLOW_PRIVATE: '1', NOTIFY_POLL_SECONDS: '0.5' };
    a = await startTestServer(env, db);
    b = await startTestServer(env, db);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
    await hooks?.close();
  });

  it('each deadline fires once: one timeout per turn, one move played for it, however many processes run the clock', async () => {
    // "none": the seat keeps its turn, so exactly one timeout may ever fire for it.
    const g = (
      await request(a.url)
        .post('/api/v1/games')
        .send({
          type: 'ville-de-demain',
          players: [{ name: 'a' }, { name: 'b' }],
          seed: 'two-clocks',
          turnDeadlineSeconds: 1,
          timeoutAction: 'none',
        })
        .expect(201)
    ).body as { id: string; seats: { token: string }[] };
    const seat = (await request(a.url).get(`/api/v1/games/${g.id}`)).body.toMove[0] as number;
    await request(b.url)
      .put(`/api/v1/games/${g.id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${g.seats[seat]!.token}`)
      .send({ webhookUrl: `${hooks.url}/clocks/${g.id}`, events: ['timeout', 'reminder'] })
      .expect(200);
    await until(
      'the timeout',
      () => hooks.calls.some((c) => c.path === `/clocks/${g.id}` && JSON.parse(c.raw).type === 'game.timeout'),
      20_000,
    );
    // Every job either process queued for the game has run and every notice is sent: a second
    // timeout would be queued or delivered by now (the row is marked timed out, so no sweep re-queues it).
    await untilSettled(db.url, g.id);
    const kinds = hooks.calls.filter((c) => c.path === `/clocks/${g.id}`).map((c) => JSON.parse(c.raw).type as string);
    expect(kinds.filter((k) => k === 'game.timeout')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'game.reminder').length).toBeLessThanOrEqual(1);

    // "auto-move": every timeout plays exactly one move (the log has no gap and no double).
    const h = (
      await request(a.url)
        .post('/api/v1/games')
        .send({
          type: 'ville-de-demain',
          players: [{ name: 'a' }, { name: 'b' }],
          seed: 'two-clocks-auto',
          turnDeadlineSeconds: 1,
          timeoutAction: 'auto-move',
        })
        .expect(201)
    ).body as { id: string };
    await until('a few timed-out moves', async () => (await request(b.url).get(`/api/v1/games/${h.id}`)).body.version >= 4, 30_000);
    const record = (await request(a.url).get(`/api/v1/games/${h.id}/record`)).body as { moves: { version: number; origin?: string }[] };
    expect(record.moves.map((m) => m.version)).toEqual(record.moves.map((_, i) => i + 1));
    expect(record.moves.every((m) => m.origin === 'timeout')).toBe(true);
  }, 90_000);
});
