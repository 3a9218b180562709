import pg from 'pg';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifyingServer, type Mailbox } from '../support/mail.js';
import { inFlight, untilSettled } from '../support/settled.js';
import type { TestServer } from '../support/server.js';

const to = (m: Mailbox['mails'][number]) => (m.to as { text: string }).text;
const isDigest = (m: Mailbox['mails'][number]) => m.headers.has('x-citybuilder-digest');

async function digestRows(url: string, playerId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (
      await c.query<{ due_at: Date; status: string; games: number }>(
        'SELECT due_at, status, games FROM digests WHERE player_id = $1::uuid ORDER BY due_at',
        [playerId],
      )
    ).rows;
  } finally {
    await c.end();
  }
}

describe('daily digests (issue 19 item 3, real SMTP sink, the clock injected)', () => {
  let s: TestServer;
  let mail: Mailbox;
  const served = notifyingServer({ SMTP_INBOUND_PORT: '0', SMTP_INBOUND_HOST: '127.0.0.1', MAIL_DOMAIN: 'games.example' });
  beforeAll(() => void ({ s, mail } = served));

  const player = async (name: string, email?: string) => {
    const p = (await request(s.url).post('/api/v1/players').send({ name }).expect(201)).body as { id: string; token: string };
    if (email) await mailTo(p.token, email);
    return p;
  };
  // Setting a mail address tells the player at once of every game where it is their turn (immediate mode).
  const mailTo = (token: string, email: string) =>
    request(s.url).put('/api/v1/players/me/notifications').set('Authorization', `Bearer ${token}`).send({ email }).expect(200);
  const game = async (token: string, players: object[], seed: string) =>
    (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${token}`)
        .send({ type: 'ville-de-demain', players, seed })
        .expect(201)
    ).body as { id: string; players: { seat: number; token?: string }[] };

  it(
    'digest mode: no turn mail per move; at the chosen local hour one mail lists exactly the ' +
      'games waiting; one per due time however many callers; the next day lists what waits then',
    async () => {
      const digests = s.notifications.digests!;
      // 06:59 UTC on 15 January is 07:59 in Paris (UTC+1 in winter): the next 08:00 there is 07:00 UTC.
      digests.now = () => new Date('2026-01-15T06:59:00Z');
      const ada = await player('Ada');
      const put = await request(s.url)
        .put('/api/v1/players/me/settings')
        .set('Authorization', `Bearer ${ada.token}`)
        .send({ mode: 'digest', digestHour: 8, timeZone: 'Europe/Paris' });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({
        mode: 'digest',
        digestHour: 8,
        timeZone: 'Europe/Paris',
        autoVacation: false,
        nextDigestAt: '2026-01-15T07:00:00.000Z',
      });
      expect((await request(s.url).get('/api/v1/players/me/settings').set('Authorization', `Bearer ${ada.token}`)).body).toEqual(put.body);
      const gql = await request(s.url)
        .post('/graphql')
        .set('Authorization', `Bearer ${ada.token}`)
        .send({ query: '{ mySettings { playerId mode digestHour timeZone autoVacation nextDigestAt } }' });
      expect(gql.body.data.mySettings).toEqual(put.body);

      // Bob stays in immediate mode: his turn mails come as before.
      const bob = await player('Bob');
      // Ada's seat moves first (V1) in g1 and g2; in g3 Cy's seat moves first, Ada waits.
      const g1 = await game(ada.token, [{ me: true }, { name: 'Cy' }], 'digest-1');
      const g2 = (
        await request(s.url)
          .post('/api/v1/games')
          .set('Authorization', `Bearer ${ada.token}`)
          .send({ type: 'ville-de-demain', players: [{ me: true }, { name: 'Dee' }], seed: 'digest-2', turnDeadlineSeconds: 5 * 86_400 })
          .expect(201)
      ).body as { id: string };
      const g3 = await game(ada.token, [{ name: 'Cy' }, { me: true }], 'digest-3');
      const g4 = await game(bob.token, [{ me: true }, { name: 'Eve' }], 'digest-4');
      await mailTo(ada.token, 'ada@example.test');
      await mailTo(bob.token, 'bob@example.test');
      await expect
        .poll(() => mail.mails.some((m) => to(m) === 'bob@example.test' && /^Your turn:/.test(m.subject ?? '')), { timeout: 20_000 })
        .toBe(true);
      // (g2's clock jobs are due in days: its outbox, not its jobs, is what must be empty.)
      for (const g of [g1, g3, g4]) await untilSettled(s.databaseUrl, g.id);
      expect(await inFlight(s.databaseUrl, g2.id)).toMatchObject({ pending: 0 });
      expect(mail.mails.filter((m) => to(m) === 'ada@example.test')).toHaveLength(0);

      // Before 08:00 in Paris nothing is due, even when asked.
      await digests.due();
      expect(mail.mails.filter((m) => to(m) === 'ada@example.test')).toHaveLength(0);

      // 08:00:30 in Paris: two sweeps and the job of that time at once send one digest.
      digests.now = () => new Date('2026-01-15T07:00:30Z');
      await Promise.all([digests.due(), digests.due(), digests.run(ada.id, new Date('2026-01-15T07:00:00Z'))]);
      await expect.poll(() => mail.mails.filter((m) => to(m) === 'ada@example.test').length, { timeout: 20_000 }).toBe(1);
      const d = mail.mails.find((m) => to(m) === 'ada@example.test')!;
      expect(d.subject).toBe('Your turn in 2 games');
      for (const g of [g1, g2]) {
        expect(d.text).toContain(g.id);
        expect(d.text).toMatch(new RegExp(`move\\+${g.id}\\.0\\.[^@\\s]+@games\\.example`)); // the game's own reply address
      }
      expect(d.text).not.toContain(g3.id);
      // The time left on Ada's clock in g2, with its deadline (g1 has no clock).
      const deadline = (await request(s.url).get(`/api/v1/games/${g2.id}`)).body.deadlines[0].at as string;
      expect(d.text).toContain(`Time left: `);
      expect(d.text).toContain(deadline);
      expect(d.text?.match(/Time left/g)).toHaveLength(1);
      expect(d.text).toContain('Against: Cy');
      expect(d.text).toContain('Against: Dee');
      const pictures = d.attachments.filter((a) => a.contentType === 'image/png');
      expect(pictures.map((a) => a.cid).sort()).toEqual(['board-0@citybuilder', 'board-1@citybuilder']);
      expect(pictures.every((a) => a.content.subarray(1, 4).toString() === 'PNG')).toBe(true);
      expect(d.html).toContain('cid:board-0@citybuilder');
      expect(await digestRows(s.databaseUrl, ada.id)).toEqual([{ due_at: new Date('2026-01-15T07:00:00Z'), status: 'sent', games: 2 }]);
      expect((await request(s.url).get('/api/v1/players/me/settings').set('Authorization', `Bearer ${ada.token}`)).body.nextDigestAt).toBe(
        '2026-01-16T07:00:00.000Z',
      );

      // Ada resigns g1 (it is over): the next day's digest lists g2 only.
      await request(s.url).post(`/api/v1/games/${g1.id}/resign`).set('Authorization', `Bearer ${ada.token}`).expect(200);
      expect((await request(s.url).get(`/api/v1/games/${g1.id}`)).body.status).toBe('finished');
      digests.now = () => new Date('2026-01-16T07:00:10Z');
      await digests.due();
      await expect.poll(() => mail.mails.filter((m) => to(m) === 'ada@example.test' && isDigest(m)).length, { timeout: 20_000 }).toBe(2);
      const next = mail.mails.filter((m) => to(m) === 'ada@example.test' && isDigest(m))[1]!;
      expect(next.subject).toBe('Your turn in 1 game');
      expect(next.text).toContain(g2.id);
      expect(next.text).not.toContain(g1.id);
      // Bob (immediate) never got a digest; Ada never a turn mail of her own.
      expect(mail.mails.filter((m) => to(m) === 'bob@example.test' && isDigest(m))).toHaveLength(0);
      expect(mail.mails.filter((m) => to(m) === 'ada@example.test' && /^Your turn:/.test(m.subject ?? ''))).toHaveLength(0);
    },
  );

  it('no mail when nothing waits: the digest is recorded empty and the next one armed', async () => {
    const digests = s.notifications.digests!;
    digests.now = () => new Date('2026-03-01T10:00:00Z');
    const fay = await player('Fay', 'fay@example.test');
    // A game where Fay waits for the other seat: nothing of hers to play.
    const g = await game(fay.token, [{ name: 'Gus' }, { me: true }], 'digest-empty');
    await request(s.url)
      .put('/api/v1/players/me/settings')
      .set('Authorization', `Bearer ${fay.token}`)
      .send({ mode: 'digest', digestHour: 16, timeZone: 'Asia/Kolkata' })
      .expect(200);
    // 16:00 in Kolkata (UTC+5:30) is 10:30 UTC.
    expect((await request(s.url).get('/api/v1/players/me/settings').set('Authorization', `Bearer ${fay.token}`)).body.nextDigestAt).toBe(
      '2026-03-01T10:30:00.000Z',
    );
    digests.now = () => new Date('2026-03-01T10:31:00Z');
    await digests.due();
    await untilSettled(s.databaseUrl, g.id);
    expect(await digestRows(s.databaseUrl, fay.id)).toEqual([{ due_at: new Date('2026-03-01T10:30:00Z'), status: 'empty', games: 0 }]);
    expect(mail.mails.filter((m) => to(m) === 'fay@example.test')).toHaveLength(0);
    expect((await request(s.url).get('/api/v1/players/me/settings').set('Authorization', `Bearer ${fay.token}`)).body.nextDigestAt).toBe(
      '2026-03-02T10:30:00.000Z',
    );
  });

  it('a deadline closer than the next digest still gets its own reminder (digest mode drops turn mails only)', async () => {
    const digests = s.notifications.digests!;
    digests.now = () => new Date();
    const ivy = await player('Ivy');
    await request(s.url)
      .put('/api/v1/players/me/settings')
      .set('Authorization', `Bearer ${ivy.token}`)
      .send({ mode: 'digest', digestHour: (new Date().getUTCHours() + 12) % 24, timeZone: 'UTC' })
      .expect(200);
    await mailTo(ivy.token, 'ivy@example.test');
    // Ivy's seat moves first, with 4 s on the clock: the reminder comes at 3 s, long before the digest.
    const timed = (
      await request(s.url)
        .post('/api/v1/games')
        .set('Authorization', `Bearer ${ivy.token}`)
        .send({ type: 'ville-de-demain', players: [{ me: true }, { name: 'Kit' }], seed: 'digest-reminder-2', turnDeadlineSeconds: 4 })
        .expect(201)
    ).body as { id: string };
    await expect
      .poll(
        () =>
          mail.mails.some(
            (m) => to(m) === 'ivy@example.test' && m.subject?.startsWith('Reminder') && m.subject.includes(timed.id.slice(0, 8)),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(mail.mails.filter((m) => to(m) === 'ivy@example.test' && /^Your turn:/.test(m.subject ?? ''))).toHaveLength(0);
  });

  it('bad settings: 400 naming the field, nothing stored', async () => {
    const p = await player('Hal', 'hal@example.test');
    const put = (body: object) => request(s.url).put('/api/v1/players/me/settings').set('Authorization', `Bearer ${p.token}`).send(body);
    const zone = await put({ mode: 'digest', digestHour: 8, timeZone: 'Mars/Olympus_Mons' });
    expect(zone.status).toBe(400);
    expect(zone.body).toMatchObject({ code: 'INVALID_INPUT' });
    expect(zone.body.detail).toContain('timeZone');
    const hour = await put({ mode: 'digest', digestHour: 24, timeZone: 'UTC' });
    expect(hour.status).toBe(400);
    expect(hour.body.detail).toContain('digestHour');
    const missing = await put({ mode: 'digest' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('digestHour');
    const mode = await put({ mode: 'weekly' });
    expect(mode.status).toBe(400);
    expect(mode.body.detail).toContain('mode');
    expect((await request(s.url).get('/api/v1/players/me/settings').set('Authorization', `Bearer ${p.token}`)).body).toMatchObject({
      mode: 'immediate',
      digestHour: null,
      timeZone: null,
    });
    expect((await request(s.url).get('/api/v1/players/me/settings')).status).toBe(401);
  });
});
