import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Seat } from '../../engine/index.js';
import { AppError } from '../errors.js';
import { isUuid } from '../ids.js';
import { localize } from '../i18n/index.js';
import type { MailLanguage } from './settings.js';
import { say } from './words.js';
import type { GamePort } from '../game-port.js';
import { inMailMove, mailMove } from '../../telemetry/delivery.js';

/** The most a move mail may weigh: larger ones are refused by the listener (552). */
export const MAX_MAIL_BYTES = 1_000_000;
/** A reply address is good for this long after the mail that carried it. */
const VALID_DAYS = 90;
const DAY = 86_400_000;

/** A mail answer to a move by mail: written to the outbox, delivered (and retried) like every notification. */
export interface MailAnswer {
  gameId: string;
  seat: Seat;
  /** The move's version (accepted), or the game's version when the mail was refused. */
  version: number;
  kind: 'accepted' | 'refused';
  /** Tells the refusals of different mails at one version apart (from the mail's key); -1 for an acceptance. */
  about: number;
  subject: string;
  text: string;
}

export interface MailMovesOptions {
  /** The domain of reply addresses (move+...@domain). */
  domain: string;
  /** The server's secret for reply addresses (server_settings.mail_secret). */
  secret: string;
  /** A seat's token hash (its generation: a reissue changes it), registered mail address and mails' language; null: no such seat. */
  seatOf(gameId: string, seat: Seat): Promise<{ tokenHash: string | null; email: string | null; language?: 'en' | 'fr' } | null>;
  /** Writes an answer to the seat's registered address into the outbox, once per (version, kind, about), and queues it. */
  answer(a: MailAnswer): Promise<void>;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => number;
  /** The `traceparent` a notification's mail was sent with, for the trace of a reply's move. */
  sentTrace?: (notificationId: string) => Promise<string | undefined>;
}

type Played = { text: string; version: number; status: string; next: string[] };

/** The answers to a move by mail, in the seat's language (words.ts; the error message comes already translated). */
const ANSWER = {
  refused: (lang: MailLanguage, game: string, code: string, message: string, rule: string | null) => ({
    subject: say(lang, 'refused.subject', { code }),
    text: say(lang, 'refused.text', { game, message, rule: rule ?? 'none' }),
  }),
  accepted: (lang: MailLanguage, game: string, r: Played) => ({
    subject: say(lang, 'accepted.subject', { move: r.text, version: r.version }),
    text: [
      say(lang, 'accepted.text', { move: r.text, version: r.version, game }),
      r.status === 'finished'
        ? say(lang, 'accepted.over')
        : r.next.length
          ? say(lang, 'accepted.again', { moves: r.next.map((m) => `  ${m}`).join('\n') })
          : say(lang, 'accepted.others'),
    ].join('\n\n'),
  }),
};

/** What a reply address stands for once checked. */
export interface ReplyTarget {
  gameId: string;
  seat: Seat;
}

const ADDRESS = /^move\+([0-9a-f-]{36})\.(\d{1,2})\.([0-9a-f]{6})\.([0-9a-z]{1,8})\.([0-9a-f]{20})@(.+)$/i;
/** The reply addresses given before they carried the token's generation. */
const OLD_ADDRESS = /^move\+[0-9a-f-]{36}\.\d{1,2}\.[0-9a-z]{1,8}\.[\w-]{22}@/i;
/** A refusal at RCPT TO or DATA: permanent (550, 552) or temporary (451). */
const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/**
 * A mail's identity for de-duplication: its Message-ID (what a resending server keeps), else a hash
 * of who sent what when. Stored as the move's idempotency key, so a mail delivered twice, or retried
 * by a server that never saw the 250, is played once.
 */
