import PgBoss from 'pg-boss';
import nodemailer, { type Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type { Json } from '../../engine/index.js';
import type { GameService } from '../game-service.js';
import { emailMessage, webhookPayload, type NoticeContext } from './messages.js';
import { checkWebhookUrl } from './settings.js';
import type { NotificationStore, OutboxRow } from './store.js';
import type { DeadlineJob } from './clock.js';
import { delivered, failed, inDelivery, jobTrace } from '../../telemetry/delivery.js';
import { traceHeaders } from '../../telemetry/tracing.js';

export interface NotifierOptions {
  databaseUrl: string;
  /** smtp://user:pass@host:port; none: mails are kept in the outbox ("held") and logged. */
  smtpUrl?: string;
  mailFrom: string;
  /** The server's public address, for links in mails. */
  publicUrl: string;
  allowPrivateWebhooks: boolean;
  /** Deliveries are retried this many times with exponential backoff, then marked dead. */
  retryLimit: number;
  retryDelaySeconds: number;
  pollingSeconds: number;
  /** Whether this process delivers (every process writes to the outbox either way). */
  worker: boolean;
  /** The reply address of a seat's mails, when moves by mail are on. */
  replyTo?: (gameId: string, seat: number) => string;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

const QUEUE = 'notification';
const DEADLINES = 'deadline';
/** A notification still pending this long after it was written was never handed to the queue. */
const SWEEP_AFTER_MS = 2_000;
/** Deliveries in flight at once in one process. */
const WORKERS = 4;

/**
 * Delivers the outbox through pg-boss, a job queue in the same Postgres: each outbox row becomes a
 * job whose id is the row's id, so handing it over twice (after commit, and again by the sweeper
 * after a crash) queues it once, and several server processes deliver it once. Failed deliveries
 * are retried with exponential backoff, then the row is marked dead for the operator.
 */
export class Notifier {
  private boss: PgBoss | undefined;
  private mailer: Transporter | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly service: GameService,
    private readonly store: NotificationStore,
    private readonly opts: NotifierOptions,
  ) {}

  async start(): Promise<void> {
    const boss = new PgBoss({ connectionString: this.opts.databaseUrl, schema: 'pgboss', max: WORKERS + 2, application_name: 'citybuilder-notifier' });
    boss.on('error', (err) => this.opts.log.error({ err }, 'notification queue error'));
    await boss.start();
    // Several processes starting at once on a new database race to create the queues: a deadlock
    // or a duplicate there is retried (createQueue does nothing for a queue that exists).
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: this.opts.retryLimit, retryDelay: this.opts.retryDelaySeconds, retryBackoff: true, expireInMinutes: 5 });
        await boss.createQueue(DEADLINES, { name: DEADLINES, retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInMinutes: 5 });
        break;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 8 || (code !== '40P01' && code !== '23505' && code !== '40001')) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
    this.boss = boss;
    if (this.opts.smtpUrl) this.mailer = nodemailer.createTransport(this.opts.smtpUrl);
    if (this.opts.worker) {
      // A few pollers, so that one slow receiver does not hold up every other notification.
      for (let i = 0; i < WORKERS; i++) {
        await boss.work<{ id: string }>(QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds }, async ([job]) => {
          if (job) await inDelivery(job.data, job.retryCount, () => this.deliver(job.data.id, job.retryCount >= job.retryLimit));
        });
      }
      for (let i = 0; i < 2; i++) {
        await boss.work<DeadlineJob>(DEADLINES, { batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds }, async ([job]) => {
          if (job && this.onDeadline) await this.onDeadline(job.data);
        });
      }
      this.sweeper = setInterval(() => void this.sweep(), 2 * SWEEP_AFTER_MS);
      void this.sweep();
    }
  }

  /** What a deadline job does when it fires (the turn clock sets it). */
  onDeadline: ((j: DeadlineJob) => Promise<void>) | undefined;

  /** Queues a deadline job to run at `at`; the same id twice queues it once. */
  async schedule(job: DeadlineJob, id: string, at: Date): Promise<void> {
    await this.boss?.send(DEADLINES, job, { id, startAfter: at });
  }

  /** Hands notifications written to the outbox to the queue (after their move committed). */
  async enqueue(ids: string[]): Promise<void> {
    if (!this.boss || ids.length === 0) return;
    // The job carries the trace of the commit that wrote the notification (src/telemetry/delivery.ts).
    const trace = jobTrace();
    await Promise.all(ids.map((id) => this.boss!.send(QUEUE, { id, ...trace }, { id })));
  }

  /** Re-queues what a killed process wrote but never handed over (the job id makes it idempotent). */
  private async sweep(): Promise<void> {
    try {
      await this.enqueue(await this.store.pending(SWEEP_AFTER_MS));
    } catch (err) {
      this.opts.log.warn({ err }, 'notification sweep failed');
    }
  }

  /** One delivery attempt now, outside the queue (the operator's "retry now"): a failure is recorded, not thrown. */
  async attemptNow(id: string, lastTry: boolean): Promise<void> {
    await this.deliver(id, lastTry).catch(() => {});
  }

  private async deliver(id: string, lastTry: boolean): Promise<void> {
    const row = await this.store.get(id);
    if (!row || row.status !== 'pending') return; // delivered already, or its game was deleted
    try {
      const ctx = await this.context(row);
      if (row.channel === 'webhook') await this.sendWebhook(row, ctx);
      else await this.sendMail(row, ctx);
      delivered(row, row.channel === 'email' && !this.mailer);
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      await this.store.fail(id, message, lastTry);
      failed(row, lastTry);
      this.opts.log.warn({ id, channel: row.channel, target: row.target, lastTry, err: message }, lastTry ? 'notification dead after its last try' : 'notification failed; will retry');
      if (!lastTry) throw err;
    }
  }

  private async context(row: OutboxRow): Promise<NoticeContext> {
    const { game, legalMoves } = await this.service.asSeat(row.gameId, row.seat, row.version);
    const settings = await this.store.targetOf(row.gameId, row.seat);
    const base = this.opts.publicUrl.replace(/\/$/, '');
    return {
      kind: row.kind,
      gameId: row.gameId,
      gameType: game.type,
      gameName: this.service.registry.current(game.type)?.name ?? game.type,
      version: row.version,
      seat: row.seat,
      players: game.players,
      toMove: game.toMove,
      status: game.status,
      view: game.view,
      outcome: game.outcome ?? null,
      legalMoves,
      gameUrl: `${base}/games/${row.gameId}`,
      unsubscribeUrl: `${base}/api/v1/notifications/unsubscribe?token=${settings?.unsubscribeToken ?? ''}`,
    };
  }

  private async sendWebhook(row: OutboxRow, ctx: NoticeContext): Promise<void> {
    const settings = await this.store.targetOf(row.gameId, row.seat);
    if (!settings?.webhookSecret) throw new Error('the seat no longer has a webhook secret');
    const url = await checkWebhookUrl(row.target, this.opts.allowPrivateWebhooks);
    const now = new Date();
    const body = JSON.stringify(webhookPayload(ctx, now));
    const signature = new Webhook(settings.webhookSecret).sign(row.id, now, body);
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
      headers: { 'content-type': 'application/json', 'webhook-id': row.id, 'webhook-timestamp': String(Math.floor(+now / 1000)), 'webhook-signature': signature, ...traceHeaders() },
      body,
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(`the receiver answered ${res.status}`);
    await this.store.finish(row.id, 'delivered', JSON.parse(body) as Json);
  }

  private async sendMail(row: OutboxRow, ctx: NoticeContext): Promise<void> {
    const m = emailMessage(ctx);
    const replyTo = this.opts.replyTo?.(row.gameId, row.seat);
    // The mail's traceparent is kept with it, so that a reply's move can link back to it.
    const trace = traceHeaders();
    const message = { from: this.opts.mailFrom, to: row.target, ...(replyTo ? { replyTo } : {}), subject: m.subject, text: m.text, html: m.html, headers: { ...m.headers, 'X-Citybuilder-Notification': row.id, ...trace } };
    if (!this.mailer) {
      // No SMTP server configured (the embedded default): keep the mail for the operator to see.
      await this.store.finish(row.id, 'held', { to: row.target, subject: m.subject, text: m.text });
      this.opts.log.info({ id: row.id, to: row.target, subject: m.subject }, 'mail held in the outbox (no SMTP_URL)');
      return;
    }
    await this.mailer.sendMail({ ...message, messageId: `<${row.id}@citybuilder>` });
    await this.store.finish(row.id, 'delivered', { to: row.target, subject: m.subject, text: m.text, ...trace });
  }

  /** Sends a mail at once (the answer to a move by mail); without SMTP_URL it is only logged. */
  async sendNow(to: string, subject: string, text: string, replyTo: string): Promise<void> {
    if (!this.mailer) {
      this.opts.log.info({ to, subject }, 'mail not sent (no SMTP_URL)');
      return;
    }
    await this.mailer.sendMail({ from: this.opts.mailFrom, to, replyTo, subject, text, headers: traceHeaders() });
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
    this.mailer?.close();
  }
}
