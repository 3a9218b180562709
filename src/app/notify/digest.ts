import type { DigestStore } from '../../store/digest-store.js';
import type { Seat } from '../../engine/index.js';
import { AppError } from '../errors.js';
import { jobUuid } from '../job-queue.js';
import type { PlayerService } from '../players.js';
import { mailPicture } from './mail-picture.js';
import type { Notifier } from './notifier.js';
import type { TurnClock } from './clock.js';
import type { MailLanguage } from './settings.js';
import { DELIVERY_MODES, type DeliveryMode } from '../shapes.js';

/** How a player is told it is their turn: a mail per move, or one digest a day (src/app/shapes.ts). */
export { DELIVERY_MODES, type DeliveryMode };

export interface PlayerSettingsInput {
  mode?: DeliveryMode;
  digestHour?: number;
  timeZone?: string;
  autoVacation?: boolean;
}

/** An IANA time zone name the runtime knows (Europe/Paris, America/New_York, UTC), else a 400 naming the field. */
export function checkTimeZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.timeZoneShape', {}, { field: 'timeZone' });
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.timeZoneUnknown', { zone: zone.slice(0, 64) }, { field: 'timeZone' });
  }
}

export function checkDigestHour(hour: unknown): number {
  if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.digestHour', { given: String(hour).slice(0, 20) }, { field: 'digestHour' });
  return hour;
}

