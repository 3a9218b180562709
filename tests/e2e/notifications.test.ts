import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { RestClient } from '../support/clients.js';
import { notifyingServer, unsubscribeHeader, until, type Hook, type Mailbox, type Receiver } from '../support/mail.js';
import { OPERATOR_TOKEN, type TestServer } from '../support/server.js';
import { untilSettled } from '../support/settled.js';

describe('play-by-mail notifications (end-to-end: real SMTP server, real webhook receiver)', () => {
  let s: TestServer;
  let mail: Mailbox;
  let hooks: Receiver;
  const failures = new Map<string, number>();
  const served = notifyingServer({ NOTIFY_RETRY_DELAY_SECONDS: '1', PUBLIC_URL: 'http://games.example' }, (path, id) => {
    if (!path.startsWith('/flaky')) return false;
    const n = failures.get(id) ?? 0;
    failures.set(id, n + 1);
    return n < 2;
  });
  beforeAll(() => void ({ s, mail, hooks } = served));

  const outbox = async (status?: string) =>
    (
      await request(s.url)
        .get('/api/v1/admin/outbox')
        .query({ limit: 200, ...(status ? { status } : {}) })
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
    ).body.notifications as { id: string; status: string; gameId: string }[];

  it(
    'a 3-player game played to the end: exactly one "turn" per seat per turn on each channel, ' + 'signed webhooks, "finished" to everyone',
    async () => {
      const api = new RestClient(s.url);
      const { id, seats } = await api.create('ville-de-demain', 3, { seed: 'pbm-e2e' });
      const secrets: string[] = [];
      const expectedTurns = [0, 0, 0];
      let g = await api.game(id);
      for (const x of seats) {
        const r = await request(s.url)
          .put(`/api/v1/games/${id}/seats/me/notifications`)
          .set('Authorization', `Bearer ${x.token}`)
          .send({ email: `seat${x.seat}@example.test`, webhookUrl: `${hooks.url}/seat/${x.seat}` });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.webhookSecret).toMatch(/^whsec_/);
        secrets[x.seat] = r.body.webhookSecret;
        if (g.toMove.includes(x.seat)) expectedTurns[x.seat]! += 1; // already its turn: told at once
      }
      const rng = Rng.fromSeed('pbm-choices');
      while (g.status === 'active') {
        const before = g.toMove;
        const seat = rng.pick(g.toMove);
        await api.move(id, seats[seat]!.token, rng.pick(await api.legal(id, seats[seat]!.token)));
        g = await api.game(id);
        if (g.status === 'active') for (const x of g.toMove) if (!before.includes(x)) expectedTurns[x]! += 1;
      }
      const total = expectedTurns.reduce((a, b) => a + b, 0) + 3; // + "finished" to each seat
      await until(
        'every notification delivered',
        async () => (await outbox()).filter((n) => n.gameId === id && n.status === 'delivered').length === total * 2,
      );
      await untilSettled(s.databaseUrl, id); // every delivery job has run: nothing more can arrive

      const mine = hooks.calls.filter((c) => c.path.startsWith('/seat/'));
      for (const seat of [0, 1, 2]) {
        const calls = mine.filter((c) => c.path === `/seat/${seat}`);
        const parsed = calls.map((c): Hook => {
          let verified = true;
          try {
            new Webhook(secrets[seat]!).verify(c.raw, c.headers);
          } catch {
            verified = false;
          }
          return { path: c.path, id: c.id, body: JSON.parse(c.raw), verified };
        });
        expect(parsed.every((h) => h.verified)).toBe(true);
        expect(new Set(parsed.map((h) => h.id)).size).toBe(parsed.length);
        expect(parsed.filter((h) => h.body.type === 'game.turn')).toHaveLength(expectedTurns[seat]!);
        expect(parsed.filter((h) => h.body.type === 'game.finished')).toHaveLength(1);
        for (const h of parsed) {
          expect(Object.keys(h.body.data).sort()).toEqual(['gameId', 'gameType', 'seat', 'toMove', 'version']);
          expect(h.body.data.seat).toBe(seat);
        }
        // A wrong secret does not verify.
        expect(() => new Webhook(secrets[(seat + 1) % 3]!).verify(calls[0]!.raw, calls[0]!.headers)).toThrow();

        const inbox = mail.mails.filter((m) => (m.to as { text: string }).text === `seat${seat}@example.test`);
        expect(inbox.filter((m) => m.subject?.startsWith('Your turn'))).toHaveLength(expectedTurns[seat]!);
        expect(inbox.filter((m) => m.subject?.startsWith('Game over'))).toHaveLength(1);
        for (const m of inbox) {
          expect(m.text).toContain(`http://games.example/games/${id}#link=gl1.${id}.${seat}.`);
          expect(m.attachments.some((x) => x.contentType === 'image/png')).toBe(true); // the board as the seat sees it
          expect(unsubscribeHeader(m)).toMatch(/^<http:\/\/games\.example\/api\/v1\/notifications\/unsubscribe\?token=/);
        }
        const turn = inbox.find((m) => m.subject?.startsWith('Your turn'))!;
        expect(turn.text).toContain('Your legal moves:');
      }
      expect(expectedTurns.every((n) => n > 0)).toBe(true);
    },
  );

  it(
    'a takeback asked after the turn (with consent) is told to each seat asked, by mail and ' +
      'webhook, naming the asker; the asker is not told',
    async () => {
      const api = new RestClient(s.url);
      const { id, seats } = await api.create('ville-de-demain', 3, { seed: 'pbm-takeback', takebacks: 'with-consent' });
      for (const x of seats) {
        const r = await request(s.url)
          .put(`/api/v1/games/${id}/seats/me/notifications`)
          .set('Authorization', `Bearer ${x.token}`)
          .send({ email: `tb${x.seat}@example.test`, webhookUrl: `${hooks.url}/tb/${x.seat}`, events: ['takeback'] });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      // Random moves until a seat's move that may be taken back ends its turn: the seat then asks.
      const rng = Rng.fromSeed('pbm-takeback-choices');
      let asker = -1;
      for (let guard = 0; guard < 400 && asker < 0; guard++) {
        const seat = (await api.game(id)).toMove[0]!;
        const legal = await request(s.url)
          .get(`/api/v1/games/${id}/legal-moves?include=undoable`)
          .set('Authorization', `Bearer ${seats[seat]!.token}`);
        const i = rng.int(legal.body.moves.length);
        const r = await api.move(id, seats[seat]!.token, legal.body.moves[i]);
        if (legal.body.undoable[i] && !r.toMove.includes(seat) && r.status === 'active') {
          const t = await request(s.url).post(`/api/v1/games/${id}/takeback`).set('Authorization', `Bearer ${seats[seat]!.token}`);
          expect(t.status, JSON.stringify(t.body)).toBe(200);
          expect(t.body.takebackRequest).toMatchObject({ seat, acceptedBy: [] });
          asker = seat;
        }
      }
      expect(asker).toBeGreaterThanOrEqual(0);
      const asked = [0, 1, 2].filter((x) => x !== asker);
      const askerName = `P${asker + 1}`;
      for (const x of asked) {
        await until(
          `the takeback mail to seat ${x}`,
          () =>
            mail.mails.some(
              (m) => (m.to as { text: string }).text === `tb${x}@example.test` && m.subject?.startsWith('A takeback is asked'),
            ),
          20_000,
        );
        await until(
          `the takeback webhook to seat ${x}`,
          () => hooks.calls.some((c) => c.path === `/tb/${x}` && JSON.parse(c.raw).type === 'game.takeback'),
          20_000,
        );
        const m = mail.mails.find(
          (m) => (m.to as { text: string }).text === `tb${x}@example.test` && m.subject?.startsWith('A takeback is asked'),
        )!;
        expect(m.text).toContain(`${askerName} asks to take back a move in La Ville de Demain`);
        const hook = JSON.parse(hooks.calls.find((c) => c.path === `/tb/${x}` && JSON.parse(c.raw).type === 'game.takeback')!.raw);
        expect(hook.data).toMatchObject({ gameId: id, seat: x, about: asker });
      }
      await untilSettled(s.databaseUrl, id); // every delivery job has run: nothing more can arrive
      expect(mail.mails.filter((m) => (m.to as { text: string }).text === `tb${asker}@example.test`)).toEqual([]);
      expect(hooks.calls.filter((c) => c.path === `/tb/${asker}`)).toEqual([]);
    },
  );

  it('a receiver that answers 500 twice gets the same webhook-id three times, then no more', async () => {
    const api = new RestClient(s.url);
    const { id, seats } = await api.create('ville-de-demain', 2, { seed: 'pbm-flaky' });
    const g = await api.game(id);
    const seat = g.toMove[0]!;
    const r = await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${seats[seat]!.token}`)
      .send({ webhookUrl: `${hooks.url}/flaky/${id}`, events: ['turn'] });
    expect(r.status).toBe(200);
    await until('three tries', () => hooks.calls.filter((c) => c.path === `/flaky/${id}`).length >= 3, 20_000);
    await until('delivered', async () => (await outbox('delivered')).some((n) => n.gameId === id));
    await untilSettled(s.databaseUrl, id); // no retry left waiting or running
    const calls = hooks.calls.filter((c) => c.path === `/flaky/${id}`);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.id)).size).toBe(1);
  });

  it('refuses bad settings with a clear 400 and writes nothing', async () => {
    const api = new RestClient(s.url);
    const { id, seats } = await api.create('ville-de-demain', 2, { seed: 'pbm-bad' });
    const put = (body: object, token = seats[0]!.token) =>
      request(s.url).put(`/api/v1/games/${id}/seats/me/notifications`).set('Authorization', `Bearer ${token}`).send(body);
    for (const body of [
      { email: 'not an address' },
      { webhookUrl: 'ftp://example.test/x' },
      { webhookUrl: `https://example.test/${'x'.repeat(3000)}` },
      { events: ['turn', 'lunch'] },
      { email: 'a@b.c', extra: 1 },
    ]) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('INVALID_INPUT');
    }
    expect((await put({ email: 'a@example.test' }, 'not-a-seat-token')).status).toBe(401);
    // Without WEBHOOK_ALLOW_PRIVATE the server's own loopback is refused (checked by the settings rule).
    const { checkWebhookUrl } = await import('../../src/app/notify/settings.js');
    await expect(checkWebhookUrl('http://127.0.0.1:9/x', false)).rejects.toThrow(/is in a (loopback|linkLocal) range/);
    await expect(checkWebhookUrl('http://[::1]:9/x', false)).rejects.toThrow(/is in a (loopback|linkLocal) range/);
    await expect(checkWebhookUrl('http://169.254.169.254/latest', false)).rejects.toThrow(/is in a (loopback|linkLocal) range/);
    const stored = await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${seats[1]!.token}`)
      .send({});
    expect(stored.body).toMatchObject({ email: null, webhookUrl: null });
  });

  it('the List-Unsubscribe link turns the mails off', async () => {
    const api = new RestClient(s.url);
    const { id, seats } = await api.create('ville-de-demain', 2, { seed: 'pbm-unsub' });
    const g = await api.game(id);
    const seat = g.toMove[0]!;
    await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${seats[seat]!.token}`)
      .send({ email: `unsub@example.test` });
    await until('the first mail', () => mail.mails.some((m) => (m.to as { text: string }).text === 'unsub@example.test'));
    const m = mail.mails.find((x) => (x.to as { text: string }).text === 'unsub@example.test')!;
    const link = new URL(unsubscribeHeader(m).slice(1, -1));
    const r = await request(s.url).post(`${link.pathname}${link.search}`);
    expect(r.status).toBe(200);
    const after = await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${seats[seat]!.token}`)
      .send({});
    expect(after.body.email).toBeNull();
    expect((await request(s.url).get('/api/v1/notifications/unsubscribe').query({ token: 'nope' })).status).toBe(404);
  });
});

describe("a player's notifications (end-to-end)", () => {
  let s: TestServer;
  let mail: Mailbox;
  let hooks: Receiver;
  const served = notifyingServer();
  beforeAll(() => void ({ s, mail, hooks } = served));

  it("one setting covers all of a player's seats; a seat's own settings win; a join is told to the seats already there", async () => {
    const ada = (await request(s.url).post('/api/v1/players').send({ name: 'Ada' }).expect(201)).body as { token: string };
    const bob = (await request(s.url).post('/api/v1/players').send({ name: 'Bob' }).expect(201)).body as { token: string };
    const put = await request(s.url)
      .put('/api/v1/players/me/notifications')
      .set('Authorization', `Bearer ${ada.token}`)
      .send({ email: 'ada@example.test', webhookUrl: `${hooks.url}/ada` });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.webhookSecret).toMatch(/^whsec_/);
    // A waiting game: Ada's seat and an open one; Bob joins, Ada is told.
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${ada.token}`)
        .send({ type: 'ville-de-demain', players: [{ me: true }, { open: true }], seed: 'player-pbm' })
        .expect(201)
    ).body as { id: string; invite: { code: string } };
    await request(s.url)
      .post(`/api/v1/games/${g.id}/join`)
      .set('Authorization', `Bearer ${bob.token}`)
      .send({ inviteCode: g.invite.code })
      .expect(201);
    await until(
      'the joined mail',
      () => mail.mails.some((m) => (m.to as { text: string }).text === 'ada@example.test' && m.subject?.startsWith('A player joined')),
      20_000,
    );
    await until('the joined webhook', () => hooks.calls.some((c) => c.path === '/ada' && JSON.parse(c.raw).type === 'game.joined'), 20_000);
    const joined = hooks.calls.find((c) => c.path === '/ada' && JSON.parse(c.raw).type === 'game.joined')!;
    expect(() => new Webhook(put.body.webhookSecret).verify(joined.raw, joined.headers)).not.toThrow();
    // The game started: whoever moves first is told through the player's settings.
    expect((await request(s.url).get(`/api/v1/games/${g.id}`)).body.toMove).toEqual([0]); // Ada's seat moves first (V1)
    await until(
      "Ada's turn mail",
      () => mail.mails.some((m) => (m.to as { text: string }).text === 'ada@example.test' && m.subject?.startsWith('Your turn')),
      20_000,
    );
    // A seat's own settings win over its player's.
    const h = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${ada.token}`)
        .send({ type: 'ville-de-demain', players: [{ me: true }, { name: 'Cy' }], seed: 'player-pbm-2' })
        .expect(201)
    ).body as { id: string };
    await request(s.url)
      .put(`/api/v1/games/${h.id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${ada.token}`)
      .send({ email: 'ada-this-game@example.test', events: ['turn'] })
      .expect(200);
    await until(
      'the seat-level mail',
      () => mail.mails.some((m) => (m.to as { text: string }).text === 'ada-this-game@example.test'),
      20_000,
    );
    expect(mail.mails.filter((m) => (m.to as { text: string }).text === 'ada@example.test' && m.text?.includes(h.id))).toHaveLength(0);
    expect((await request(s.url).put('/api/v1/players/me/notifications').send({ email: 'x@example.test' })).status).toBe(401);
    expect(
      (await request(s.url).put('/api/v1/players/me/notifications').set('Authorization', `Bearer ${ada.token}`).send({ email: 'nope' }))
        .body.code,
    ).toBe('INVALID_INPUT');
  }, 90_000);
});