export function mailKey(mail: ParsedMail): string {
  const id = mail.messageId ?? `${mail.from?.text ?? ''}|${mail.date?.toISOString() ?? ''}|${mail.subject ?? ''}|${mail.text ?? ''}`;
  return `mail:${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}

/** The first line of the body that the sender wrote: not blank, not quoted (">"), above any "On ... wrote:". */
export function firstMoveLine(text: string): string | null {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('>')) continue;
    if (/^On .+ wrote:$/i.test(line) || /^-{2,}\s*(Original Message|Forwarded)/i.test(line) || line === '--') return null;
    return line.slice(0, 500);
  }
  return null;
}

/**
 * Moves by email reply. "Your turn" mails carry a Reply-To address naming the game, the seat and
 * the generation of the seat's token, signed with the server's secret and dated:
 * move+<game>.<seat>.<generation>.<expiry>.<hmac>@domain (lower-case hex and base 36 only, so a
 * mail system that changes the case breaks nothing). It cannot be forged, nor reused for another
 * seat or game; it lapses after 90 days, and at once when the operator reissues the seat's token.
 * The SMTP listener (smtp-server) refuses at RCPT TO (550) any other recipient, a revoked or expired
 * address, and a sender other than the seat's registered address; mails over 1 MB are refused
 * (552). The first line the sender wrote is read as a move in the game's notation and judged on the
 * game's current state, like any move, under the mail's key (mailKey): one mail plays at most one
 * move per seat, however often it arrives and however many times the envelope names the seat.
 * Once the move is committed the mail is accepted (250); the confirmation (with the next legal
 * moves), or the refusal with the rule broken, goes through the outbox to the seat's registered
 * address, retried like every notification. A fault of the server (the database down) before the
 * commit is a temporary 451: the sending server retries, and the key keeps the retry from playing twice.
 */
export class MailMoves {
  private server: SMTPServer | undefined;
  /** The port the listener took (SMTP_INBOUND_PORT=0 picks a free one). */
  port: number | undefined;

  constructor(
    private readonly service: GamePort,
    private readonly opts: MailMovesOptions,
  ) {}

  private mac(body: string): string {
    return createHmac('sha256', this.opts.secret).update(body).digest('hex').slice(0, 20);
  }

  /** A token's generation: a reissued token has another one (and the hash never leaves the server). */
  private generation(tokenHash: string | null): string {
    return this.mac(`generation:${tokenHash ?? 'none'}`).slice(0, 6);
  }

  /** The reply address of a seat, for its current token, valid for 90 days from `at` (now). */
  async replyAddress(gameId: string, seat: Seat, at = this.opts.now?.() ?? Date.now()): Promise<string> {
    const found = await this.opts.seatOf(gameId, seat);
    const expires = Math.floor((at + VALID_DAYS * DAY) / DAY).toString(36);
    const body = `${gameId}.${seat}.${this.generation(found?.tokenHash ?? null)}.${expires}`;
    return `move+${body}.${this.mac(body)}@${this.opts.domain}`;
  }

  /** Checks a reply address's form, signature and date; throws a sentence saying what is wrong with it. */
  verify(address: string): ReplyTarget & { generation: string } {
    const given = address.trim();
    if (OLD_ADDRESS.test(given))
      throw new Error('this reply address is of an older kind, which a reissued token cannot revoke: reply to a newer mail of the game');
    const m = ADDRESS.exec(given);
    if (!m || !isUuid(m[1]!) || m[6]!.toLowerCase() !== this.opts.domain.toLowerCase())
      throw new Error('this is not a move address of this server');
    const [, game, seat, generation, expires, mac] = (m as unknown as string[]).map((x) => x.toLowerCase()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const want = Buffer.from(this.mac(`${game}.${seat}.${generation}.${expires}`));
    if (!timingSafeEqual(want, Buffer.from(mac))) throw new Error('this move address is forged or altered (its signature does not match)');
    if (parseInt(expires, 36) * DAY < (this.opts.now?.() ?? Date.now()))
      throw new Error('this move address has expired: reply to a newer mail of the game');
    return { gameId: game, seat: Number(seat), generation };
  }

  /** Everything RCPT TO checks: the address, that the seat's token was not reissued since, and the sender. */
  async accept(address: string, sender: string | undefined): Promise<ReplyTarget> {
    const t = this.verify(address);
    const seat = await this.opts.seatOf(t.gameId, t.seat);
    if (!seat) throw new Error('this move address names a game or seat that no longer exists');
    if (this.generation(seat.tokenHash) !== t.generation)
      throw new Error("this seat's token was reissued since this address was given: it is revoked; reply to a newer mail of the game");
    if (!seat.email) throw new Error('this seat has no registered mail address: moves by mail come from it only');
    if (!sender || sender.toLowerCase() !== seat.email.toLowerCase())
      throw new Error("this move address takes replies from the seat's registered address only");
    return { gameId: t.gameId, seat: t.seat };
  }

  async listen(port: number, host: string): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: MAX_MAIL_BYTES,
      banner: 'citybuilder moves by mail',
      logger: false,
      onRcptTo: (address, session, done) => {
        this.accept(address.address, session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined).then(
          () => done(),
          (err: Error) => done(smtpError(err.message, 550)),
        );
      },
      onData: (stream, session, done) =>
        void this.receive(stream, session).then(
          () => done(),
          (err: Error & { responseCode?: number }) => done(err),
        ),
    });
    server.on('error', (err) => this.opts.log.warn({ err }, 'inbound mail listener error'));
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => ok());
    });
    this.server = server;
    this.port = (server.server.address() as { port: number }).port;
    return this.port;
  }

  async close(): Promise<void> {
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  /** One mail: each seat it names (once, however often the envelope repeats it) plays its move. */
  private async receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const mail = await simpleParser(stream);
    if (stream.sizeExceeded) throw smtpError(`the mail is larger than ${MAX_MAIL_BYTES} bytes`, 552);
    const targets = new Map<string, ReplyTarget>();
    for (const r of session.envelope.rcptTo) {
      const t = this.verify(r.address);
      targets.set(`${t.gameId}.${t.seat}`, t);
    }
    try {
      for (const t of targets.values()) await inMailMove(mail, this.opts.sentTrace, () => this.handle(t, mail));
    } catch (err) {
      // Nothing of this seat's move was answered: the sending server retries, and the mail's key
      // makes the retry play nothing twice.
      this.opts.log.warn({ err }, 'move by mail not handled; the sender is asked to retry');
      throw smtpError('the server cannot take this move right now; retry later', 451);
    }
  }

  /**
   * Plays the move of one mail for its seat, once per mail (mailKey), and writes the answer to the
   * outbox. Never throws for a player's mistake; throws (a temporary failure) when the server cannot
   * play or answer now.
   */
  async handle(t: ReplyTarget, mail: ParsedMail): Promise<void> {
    const key = mailKey(mail);
    const about = parseInt(key.slice(5, 12), 16);
    const line = firstMoveLine(mail.text ?? '');
    let result: { text: string; version: number; status: string; next: string[] };
    try {
      result = await this.service.handle(t.gameId, { kind: 'mail-move', seat: t.seat, line }, { idempotencyKey: key });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      this.opts.log.info({ gameId: t.gameId, seat: t.seat, code: err.code }, 'move by mail refused');
      mailMove('refused');
      const lang = await this.languageOf(t);
      const version =
        typeof err.extra.currentVersion === 'number'
          ? err.extra.currentVersion
          : (await this.service.getGame(t.gameId, undefined).catch(() => ({ version: 0 }))).version;
      const message = localize(lang, err);
      await this.opts.answer({
        gameId: t.gameId,
        seat: t.seat,
        version,
        kind: 'refused',
        about,
        ...ANSWER.refused(lang, t.gameId, err.code, message, typeof err.extra.rule === 'string' ? err.extra.rule : null),
      });
      return;
    }
    this.opts.log.info({ gameId: t.gameId, seat: t.seat, version: result.version }, 'move by mail accepted');
    mailMove('accepted');
    const lang = await this.languageOf(t);
    await this.opts.answer({
      gameId: t.gameId,
      seat: t.seat,
      version: result.version,
      kind: 'accepted',
      about: -1,
      ...ANSWER.accepted(lang, t.gameId, result),
    });
  }

  /** The language of a seat's mails (English when it cannot be read). */
  private async languageOf(t: ReplyTarget): Promise<'en' | 'fr'> {
    return (await this.opts.seatOf(t.gameId, t.seat).catch(() => null))?.language ?? 'en';
  }
}
