import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import type { Json, Seat } from '../../engine/index.js';
import type { NoticeKind } from '../../store/types.js';
import type { MailLanguage } from './settings.js';

export type OutboxStatus = 'pending' | 'delivered' | 'held' | 'dead';

export interface SeatSettings {
  email: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  events: NoticeKind[];
  unsubscribeToken: string;
  language: MailLanguage;
}

/** Mails written whole when queued (their message is { subject, text }): answers to mailed moves, expiry warnings, tournament
 * pairings and results. */
export type MailAnswerKind = 'accepted' | 'refused' | 'expiring' | 'tournament';
export const isMailAnswer = (kind: string): kind is MailAnswerKind =>
  kind === 'accepted' || kind === 'refused' || kind === 'expiring' || kind === 'tournament';

export interface OutboxRow {
  id: string;
  gameId: string;
  version: number;
  seat: Seat;
  kind: NoticeKind | MailAnswerKind;
  /** The seat the notice is about (who joined, who asks a takeback), or -1. */
  about: number;
  channel: 'email' | 'webhook';
  target: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  message: Json | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

const toOutbox = (r: Prisma.OutboxGetPayload<object>): OutboxRow => ({
  ...r,
  kind: r.kind as NoticeKind,
  channel: r.channel as OutboxRow['channel'],
  status: r.status as OutboxStatus,
  message: (r.message ?? null) as Json | null,
});

/**
 * Settings from a seat's or a player's row (both tables have the same columns), and the columns a
 * row stores from settings (only these: a caller's object may carry more).
 */
const settingsOf = (r: Omit<SeatSettings, 'events' | 'language'> & { events: unknown; language: string }): SeatSettings => ({
  email: r.email,
  webhookUrl: r.webhookUrl,
  webhookSecret: r.webhookSecret,
  events: r.events as NoticeKind[],
  unsubscribeToken: r.unsubscribeToken,
  language: r.language as MailLanguage,
});

/** The notification tables: where each seat's notifications go, and the outbox. */
export class NotificationStore {
  constructor(private readonly db: PrismaClient) {}

  async getSeat(gameId: string, seat: Seat): Promise<SeatSettings | null> {
    const r = await this.db.seatNotification.findUnique({ where: { gameId_seat: { gameId, seat } } });
    return r ? settingsOf(r) : null;
  }

  async putSeat(gameId: string, seat: Seat, s: SeatSettings): Promise<void> {
    const data = { ...settingsOf(s), updatedAt: new Date() };
    await this.db.seatNotification.upsert({ where: { gameId_seat: { gameId, seat } }, create: { gameId, seat, ...data }, update: data });
  }

  async getPlayer(playerId: string): Promise<SeatSettings | null> {
    const r = await this.db.playerNotification.findUnique({ where: { playerId } });
    return r ? settingsOf(r) : null;
  }

  async putPlayer(playerId: string, s: SeatSettings): Promise<void> {
    const data = { ...settingsOf(s), updatedAt: new Date() };
    await this.db.playerNotification.upsert({ where: { playerId }, create: { playerId, ...data }, update: data });
  }

  /** The player a seat is bound to, if any. */
  async playerOf(gameId: string, seat: Seat): Promise<string | null> {
    const r = await this.db.seat.findUnique({ where: { gameId_seat: { gameId, seat } }, select: { playerId: true } });
    return r?.playerId ?? null;
  }

  /** Where a seat's notifications go: its own settings, else those of the player it is bound to. */
  async targetOf(
    gameId: string,
    seat: Seat,
  ): Promise<Pick<SeatSettings, 'email' | 'webhookSecret' | 'unsubscribeToken' | 'language'> | null> {
    const [r] = await this.db.$queryRaw<
      { email: string | null; webhook_secret: string | null; unsubscribe_token: string; language: string }[]
    >`
      SELECT email, webhook_secret, unsubscribe_token, language FROM notification_targets WHERE game_id = ${gameId}::uuid AND
        seat = ${seat}`;
    return r
      ? { email: r.email, webhookSecret: r.webhook_secret, unsubscribeToken: r.unsubscribe_token, language: r.language as MailLanguage }
      : null;
  }

