import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyingServer, until, until as until_, type Mailbox, type Receiver } from '../support/mail.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { dueBefore, untilSettled } from '../support/settled.js';

/** Turn deadlines (play by mail): durable pg-boss jobs that remind, then act when a seat's time runs out. */
describe('turn deadlines (end-to-end, real SMTP server and webhook receiver)', () => {
  let s: TestServer;
  let mail: Mailbox;
  let hooks: Receiver;
  const served = notifyingServer();
  beforeAll(() => void ({ s, mail, hooks } = served));

  const create = async (body: object) => {
    const r = await request(s.url).post('/api/v1/games').send(body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; seats: { seat: number; token: string }[] };
  };

  it('a game with turnDeadlineSeconds=1 and timeoutAction "auto-move" finishes with nobody ' +
    'moving; reminders and timeouts in the log and the mailbox; replay equals live', async () => {
    const { id, seats } = await create({
      type: 'town-center',
      players: [{ name: 'Sleepy' }],
      seed: 'deadline-auto',
      turnDeadlineSeconds: 1,
      timeoutAction: 'auto-move',
    });
    await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${seats[0]!.token}`)
      .send({ email: 'sleepy@example.test', webhookUrl: `${hooks.url}/sleepy/${id}` })
      .expect(200);
    const g = (await request(s.url).get(`/api/v1/games/${id}`)).body;
    expect(g).toMatchObject({ turnDeadlineSeconds: 1, timeoutAction: 'auto-move' });
    await until('a running deadline', async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.deadlines?.length === 1, 10_000);
    const first = (await request(s.url).get(`/api/v1/games/${id}`)).body.deadlines[0];
    expect(first.seat).toBe(0);
    expect(Math.abs(+new Date(first.at) - Date.now())).toBeLessThan(3_000);

    await until(
      'the game to finish by timeouts',
      async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.status === 'finished',
      150_000,
    );
    const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body as { moves: { origin?: string }[]; version: number };
    expect(record.moves.length).toBeGreaterThan(5);
    expect(record.moves.every((m) => m.origin === 'timeout')).toBe(true);
    const done = (await request(s.url).get(`/api/v1/games/${id}`)).body;
    expect(done.deadlines).toBeUndefined();

    // Replay equals live: the state rebuilt from the log (cache dropped) at the end is the live one,
    // and the record imports to the same final state.
    const live = await s.service.stateHash(id);
    s.service.clearCache();
    expect(await s.service.stateHash(id)).toBe(live);
    const imported = await request(s.url).post('/api/v1/games/import').send(record).expect(201);
    expect(await s.service.stateHash(imported.body.id)).toBe(live);

    const mine = () => mail.mails.filter((m) => (m.to as { text: string }).text === 'sleepy@example.test');
    // Deliveries run in parallel and a failed one is retried later: the mails and webhooks arrive
    // in any order, so wait for all of them (at most one each: counted exactly below).
    const subjects = () => mine().map((m) => m.subject ?? '');
    const kinds = () => hooks.calls.filter((c) => c.path === `/sleepy/${id}`).map((c) => JSON.parse(c.raw).type as string);
    const timeouts = () => [
      subjects().filter((x) => x.startsWith('Your turn timed out')).length,
      kinds().filter((k) => k === 'game.timeout').length,
    ];
    await until(
      'every timeout mail and webhook',
      () =>
        timeouts().every((n) => n >= record.moves.length) &&
        subjects().some((x) => x.startsWith('Game over')) &&
        kinds().includes('game.finished'),
      30_000,
    );
    // Every job of the game has run and every notification is sent: a duplicate would be here by now.
    await untilSettled(s.databaseUrl, id);
    expect(timeouts()).toEqual([record.moves.length, record.moves.length]);
    expect(subjects().filter((x) => x.startsWith('Reminder')).length).toBeGreaterThan(0);
    expect(kinds()).toContain('game.reminder');
  }, 200_000);

  it('timeoutAction "none" only notifies, once, and the seat keeps its turn; "resign" resigns the seat', async () => {
    const none = await create({
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }],
      seed: 'deadline-none',
      turnDeadlineSeconds: 1,
      timeoutAction: 'none',
    });
    const g = (await request(s.url).get(`/api/v1/games/${none.id}`)).body;
    const seat = g.toMove[0] as number;
    await request(s.url)
      .put(`/api/v1/games/${none.id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${none.seats[seat]!.token}`)
      .send({ webhookUrl: `${hooks.url}/none/${none.id}`, events: ['timeout'] })
      .expect(200);

    const resign = await create({
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      seed: 'deadline-resign',
      turnDeadlineSeconds: 1,
      timeoutAction: 'resign',
    });
    const r0 = (await request(s.url).get(`/api/v1/games/${resign.id}`)).body.toMove[0] as number;
    await until(
      'the resignation',
      async () => (await request(s.url).get(`/api/v1/games/${resign.id}`)).body.players[r0].resigned === true,
      15_000,
    );

    await until('the timeout webhook', () => hooks.calls.some((c) => c.path === `/none/${none.id}`), 15_000);
    await untilSettled(s.databaseUrl, none.id); // the timeout's job and its delivery done: a second timeout would be queued or sent by now
    expect(hooks.calls.filter((c) => c.path === `/none/${none.id}`).map((c) => JSON.parse(c.raw).type)).toEqual(['game.timeout']);
    const after = (await request(s.url).get(`/api/v1/games/${none.id}`)).body;
    expect(after.version).toBe(0);
    expect(after.toMove).toEqual([seat]);
  }, 60_000);

  it('refuses a deadline under 1 second or over 90 days, an unknown timeoutAction, and an action without a deadline', async () => {
    const base = { type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] };
    for (const extra of [
      { turnDeadlineSeconds: 0 },
      { turnDeadlineSeconds: 90 * 24 * 3600 + 1 },
      { turnDeadlineSeconds: 60, timeoutAction: 'explode' },
      { timeoutAction: 'resign' },
      { turnDeadlineSeconds: 1.5 },
    ]) {
      const r = await request(s.url)
        .post('/api/v1/games')
        .send({ ...base, ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
    }
    const gql = await request(s.url)
      .post('/graphql')
      .send({
        query:
          'mutation { createGame(input: { type: "ville-de-demain", players: [{ name: "a" }, { name: ' +
          '"b" }], timeoutAction: "resign" }) { id } }',
      });
    expect(gql.body.errors[0].extensions.code).toBe('INVALID_INPUT');
  });
});

describe("vacation: a player's deadlines pause (end-to-end)", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ NOTIFICATIONS: 'on', NOTIFY_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("pauses the deadlines of the player's seats until the vacation ends, shows the pause to " +
    'everyone, and keeps to the yearly allowance', async () => {
    const player = (await request(s.url).post('/api/v1/players').send({ name: 'Traveller' }).expect(201)).body as { token: string };
    const auth = { Authorization: `Bearer ${player.token}` };
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .set(auth)
        .send({
          type: 'ville-de-demain',
          players: [{ me: true }, { name: 'Home' }],
          seed: 'vacation',
          turnDeadlineSeconds: 2,
          timeoutAction: 'auto-move',
        })
        .expect(201)
    ).body as { id: string };
    const first = (await request(s.url).get(`/api/v1/games/${g.id}`)).body.toMove as number[];
    expect(first).toEqual([0]); // the player's seat moves first (Prem's card, V1)
    const until = new Date(Date.now() + 5_000).toISOString();
    const v = await request(s.url).put('/api/v1/players/me/vacation').set(auth).send({ until });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body).toMatchObject({ until, daysPerYear: 21 });
    await until_(
      'the pause in the game answer',
      async () => (await request(s.url).get(`/api/v1/games/${g.id}`)).body.deadlines?.[0]?.pausedUntil === until,
      10_000,
    );
    const shown = (await request(s.url).get(`/api/v1/games/${g.id}`)).body.deadlines[0];
    // Paused with what it had left (under 2 s: its clock ran from the game's start to the vacation's), not a whole new 2 s.
    expect(+new Date(shown.at)).toBeGreaterThan(+new Date(until));
    expect(+new Date(shown.at)).toBeLessThanOrEqual(+new Date(until) + 2_000);
    // The jobs of the deadline the seat had before the vacation (2 s) have run: paused, nothing played.
    await expect.poll(() => dueBefore(s.databaseUrl, g.id, until), { timeout: 15_000, interval: 100 }).toBe(0);
    expect((await request(s.url).get(`/api/v1/games/${g.id}`)).body.version).toBe(0);
    await until_(
      'the timeout after the vacation',
      async () => (await request(s.url).get(`/api/v1/games/${g.id}`)).body.version > 0,
      15_000,
    );

    const long = await request(s.url)
      .put('/api/v1/players/me/vacation')
      .set(auth)
      .send({ until: new Date(Date.now() + 20 * 86_400_000).toISOString() })
      .expect(200);
    expect(long.body.daysLeft).toBeGreaterThan(0.9);
    expect(long.body.daysLeft).toBeLessThan(1.1);
    const tooLong = await request(s.url)
      .put('/api/v1/players/me/vacation')
      .set(auth)
      .send({ until: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.code).toBe('VACATION_TOO_LONG');
    expect((await request(s.url).put('/api/v1/players/me/vacation').set(auth).send({ until: 'next tuesday' })).body.code).toBe(
      'INVALID_INPUT',
    );
    expect((await request(s.url).put('/api/v1/players/me/vacation').send({ until })).status).toBe(401);
    const back = await request(s.url).delete('/api/v1/players/me/vacation').set(auth).expect(200);
    expect(back.body.until).toBeNull();
  }, 60_000);
});
