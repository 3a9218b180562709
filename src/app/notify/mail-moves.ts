import { createHmac, timingSafeEqual } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { notationsOf, parseMove, formatMove, type Seat } from '../../engine/index.js';
import { AppError } from '../errors.js';
import type { GameService } from '../game-service.js';
import { inMailMove, mailMove } from '../../telemetry/delivery.js';

/** The most a move mail may weigh: larger ones are refused by the listener (552). */
export const MAX_MAIL_BYTES = 1_000_000;
/** A reply address is good for this long after the mail that carried it. */
const VALID_DAYS = 90;
const DAY = 86_400_000;

export interface MailMovesOptions {
  /** The domain of reply addresses (move+...@domain). */
  domain: string;
  /** The server's secret for reply addresses (server_settings.mail_secret). */
  secret: string;
  /** Sends a mail (confirmation or refusal) to a seat's own address; resolves when it is handed over. */
  send(to: string, subject: string, text: string, replyTo: string): Promise<void>;
  /** A seat's mail address (its notification settings), where answers go: never the sender's own claim. */
  addressOf(gameId: string, seat: Seat): Promise<string | null>;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => number;
  /** The `traceparent` a notification's mail was sent with, for the trace of a reply's move. */
  sentTrace?: (notificationId: string) => Promise<string | undefined>;
}

/** What a reply address stands for once checked. */
export interface ReplyTarget {
  gameId: string;
  seat: Seat;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
 * Moves by email reply. "Your turn" mails carry a Reply-To address naming the game and the seat,
 * signed with the server's secret and dated: move+<game>.<seat>.<expiry>.<hmac>@domain. It cannot
 * be forged, nor reused for another seat or game; it lapses after 90 days. The SMTP listener
 * (smtp-server) refuses any other recipient at RCPT TO, and mails over 1 MB; the first line the
 * sender wrote is read as a move in the game's notation and judged on the game's current state,
 * like any move. The seat's own address (never the sender's claim) gets the confirmation, with the
 * next legal moves, or the refusal with the rule broken and the legal moves.
 */
export class MailMoves {
  private server: SMTPServer | undefined;
  /** The port the listener took (SMTP_INBOUND_PORT=0 picks a free one). */
  port: number | undefined;

  constructor(
    private readonly service: GameService,
    private readonly opts: MailMovesOptions,
  ) {}

  private mac(body: string): string {
    return createHmac('sha256', this.opts.secret).update(body).digest('base64url').slice(0, 22);
  }

  /** The reply address of a seat, valid for 90 days from now. */
  replyAddress(gameId: string, seat: Seat): string {
    const expires = Math.floor(((this.opts.now?.() ?? Date.now()) + VALID_DAYS * DAY) / DAY).toString(36);
    const body = `${gameId}.${seat}.${expires}`;
    return `move+${body}.${this.mac(body)}@${this.opts.domain}`;
  }

  /** Checks a reply address; throws a sentence saying what is wrong with it. */
  verify(address: string): ReplyTarget {
    const m = /^move\+([0-9a-f-]{36})\.(\d{1,2})\.([0-9a-z]{1,8})\.([\w-]{22})@(.+)$/i.exec(address.trim());
    if (!m || !UUID.test(m[1]!.toLowerCase()) || m[5]!.toLowerCase() !== this.opts.domain.toLowerCase()) throw new Error('this is not a move address of this server');
    const [, gameId, seat, expires, mac] = m as unknown as [string, string, string, string, string];
    const want = Buffer.from(this.mac(`${gameId}.${seat}.${expires}`));
    if (want.length !== mac.length || !timingSafeEqual(want, Buffer.from(mac))) throw new Error('this move address is forged or altered (its signature does not match)');
    if (parseInt(expires, 36) * DAY < (this.opts.now?.() ?? Date.now())) throw new Error('this move address has expired: reply to a newer mail of the game');
    return { gameId: gameId.toLowerCase(), seat: Number(seat) };
  }

  async listen(port: number, host: string): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: MAX_MAIL_BYTES,
      banner: 'citybuilder moves by mail',
      logger: false,
      onRcptTo: (address, _session, done) => {
        try {
          this.verify(address.address);
          done();
        } catch (err) {
          done(Object.assign(new Error((err as Error).message), { responseCode: 550 }));
        }
      },
      onData: (stream, session, done) => void this.receive(stream, session.envelope.rcptTo.map((r) => r.address)).then(() => done(), (err: Error & { responseCode?: number }) => done(err)),
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

  private async receive(stream: SMTPServerDataStream, recipients: string[]): Promise<void> {
    const mail = await simpleParser(stream);
    if (stream.sizeExceeded) throw Object.assign(new Error(`the mail is larger than ${MAX_MAIL_BYTES} bytes`), { responseCode: 552 });
    for (const r of recipients) await inMailMove(mail, this.opts.sentTrace, () => this.handle(this.verify(r), mail));
  }

  /** Plays the move of one mail for its seat, and answers the seat. Never throws for a player's mistake. */
  async handle(t: ReplyTarget, mail: ParsedMail): Promise<void> {
    const to = await this.opts.addressOf(t.gameId, t.seat);
    const reply = this.replyAddress(t.gameId, t.seat);
    const answer = async (subject: string, text: string) => {
      if (to) await this.opts.send(to, subject, text, reply);
      else this.opts.log.info({ gameId: t.gameId, seat: t.seat, subject }, 'no mail address for this seat: answer not sent');
    };
    const line = firstMoveLine(mail.text ?? '');
    try {
      const result = await this.service.withGame(t.gameId, async (g) => {
        const s = g.session;
        const listed = () => notationsOf(s.game, s.state, t.seat, s.game.legalMoves(s.state, t.seat));
        if (line === null) throw new AppError('INVALID_INPUT', `the mail has no move: write it on the first line, in the game's notation (your legal moves: ${listed().join(', ') || 'none now'})`);
        const parsed = parseMove(s.game, s.state, t.seat, line);
        if (!parsed.ok) throw new AppError('INVALID_INPUT', `"${line}" is not a move here: ${parsed.error.message} (your legal moves: ${listed().join(', ') || 'none now'})`);
        const text = formatMove(s.game, s.state, t.seat, parsed.value);
        const r = await g.commitEntry(t.seat, parsed.value, 'seat');
        return { text, version: r.version, status: r.status, next: s.row.status === 'active' ? listed() : [] };
      });
      this.opts.log.info({ gameId: t.gameId, seat: t.seat, version: result.version }, 'move by mail accepted');
      mailMove('accepted');
      await answer(`Move accepted: ${result.text} (move ${result.version})`, [
        `Your move "${result.text}" is move ${result.version} of game ${t.gameId}.`,
        result.status === 'finished' ? 'The game is over.' : result.next.length ? `You move again. Your legal moves:\n${result.next.map((m) => `  ${m}`).join('\n')}` : 'Now the others play: you will be told when it is your turn.',
      ].join('\n\n'));
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err; // the sending server retries later
      this.opts.log.info({ gameId: t.gameId, seat: t.seat, code: err.code }, 'move by mail refused');
      mailMove('refused');
      const rule = typeof err.extra.rule === 'string' ? ` (rule ${err.extra.rule})` : '';
      await answer(`Move refused: ${err.code}`, `Your mail to game ${t.gameId} was not played: ${err.message}${rule}.\n\nReply to this mail with a legal move on the first line.`);
    }
  }
}
