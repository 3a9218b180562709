import { AppError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { GamePort } from '../game-port.js';
import type { ClockStore } from '../../store/clock-store.js';
import type { DigestStore } from '../../store/digest-store.js';
import type { VacationStore } from '../../store/vacation-store.js';
import type { Seat } from '../../engine/index.js';
import { TurnClock } from './clock.js';
import { MailMoves } from './mail-moves.js';
import { Vacations } from './vacation.js';
import { Digests } from './digest.js';
import type { PlayerService } from '../players.js';
import { Notifier, type NotifierOptions } from './notifier.js';
import { OutboxAdmin } from './outbox-admin.js';
import {
  checkEmail,
  checkEvents,
  checkLanguage,
  checkWebhookUrl,
  newUnsubscribeToken,
  newWebhookSecret,
  type NotificationSettingsInput,
} from './settings.js';
import type { NotificationStore, OutboxStatus, SeatSettings } from './store.js';

export { NotificationStore } from './store.js';
export type { NotifierOptions } from './notifier.js';

/**
 * Play-by-mail notifications: where each seat's go (email, a signed webhook, or both), the outbox
 * that every move writes to in its own transaction, and its delivery (Notifier).
 */
export class Notifications {
  readonly notifier: Notifier;
  readonly clock: TurnClock;
  /** Moves by email reply, when SMTP_INBOUND_PORT is set. */
  mailMoves: MailMoves | undefined;
  /** Players' vacations, which pause their deadlines. */
  readonly vacations: Vacations | undefined;
  /** The operator's page: dead and retrying notifications, retry now, recent errors. */
  readonly admin: OutboxAdmin;
  /** Players' settings (turn mails at once or in a daily digest, automatic vacation) and the digests. */
  readonly digests: Digests | undefined;

  constructor(
    private readonly service: GamePort,
    private readonly store: NotificationStore,
    private readonly opts: NotifierOptions & {
      stores: { clocks: ClockStore; digests: DigestStore; vacations: VacationStore };
      reminderShare: number;
      resignSeat: (gameId: string, seat: Seat) => Promise<unknown>;
      inbound?: { port: number; host: string; domain: string };
      players?: PlayerService;
      vacationDaysPerYear?: number;
    },
  ) {
    this.notifier = new Notifier(service, store, {
      ...opts,
      replyTo: async (gameId, seat) => (this.mailMoves ? this.mailMoves.replyAddress(gameId, seat) : ''),
    });
    this.clock = new TurnClock(opts.stores.clocks, service, this.notifier, store, opts);
    this.notifier.onDeadline = (j) => this.clock.fire(j);
    this.vacations = opts.players
      ? new Vacations(opts.stores.vacations, opts.players, this.clock, opts.vacationDaysPerYear ?? 21)
      : undefined;
    if (this.vacations) {
      const vacations = this.vacations;
      vacations.log = opts.log;
      this.clock.autoVacation = (gameId, seat) => vacations.spendDay(gameId, seat);
    }
    this.admin = new OutboxAdmin(service, store, this.notifier);
    this.digests = opts.players
      ? new Digests(opts.stores.digests, opts.players, this.notifier, this.clock, {
          replyTo: async (gameId, seat) => (this.mailMoves ? this.mailMoves.replyAddress(gameId, seat) : ''),
          log: opts.log,
        })
      : undefined;
    // After a move commits, its notifications go to the queue at once; if this process dies
    // first, the sweeper of any process hands them over later.
    service.onCommitted((c) => {
      this.notifier.enqueue(c.outbox).catch((err) => opts.log.warn({ err }, 'could not queue notifications; the sweeper will'));
    });
    // A takeback request waits for the other seats: each seat asked is told ("takeback", about the asker).
    service.onTakebackAsked(async (t) => {
      try {
        for (const seat of t.asked) await this.notifier.enqueue(await this.store.addNotice(t.gameId, t.version, seat, 'takeback', t.seat));
      } catch (err) {
        opts.log.warn({ err }, 'could not queue the takeback notices');
      }
    });
  }

  /** PUT /games/{id}/seats/me/notifications: a seat says where its notifications go. */
  async putSeatSettings(gameId: string, token: string | undefined, input: NotificationSettingsInput) {
    const { seat, toMove, status, version } = await this.service.withGame(gameId, async (g) => {
      const c = await g.callerIn(token);
      if (c.kind !== 'seat') throw AppError.of(c.kind === 'operator' ? 'FORBIDDEN' : 'UNAUTHORIZED', 'NOTIFY.settingsToken');
      return { seat: c.seat, toMove: g.session.row.toMove, status: g.session.row.status, version: g.session.version };
    });
    const { settings, newSecret } = await this.settingsFrom(await this.store.getSeat(gameId, seat), input);
    await this.store.putSeat(gameId, seat, settings);
    // Already the seat's turn: tell it now rather than after the next turn change.
    if (status === 'active' && toMove.includes(seat) && settings.events.includes('turn'))
      await this.notifier.enqueue(await this.store.addNotice(gameId, version, seat, 'turn'));
    return {
      seat,
      email: settings.email,
      webhookUrl: settings.webhookUrl,
      events: settings.events,
      language: settings.language,
      ...(newSecret ? { webhookSecret: settings.webhookSecret! } : {}),
    };
  }

  /**
   * GET /games/{id}/seats/me/notifications: where the token's seat is told now: its own settings,
   * else those of the player it is bound to (`from` says which), else the defaults (nothing sent).
   * The webhook secret is never shown again.
   */
  async getSeatSettings(gameId: string, token: string | undefined) {
    const seat = await this.service.withGame(gameId, async (g) => {
      const c = await g.callerIn(token);
      if (c.kind !== 'seat') throw AppError.of(c.kind === 'operator' ? 'FORBIDDEN' : 'UNAUTHORIZED', 'NOTIFY.settingsToken');
      return c.seat;
    });
    const own = await this.store.getSeat(gameId, seat);
    const playerId = own ? null : await this.store.playerOf(gameId, seat);
    const player = playerId ? await this.store.getPlayer(playerId) : null;
    const s = own ?? player;
    return {
      seat,
      from: own ? ('seat' as const) : player ? ('player' as const) : ('none' as const),
      email: s?.email ?? null,
      webhookUrl: s?.webhookUrl ?? null,
      events: s?.events ?? checkEvents(undefined),
      language: s?.language ?? 'en',
    };
  }

  /** GET /players/me/notifications: where a player's seats without settings of their own are told. */
  async getPlayerSettings(token: string | undefined) {
    if (!this.opts.players) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.players');
    const player = await this.opts.players.require(token);
    const s = await this.store.getPlayer(player.id);
    return {
      playerId: player.id,
      email: s?.email ?? null,
      webhookUrl: s?.webhookUrl ?? null,
      events: s?.events ?? checkEvents(undefined),
      language: s?.language ?? 'en',
    };
  }

  /** PUT /players/me/notifications: a player says where the notifications of all their seats go (those without settings of their own). */
  async putPlayerSettings(token: string | undefined, input: NotificationSettingsInput) {
    if (!this.opts.players) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.players');
    const player = await this.opts.players.require(token);
    const { settings, newSecret } = await this.settingsFrom(await this.store.getPlayer(player.id), input);
    await this.store.putPlayer(player.id, settings);
    if (settings.events.includes('turn'))
      for (const t of await this.store.playerTurns(player.id))
        await this.notifier.enqueue(await this.store.addNotice(t.gameId, t.version, t.seat, 'turn'));
    return {
      playerId: player.id,
      email: settings.email,
      webhookUrl: settings.webhookUrl,
      events: settings.events,
      language: settings.language,
      ...(newSecret ? { webhookSecret: settings.webhookSecret! } : {}),
    };
  }

  /** Someone took a seat of a waiting game: the other seats are told ("joined"); if it started the game, whoever moves first is
   * told it is their turn. */
  async joined(gameId: string, seat: Seat, started: boolean): Promise<void> {
    for (const other of await this.store.otherSeats(gameId, seat))
      await this.notifier.enqueue(await this.store.addNotice(gameId, 0, other, 'joined', seat));
    if (!started) return;
    await this.clock.startGame(gameId);
    const g = await this.service.getGame(gameId, undefined);
    for (const first of g.toMove) await this.notifier.enqueue(await this.store.addNotice(gameId, g.version, first, 'turn'));
  }

  /** New settings from the old ones and a request: fields left out keep their value, null turns a channel off. */
  private async settingsFrom(before: SeatSettings | null, input: NotificationSettingsInput) {
    const email = input.email === undefined ? (before?.email ?? null) : input.email === null ? null : checkEmail(input.email);
    const webhookUrl =
      input.webhookUrl === undefined
        ? (before?.webhookUrl ?? null)
        : input.webhookUrl === null
          ? null
          : await checkWebhookUrl(input.webhookUrl, this.opts.allowPrivateWebhooks);
    const events = input.events === undefined ? (before?.events ?? checkEvents(undefined)) : checkEvents(input.events);
    const language = input.language === undefined ? (before?.language ?? 'en') : checkLanguage(input.language);
    const newSecret = webhookUrl !== null && (webhookUrl !== before?.webhookUrl || !before?.webhookSecret);
    const webhookSecret = webhookUrl === null ? null : newSecret ? newWebhookSecret() : before!.webhookSecret;
    const settings: SeatSettings = {
      email,
      webhookUrl,
      webhookSecret,
      events,
      unsubscribeToken: before?.unsubscribeToken ?? newUnsubscribeToken(),
      language,
    };
    return { settings, newSecret };
  }

  /** Starts delivering and the turn clocks (every process may; each job runs once). */
  async start(): Promise<void> {
    await this.notifier.start();
    if (this.opts.worker) this.clock.start(2_000);
    if (this.opts.worker) this.digests?.start(60_000);
    const inbound = this.opts.inbound;
    if (inbound) {
      this.mailMoves = new MailMoves(this.service, {
        domain: inbound.domain,
        secret: await this.store.mailSecret(),
        seatOf: (gameId, seat) => this.store.mailIdentity(gameId, seat),
        answer: async (a) => this.notifier.enqueue(await this.store.addMailAnswer(a)),
        log: this.opts.log,
        sentTrace: async (id) => ((await this.store.get(id))?.message as { traceparent?: string } | null)?.traceparent,
      });
      const port = await this.mailMoves.listen(inbound.port, inbound.host);
      this.opts.log.info({ port }, 'listening for moves by mail');
    }
  }

  async stop(): Promise<void> {
    this.clock.stop();
    this.digests?.stop();
    await this.mailMoves?.close();
    await this.notifier.stop();
  }

  async unsubscribe(token: string): Promise<void> {
    if (!(await this.store.unsubscribe(token))) throw AppError.of('NOT_FOUND', 'NOT_FOUND.unsubscribe');
  }

  /** GET /admin/outbox: what was sent, held (no SMTP server) or given up on, newest first. */
  async outbox(token: string | undefined, f: { status?: OutboxStatus; limit?: number; before?: string }) {
    this.service.requireOperator(token);
    const cursor = decodeCursor(f.before);
    const before = cursor && { createdAt: cursor.at, id: cursor.id };
    const limit = f.limit ?? 50;
    const rows = await this.store.list({ status: f.status, limit, before });
    const last = rows[rows.length - 1];
    return {
      notifications: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), deliveredAt: r.deliveredAt?.toISOString() ?? null })),
      next: rows.length === limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  }
}