  /** Turns mail off for the settings (a seat's or a player's) whose List-Unsubscribe link this is. */
  async unsubscribe(token: string): Promise<boolean> {
    const a = await this.db.seatNotification.updateMany({
      where: { unsubscribeToken: token },
      data: { email: null, updatedAt: new Date() },
    });
    const b = await this.db.playerNotification.updateMany({
      where: { unsubscribeToken: token },
      data: { email: null, updatedAt: new Date() },
    });
    return a.count + b.count > 0;
  }

  /** Writes a notice outside a move (a turn already on, a reminder, a timeout, a join: `about` the seat taken; a takeback asked:
   * `about` the asker). */
  async addNotice(gameId: string, version: number, seat: Seat, kind: NoticeKind, about = -1): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      INSERT INTO outbox (game_id, version, seat, kind, about, channel, target)
      SELECT n.game_id, ${version}, n.seat, ${kind}, ${about}, ch.channel, ch.target
      FROM notification_targets n
      CROSS JOIN LATERAL (VALUES ('email', n.email), ('webhook', n.webhook_url)) AS ch(channel, target)
      WHERE n.game_id = ${gameId}::uuid AND n.seat = ${seat} AND ${kind} = ANY(n.events) AND ch.target IS NOT NULL
        AND NOT (n.digest AND ${kind} = 'turn' AND ch.channel = 'email')
      ON CONFLICT (game_id, version, seat, kind, about, channel) DO NOTHING
      RETURNING id::text`;
    return rows.map((r) => r.id);
  }

  /** A seat's token hash, its registered mail address and its mails' language (its own settings', else its player's); null: no
   * such seat. */
  async mailIdentity(
    gameId: string,
    seat: Seat,
  ): Promise<{ tokenHash: string | null; email: string | null; language: MailLanguage } | null> {
    const [r] = await this.db.$queryRaw<{ token_hash: string | null; email: string | null; language: string | null }[]>`
      SELECT s.token_hash, t.email, t.language FROM seats s LEFT JOIN notification_targets t ON t.game_id = s.game_id AND t.seat = s.seat
      WHERE s.game_id = ${gameId}::uuid AND s.seat = ${seat}`;
    return r ? { tokenHash: r.token_hash, email: r.email, language: r.language === 'fr' ? 'fr' : 'en' } : null;
  }

  /** Writes the answer to a move by mail (its text made already) for the seat's registered address, once per (version, kind, about). */
  async addMailAnswer(a: {
    gameId: string;
    version: number;
    seat: Seat;
    kind: MailAnswerKind;
    about: number;
    subject: string;
    text: string;
  }): Promise<string[]> {
    const message = JSON.stringify({ subject: a.subject, text: a.text });
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      INSERT INTO outbox (game_id, version, seat, kind, about, channel, target, message)
      SELECT n.game_id, ${a.version}, n.seat, ${a.kind}, ${a.about}, 'email', n.email, ${message}::jsonb
      FROM notification_targets n WHERE n.game_id = ${a.gameId}::uuid AND n.seat = ${a.seat} AND n.email IS NOT NULL
      ON CONFLICT (game_id, version, seat, kind, about, channel) DO NOTHING
      RETURNING id::text`;
    return rows.map((r) => r.id);
  }

  /** The seats of a player now to move in running games (told at once when the player sets up notifications). */
  async playerTurns(playerId: string): Promise<{ gameId: string; seat: Seat; version: number }[]> {
    return this.db.$queryRaw<{ gameId: string; seat: number; version: number }[]>`
      SELECT s.game_id::text AS "gameId", s.seat, g.version FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.player_id = ${playerId}::uuid AND g.status = 'active' AND s.seat = ANY(g.to_move)`;
  }

  /** The taken seats of a game other than `except` (told that someone joined). */
  async otherSeats(gameId: string, except: Seat): Promise<Seat[]> {
    const rows = await this.db.seat.findMany({
      where: { gameId, tokenHash: { not: null }, seat: { not: except } },
      select: { seat: true },
    });
    return rows.map((r) => r.seat);
  }

