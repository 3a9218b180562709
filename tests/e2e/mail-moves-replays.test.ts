import { createServer } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, until, type Mailbox } from '../support/mail.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/** A port nothing listens on (yet): outgoing mail is down until a mailbox takes it. */
const freePort = () =>
  new Promise<number>((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
const smtpError = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error & { responseCode?: number }) => e,
  );

/**
 * Moves by mail as a real mail server delivers them: twice, retried, to a duplicated recipient,
 * after the seat's token was reissued, or from someone else. Outgoing mail is down at first.
 */
describe('moves by mail: replayed, retried and revoked mails (end-to-end)', () => {
  let s: TestServer;
  let out: Mailbox | undefined;
  let outPort: number;
  let inbound: Transporter;
  beforeAll(async () => {
    outPort = await freePort();
    s = await startTestServer({
      NOTIFICATIONS: 'on',
      SMTP_URL: `smtp://127.0.0.1:${outPort}`,
      SMTP_INBOUND_PORT: '0',
      SMTP_INBOUND_HOST: '127.0.0.1',
      MAIL_DOMAIN: 'games.example',
      NOTIFY_RETRY_DELAY_SECONDS: '1',
      NOTIFY_POLL_SECONDS: '0.5',
    });
    inbound = nodemailer.createTransport({ host: '127.0.0.1', port: s.notifications.mailMoves!.port!, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    inbound?.close();
    await s?.stop();
    await out?.close();
  });

  /** A game whose seats have mail addresses; the reply address of the seat to move. */
  async function game(tag: string) {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }] })
      .expect(201);
    const id = g.body.id as string;
    const email = (x: number) => `${tag}.${x}.${id.slice(0, 8)}@example.test`;
    for (const x of g.body.seats as { seat: number; token: string }[]) {
      await request(s.url)
        .put(`/api/v1/games/${id}/seats/me/notifications`)
        .set('Authorization', `Bearer ${x.token}`)
        .send({ email: email(x.seat), events: ['turn'] })
        .expect(200);
    }
    const seat = (await request(s.url).get(`/api/v1/games/${id}`)).body.toMove[0] as number;
    const token = g.body.seats[seat].token as string;
    const move = (
      (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${token}`)).body.notations as string[]
    )[0]!;
    return { id, seat, from: email(seat), move, address: await s.notifications.mailMoves!.replyAddress(id, seat) };
  }
  const version = async (id: string) => (await request(s.url).get(`/api/v1/games/${id}`)).body.version as number;

  it('the same mail delivered twice, and a mail naming its recipient twice, play one move each; ' +
    'with outgoing mail down the answer is still 250 and the confirmation waits in the outbox', async () => {
    const g = await game('twice');
    const mail = { from: g.from, to: g.address, subject: 'Re: your turn', text: g.move, messageId: `<twice-${g.id}@example.test>` };
    // Outgoing mail is down: the move commits, the sender gets 250 (no retry to play it again).
    expect(await smtpError(inbound.sendMail(mail))).toBeNull();
    expect(await version(g.id)).toBe(1);
    // A real mail server that did not see the 250 (or a duplicate in transit) sends it again.
    expect(await smtpError(inbound.sendMail(mail))).toBeNull();
    expect(await version(g.id)).toBe(1);

    const h = await game('rcpt');
    const info = await inbound.sendMail({
      from: h.from,
      to: h.address,
      subject: 'Re',
      text: h.move,
      messageId: `<rcpt-${h.id}@example.test>`,
      envelope: { from: h.from, to: [h.address, h.address, h.address.toUpperCase()] },
    });
    expect(info.accepted?.length).toBeGreaterThan(0);
    expect(await version(h.id)).toBe(1);

    // The confirmations are in the outbox, pending while mail is down, then delivered once each.
    const outbox = async () =>
      (await request(s.url).get('/api/v1/admin/outbox').query({ limit: 200 }).set('Authorization', `Bearer ${OPERATOR_TOKEN}`)).body
        .notifications as { gameId: string; kind: string; status: string; lastError: string | null }[];
    await until('a failed try of the confirmation', async () =>
      (await outbox()).some((n) => n.gameId === g.id && n.kind === 'accepted' && n.lastError),
    );
    out = await mailbox(outPort);
    await until(
      'both confirmations delivered',
      async () =>
        (await outbox()).filter((n) => [g.id, h.id].includes(n.gameId) && n.kind === 'accepted' && n.status === 'delivered').length === 2,
    );
    const confirmations = out.mails.filter((m) => m.subject?.startsWith('Move accepted'));
    expect(confirmations.map((m) => (m.to as { text: string }).text).sort()).toEqual([g.from, h.from].sort());
  }, 60_000);

  it(
    "after the operator reissues the seat's token, the old reply address is refused at RCPT TO " +
      '(550); a reply from another address is refused too',
    async () => {
      const g = await game('revoked');
      const other = await smtpError(inbound.sendMail({ from: 'mallory@example.test', to: g.address, subject: 'Re', text: g.move }));
      expect(other?.responseCode).toBe(550);
      expect(other?.message).toMatch(/registered address/);
      expect(await version(g.id)).toBe(0);

      await request(s.url).post(`/api/v1/games/${g.id}/seats/${g.seat}/token`).set('Authorization', `Bearer ${OPERATOR_TOKEN}`).expect(200);
      const old = await smtpError(inbound.sendMail({ from: g.from, to: g.address, subject: 'Re', text: g.move }));
      expect(old?.responseCode).toBe(550);
      expect(old?.message).toMatch(/reissued/);
      expect(await version(g.id)).toBe(0);
      // The seat's new address works.
      const fresh = await s.notifications.mailMoves!.replyAddress(g.id, g.seat);
      expect(fresh).not.toBe(g.address);
      expect(await smtpError(inbound.sendMail({ from: g.from, to: fresh, subject: 'Re', text: g.move }))).toBeNull();
      expect(await version(g.id)).toBe(1);
    },
  );
});
