import nodemailer, { type Transporter } from 'nodemailer';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { mailbox, until } from '../support/mail.js';
import { startTestServer, type TestServer } from '../support/server.js';

const to = (m: { to?: unknown }) => (m.to as { text: string } | undefined)?.text ?? '';
const replyTo = (m: { replyTo?: unknown }) => (m.replyTo as { value: { address: string }[] } | undefined)?.value[0]?.address ?? '';
/** The lines under "Your legal moves:" of a mail. */
const legalMoves = (text: string) => {
  const at = text.indexOf('Your legal moves:');
  if (at < 0) return [];
  const out: string[] = [];
  for (const line of text.slice(at).split('\n').slice(1)) {
    if (!line.startsWith('  ')) break;
    // A turn mail's line is "notation   (the move in words)"; a confirmation's, the notation alone.
    if (!line.trim().startsWith('...')) out.push(line.trim().split(/\s{3}\(/)[0]!);
  }
  return out;
};

/** Moves by email reply, through the server's own SMTP listener (smtp-server) and a real SMTP server for what it sends. */
describe('moves by email reply (end-to-end)', () => {
  let s: TestServer;
  let mail: Awaited<ReturnType<typeof mailbox>>;
  let inbound: Transporter;
  let port: number;
  beforeAll(async () => {
    mail = await mailbox();
    s = await startTestServer({
      NOTIFICATIONS: 'on',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SMTP_INBOUND_PORT: '0',
      SMTP_INBOUND_HOST: '127.0.0.1',
      MAIL_DOMAIN: 'games.example',
      NOTIFY_POLL_SECONDS: '0.5',
    });
    port = s.notifications.mailMoves!.port!;
    inbound = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    inbound?.close();
    await s?.stop();
    await mail?.close();
  });

  const reply = (from: string, address: string, text: string) => inbound.sendMail({ from, to: address, subject: 'Re: your turn', text });

  it('a whole 2-player game of La Ville de Demain played by email replies only, from the first "your turn" to "finished"', async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'by-mail' })
      .expect(201);
    const id = g.body.id as string;
    const address = (seat: number) => `seat${seat}.${id.slice(0, 8)}@example.test`;
    for (const x of g.body.seats as { seat: number; token: string }[]) {
      await request(s.url)
        .put(`/api/v1/games/${id}/seats/me/notifications`)
        .set('Authorization', `Bearer ${x.token}`)
        .send({ email: address(x.seat), events: ['turn', 'finished'] })
        .expect(200);
    }
    const rng = Rng.fromSeed('by-mail-choices');
    let read = 0; // mails before this index were already answered
    let moves = 0;
    for (;;) {
      const state = (await request(s.url).get(`/api/v1/games/${id}`)).body as { status: string; toMove: number[]; version: number };
      if (state.status === 'finished') break;
      expect(++moves).toBeLessThan(400);
      const seat = state.toMove[0]!;
      // The newest mail to this seat that lists its legal moves: a "your turn" or a confirmation.
      let last: (typeof mail.mails)[number] | undefined;
      await until(
        `a mail with legal moves for seat ${seat} at version ${state.version}`,
        () => {
          last = mail.mails
            .slice(read)
            .filter((m) => to(m) === address(seat) && legalMoves(m.text ?? '').length > 0)
            .pop();
          return last !== undefined;
        },
        20_000,
      );
      read = mail.mails.length;
      expect(replyTo(last!)).toMatch(/^move\+.+@games\.example$/);
      const before = state.version;
      await reply(
        address(seat),
        replyTo(last!),
        `${rng.pick(legalMoves(last!.text ?? ''))}\n\nOn Thursday the server wrote:\n> ${(last!.text ?? '').split('\n').join('\n> ')}`,
      );
      await until('the move to be played', async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.version > before, 20_000);
    }
    const record = (await request(s.url).get(`/api/v1/games/${id}/record`)).body as { moves: { origin?: string }[] };
    expect(record.moves.length).toBe(moves);
    // Every move came by mail, and the log says so (docs/shapes.md: origin `mail`).
    expect(new Set(record.moves.map((m) => m.origin))).toEqual(new Set(['mail']));
    await until(
      '"finished" to both',
      () => [0, 1].every((x) => mail.mails.some((m) => to(m) === address(x) && m.subject?.startsWith('Game over'))),
      20_000,
    );
    const refused = mail.mails.filter((m) => [address(0), address(1)].includes(to(m)) && m.subject?.startsWith('Move refused'));
    expect(refused).toHaveLength(0);
  }, 300_000);

  it('refuses forged, wrong-seat and expired addresses at RCPT TO, a mail over 1 MB, and ' +
    'answers an unreadable move with the legal moves; the listener keeps serving', async () => {
    const g = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }], seed: 'by-mail-bad' })
      .expect(201);
    const id = g.body.id as string;
    const seat = (await request(s.url).get(`/api/v1/games/${id}`)).body.toMove[0] as number;
    const token = g.body.seats[seat].token as string;
    await request(s.url)
      .put(`/api/v1/games/${id}/seats/me/notifications`)
      .set('Authorization', `Bearer ${token}`)
      .send({ email: `bad.${id.slice(0, 8)}@example.test`, events: ['turn'] })
      .expect(200);
    const good = await s.notifications.mailMoves!.replyAddress(id, seat);
    const [user, domain] = good.split('@') as [string, string];
    const otherSeat = user.replace(`.${seat}.`, `.${1 - seat}.`);
    const forged = `${user.slice(0, -3)}${user.endsWith('abc') ? 'abd' : 'abc'}@${domain}`;
    const expired = await s.notifications.mailMoves!.replyAddress(id, seat, Date.now() - 100 * 86_400_000);
    const from = `bad.${id.slice(0, 8)}@example.test`; // the seat's registered address
    for (const [address, why] of [
      [forged, /forged/],
      [`${otherSeat}@${domain}`, /forged/],
      [expired, /expired/],
      [`someone@${domain}`, /not a move address/],
    ] as const) {
      const err = await reply(from, address, 'take coin').then(
        () => null,
        (e: Error & { responseCode?: number }) => e,
      );
      expect(err?.responseCode, address).toBe(550);
      expect(err?.message).toMatch(why);
    }
    const big = await inbound.sendMail({ from, to: good, subject: 'big', text: `take coin\n${'x'.repeat(1_100_000)}` }).then(
      () => null,
      (e: Error & { responseCode?: number }) => e,
    );
    expect(big?.responseCode).toBe(552);
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.version).toBe(0);

    await reply(from, good, 'teleport to the moon');
    await until(
      'the refusal',
      () => mail.mails.some((m) => to(m) === `bad.${id.slice(0, 8)}@example.test` && m.subject?.startsWith('Move refused')),
      20_000,
    );
    const refusal = mail.mails.find((m) => to(m) === `bad.${id.slice(0, 8)}@example.test` && m.subject?.startsWith('Move refused'))!;
    expect(refusal.subject).toBe('Move refused: INVALID_INPUT');
    expect(refusal.text).toMatch(/"teleport to the moon" is not a move here: .*your legal moves: /);
    // the same seat and token generation (its date may differ by a day at most)
    expect(replyTo(refusal).split('.').slice(0, 3)).toEqual(good.split('.').slice(0, 3));
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.version).toBe(0);

    // Still serving: a good reply is played.
    const lm = (await request(s.url).get(`/api/v1/games/${id}/legal-moves`).set('Authorization', `Bearer ${token}`)).body
      .notations as string[];
    await reply(from, good, lm[0]!);
    await until('the move', async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.version === 1, 20_000);
  }, 120_000);
});