/** The wall-clock time of `t` in `zone`, read as if it were UTC (its offset is that minus t). */
function wall(t: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/**
 * The first instant strictly after `after` at which it is `hour`:00 in `zone`. A day whose hour
 * does not exist (a clock put forward) gets its digest at the instant the formula lands on, an hour
 * later; a repeated hour (a clock put back) its first occurrence.
 */
export function nextDigestAt(hour: number, zone: string, after: Date): Date {
  const local = wall(+after, zone);
  const day = Date.UTC(new Date(local).getUTCFullYear(), new Date(local).getUTCMonth(), new Date(local).getUTCDate());
  for (let d = -1; d <= 2; d++) {
    const target = day + d * 86_400_000 + hour * 3_600_000;
    // The instant whose wall time is `target`: guess with the offset there, then correct once.
    let t = target - (wall(target, zone) - target);
    t = target - (wall(t, zone) - t);
    if (t > +after) return new Date(t);
  }
  /* c8 ignore next */
  throw new Error('no digest time found within two days');
}

const jobId = (playerId: string, at: Date) => jobUuid('digest', playerId, +at);

export const DIGEST_QUEUE = 'digest';

/**
 * Player settings (mode, digest hour and zone, automatic vacation) and the daily digests: a player
 * in digest mode gets no turn mail per move (the append leaves it out, notification_targets.digest)
 * but, at `digestHour` in `timeZone`, one mail listing every game waiting for them (its position,
 * the time left, its link and reply address); nothing when nothing waits. Reminders and the other
 * kinds still come one by one, so a deadline closer than the next digest is still reminded.
 *
 * Each player's next digest time is stored (`next_digest_at`); a pg-boss job per (player, time)
 * fires then (its id derived from both, so several processes queue it once), and a sweep of the
 * worker processes runs any that are due. Sending claims the time first: one conditional update
 * moves `next_digest_at` on, and only the process whose update matched sends, so a player gets one
 * digest per due time however many processes and jobs reach it. `now` is the clock (tests set it).
 */
export class Digests {
  now: () => Date = () => new Date();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: DigestStore,
    private readonly players: PlayerService,
    private readonly notifier: Notifier,
    private readonly clock: TurnClock,
    private readonly opts: { replyTo: (gameId: string, seat: Seat) => Promise<string>; log: { warn(o: object, m: string): void } },
  ) {
    notifier.addQueue<{ playerId: string; at: string }>({ name: DIGEST_QUEUE, retryLimit: 5, retryDelay: 30 }, (j) =>
      this.run(j.playerId, new Date(j.at)),
    );
  }

  start(everyMs: number): void {
    this.sweeper = setInterval(() => void this.due().catch((err) => this.opts.log.warn({ err }, 'digest sweep failed')), everyMs);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  async get(token: string | undefined) {
    const p = await this.players.require(token);
    return this.answer(p.id);
  }

  private async answer(playerId: string) {
    const s = await this.store.settings(playerId);
    return {
      playerId,
      mode: (s?.mode ?? 'immediate') as DeliveryMode,
      digestHour: s?.digestHour ?? null,
      timeZone: s?.timeZone ?? null,
      autoVacation: s?.autoVacation ?? false,
      nextDigestAt: s?.mode === 'digest' ? (s.nextDigestAt?.toISOString() ?? null) : null,
    };
  }

  /** PUT /players/me/settings: fields left out keep their value; digest mode needs an hour and a zone (given now or before). */
  async put(token: string | undefined, input: PlayerSettingsInput) {
    const p = await this.players.require(token);
    const before = await this.store.settings(p.id);
    if (input.mode !== undefined && !DELIVERY_MODES.includes(input.mode))
      throw AppError.of(
        'INVALID_INPUT',
        'INVALID_INPUT.deliveryMode',
        { mode: String(input.mode).slice(0, 20), modes: DELIVERY_MODES.join(', ') },
        { field: 'mode' },
      );
    const mode = input.mode ?? (before?.mode as DeliveryMode | undefined) ?? 'immediate';
    const digestHour = input.digestHour === undefined ? (before?.digestHour ?? null) : checkDigestHour(input.digestHour);
    const timeZone = input.timeZone === undefined ? (before?.timeZone ?? null) : checkTimeZone(input.timeZone);
    if (input.autoVacation !== undefined && typeof input.autoVacation !== 'boolean')
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.autoVacation', {}, { field: 'autoVacation' });
    const autoVacation = input.autoVacation ?? before?.autoVacation ?? false;
    if (mode === 'digest' && digestHour === null)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.digestNeedsHour', {}, { field: 'digestHour' });
    if (mode === 'digest' && timeZone === null)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.digestNeedsZone', {}, { field: 'timeZone' });
    const next = mode === 'digest' ? nextDigestAt(digestHour!, timeZone!, this.now()) : null;
    await this.store.putSettings(p.id, { mode, digestHour, timeZone, autoVacation, nextDigestAt: next });
    if (next) await this.arm(p.id, next);
    return this.answer(p.id);
  }

  private async arm(playerId: string, at: Date): Promise<void> {
    await this.notifier.send(DIGEST_QUEUE, { playerId, at: at.toISOString() }, jobId(playerId, at), at);
  }

  /** Runs every digest due by now (the sweep; a test calls it after setting `now`). */
  async due(): Promise<void> {
    for (const r of await this.store.due(this.now())) await this.run(r.playerId, r.nextDigestAt);
  }

  /**
   * The digest of `playerId` due at `at`: claimed (the player's next time moved on to the day
   * after, from `at` or now, whichever is later) by one process only, then sent. A job that fires
   * before its time by `now` does nothing (the sweep sends it when due); a retried job whose claim
   * is done finds its digest still pending (its send failed) and sends it.
   */
  async run(playerId: string, at: Date): Promise<void> {
    const now = this.now();
    if (+at > +now) return;
    const claimed = await this.store.claim(playerId, at, (s) => nextDigestAt(s.digestHour!, s.timeZone!, new Date(Math.max(+at, +now))));
    if (claimed) await this.arm(playerId, claimed);
    // Whoever moves the digest from pending to sending sends it; a failed send puts it back for the job's retry.
    if (!(await this.store.move(playerId, at, 'pending', 'sending'))) return;
    try {
      const games = await this.send(playerId);
      await this.store.finish(playerId, at, games === 0 ? 'empty' : 'sent', games);
    } catch (err) {
      await this.store.finish(playerId, at, 'pending');
      throw err;
    }
  }

  /** Writes and sends the digest: the number of games it listed (0: nothing waited, no mail). */
  private async send(playerId: string): Promise<number> {
    const games = await this.store.waiting(playerId);
    if (games.length === 0) return 0;
    const player = await this.players.byId(playerId);
    const prefs = await this.store.mailPrefs(playerId);
    const to = prefs?.email ?? player?.email ?? null;
    if (!to) return games.length; // nowhere to send it: counted, not mailed
    const lang: MailLanguage = prefs?.language === 'fr' ? 'fr' : 'en';
    const w = WORDS[lang];
    const attachments: { filename: string; content: Buffer; contentType: string; cid: string; contentDisposition: 'inline' }[] = [];
    const text: string[] = [w.opening(player?.name ?? '', games.length), ''];
    const html: string[] = [
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="font: ` +
        `15px/1.45 'DejaVu Sans', Arial, sans-serif; color: #222; max-width: 760px">`,
      `<p><strong>${esc(w.opening(player?.name ?? '', games.length))}</strong></p>`,
    ];
    let unsubscribe = '';
    for (const [i, g] of games.entries()) {
      const ctx = await this.notifier.context({ gameId: g.gameId, seat: g.seat, version: g.version, kind: 'turn' });
      unsubscribe = ctx.unsubscribeUrl;
      const opponents = ctx.players
        .filter((p) => p.seat !== g.seat)
        .map((p) => p.name || w.seat(p.seat))
        .join(', ');
      const left = await this.timeLeft(g.gameId, g.seat);
      const reply = await this.opts.replyTo(g.gameId, g.seat);
      const picture = await mailPicture(ctx, this.notifier.pictureOf(ctx.gameType)).catch(() => null);
      const cid = `board-${i}@citybuilder`;
      if (picture)
        attachments.push({
          filename: `board-${i + 1}.png`,
          content: picture.png,
          contentType: 'image/png',
          cid,
          contentDisposition: 'inline',
        });
      const facts = [
        `${ctx.gameName} (${g.gameId}), ${w.move} ${g.version}`,
        `${w.against}: ${opponents || '-'}`,
        ...(left ? [`${w.left}: ${left}`] : []),
        ...(reply ? [`${w.reply}: ${reply}`] : []),
        `${w.open}: ${ctx.gameUrl}`,
      ];
      text.push(`${i + 1}. ${facts.join('\n   ')}`, '');
      html.push(
        `<h3>${i + 1}. ${esc(ctx.gameName)} <small>${esc(g.gameId)}</small></h3>`,
        `<p class="digest-game" data-game="${esc(g.gameId)}">${facts
          .slice(1)
          .map((f) => esc(f))
          .join('<br>')}</p>`,
      );
      if (picture)
        html.push(
          `<p><img src="cid:${cid}" alt="${esc(ctx.gameName)}" style="max-width: 360px; height: auto; border: 1px solid #ccc"></p>`,
        );
    }
    text.push(`${w.stop}: ${unsubscribe}`);
    html.push(`<p><small><a href="${esc(unsubscribe)}">${esc(w.stop)}</a></small></p></body></html>`);
    const subject = w.subject(games.length);
    const sent = await this.notifier.mail({
      to,
      subject,
      text: text.join('\n'),
      html: html.join('\n'),
      attachments,
      headers: {
        'X-Citybuilder-Digest': playerId,
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    if (!sent) this.opts.log.warn({ playerId, games: games.length }, 'digest not sent: no SMTP_URL');
    return games.length;
  }

  /** The time left on the seat's running clock, in words (null without a time control). */
  private async timeLeft(gameId: string, seat: Seat): Promise<string | null> {
    const d = (await this.clock.deadlines(gameId)).find((x) => x.seat === seat);
    if (!d) return null;
    const ms = Math.max(0, +new Date(d.at) - +this.now());
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    return `${h} h ${String(m).padStart(2, '0')} min (${d.at}${d.pausedUntil ? `, paused until ${d.pausedUntil}` : ''})`;
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const WORDS = {
  en: {
    subject: (n: number) => `Your turn in ${n} game${n === 1 ? '' : 's'}`,
    opening: (me: string, n: number) => `${me ? `${me}, ` : ''}${n === 1 ? 'one game waits' : `${n} games wait`} for your move.`,
    move: 'move',
    against: 'Against',
    left: 'Time left',
    reply: 'Reply with a move to',
    open: 'Open the game',
    stop: 'Stop these mails',
    seat: (n: number) => `seat ${n + 1}`,
  },
  fr: {
    subject: (n: number) => `À vous de jouer dans ${n} partie${n === 1 ? '' : 's'}`,
    opening: (me: string, n: number) => `${me ? `${me}, ` : ''}${n === 1 ? 'une partie attend' : `${n} parties attendent`} votre coup.`,
    move: 'coup',
    against: 'Contre',
    left: 'Temps restant',
    reply: 'Répondez avec un coup à',
    open: 'Ouvrir la partie',
    stop: 'Ne plus recevoir ces courriels',
    seat: (n: number) => `place ${n + 1}`,
  },
} as const;