  /** The channel of each notification (which queue delivers it). */
  async channelsOf(ids: string[]): Promise<{ id: string; channel: 'email' | 'webhook' }[]> {
    return this.db.$queryRaw<
      { id: string; channel: 'email' | 'webhook' }[]
    >`SELECT id::text, channel FROM outbox WHERE id = ANY(${ids}::uuid[])`;
  }

  async get(id: string): Promise<OutboxRow | null> {
    const r = await this.db.outbox.findUnique({ where: { id } });
    return r ? toOutbox(r) : null;
  }

  async finish(id: string, status: 'delivered' | 'held', message: Json): Promise<void> {
    await this.db.outbox.update({
      where: { id },
      data: {
        status,
        message: message as Prisma.InputJsonValue,
        attempts: { increment: 1 },
        deliveredAt: status === 'delivered' ? new Date() : null,
        lastError: null,
      },
    });
  }

  async fail(id: string, error: string, dead: boolean): Promise<void> {
    await this.db.outbox.update({
      where: { id },
      data: { attempts: { increment: 1 }, lastError: error.slice(0, 500), ...(dead ? { status: 'dead' } : {}) },
    });
  }

  /** Notifications still pending after `olderThanMs`: the ones a killed process never handed to the queue. */
  async pending(olderThanMs: number, limit = 500): Promise<string[]> {
    const rows = await this.db.outbox.findMany({
      where: { status: 'pending', createdAt: { lt: new Date(Date.now() - olderThanMs) } },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
    return rows.map((r) => r.id);
  }

  async list(f: { status?: OutboxStatus; limit: number; before?: { createdAt: Date; id: string } }): Promise<OutboxRow[]> {
    const rows = await this.db.outbox.findMany({
      where: {
        ...(f.status ? { status: f.status } : {}),
        ...(f.before
          ? { OR: [{ createdAt: { lt: f.before.createdAt } }, { createdAt: f.before.createdAt, id: { lt: f.before.id } }] }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: f.limit,
    });
    return rows.map(toOutbox);
  }

  /** Pending notifications that failed at least once (waiting for another try), newest first. */
  async retrying(limit: number): Promise<OutboxRow[]> {
    const rows = await this.db.outbox.findMany({
      where: { status: 'pending', attempts: { gt: 0 } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return rows.map(toOutbox);
  }

  /** Pending and dead notifications counted by status and channel (read through the (status, created_at) index). */
  async counts(): Promise<{ status: string; channel: string; count: number }[]> {
    return this.db.$queryRaw<{ status: string; channel: string; count: number }[]>`
      SELECT status, channel, count(*)::int AS count FROM outbox WHERE status IN ('pending', 'dead') GROUP BY status, channel
        ORDER BY status, channel`;
  }

  /** The last errors of pending and dead notifications, grouped by message and channel, most recent first. */
  async recentErrors(limit: number): Promise<{ error: string; channel: string; count: number; last: Date }[]> {
    return this.db.$queryRaw<{ error: string; channel: string; count: number; last: Date }[]>`
      SELECT last_error AS error, channel, count(*)::int AS count, max(created_at) AS last FROM outbox
      WHERE status IN ('pending', 'dead') AND last_error IS NOT NULL GROUP BY last_error, channel ORDER BY max(created_at) DESC
        LIMIT ${limit}`;
  }

  /** A dead notification becomes pending again (for one more attempt). */
  async revive(id: string): Promise<void> {
    await this.db.outbox.updateMany({ where: { id, status: 'dead' }, data: { status: 'pending' } });
  }

  /** The server's secret that signs the reply addresses of moves by mail (written by the migrations). */
  async mailSecret(): Promise<string> {
    const [row] = await this.db.$queryRaw<{ value: string }[]>`SELECT value FROM server_settings WHERE key = 'mail_secret'`;
    if (!row) throw new Error('the server_settings table has no mail_secret (its migration inserts one)');
    return row.value;
  }
}
