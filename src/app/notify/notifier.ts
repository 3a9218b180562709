import type { GamePicture } from '../../board/index.js';
import type PgBoss from 'pg-boss';
import { startJobQueue, type QueueSpec } from '../job-queue.js';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import type { Json } from '../../engine/index.js';
import type { GamePort } from '../game-port.js';
import { BOARD_CID, emailMessage, webhookPayload, type NoticeContext } from './messages.js';
import { mailPicture, moveWords } from './mail-picture.js';
import type { GameLinks } from '../game-link.js';
import { postWebhook, resolveWebhook } from './webhook-target.js';
import { isMailAnswer, type NotificationStore, type OutboxRow } from './store.js';
import type { DeadlineJob } from './clock.js';
import { delivered, failed, inDelivery, jobTrace } from '../../telemetry/delivery.js';
import { traceHeaders } from '../../telemetry/tracing.js';
import { QueueWake } from './wake.js';

/** `work`, or a failure once `ms` have passed (the work itself is left to its own timeouts). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, fail) => (timer = setTimeout(() => fail(new Error(`the delivery took longer than ${ms / 1000} s`)), ms)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface NotifierOptions {
  databaseUrl: string;
  /** smtp://user:pass@host:port; none: mails are kept in the outbox ("held") and logged. */
  smtpUrl?: string;
  mailFrom: string;
  /** The server's public address, for links in mails. */
  publicUrl: string;
  /** Signs the game links of mails (read-only seat views that expire). */
  links: GameLinks;
  allowPrivateWebhooks: boolean;
  /** Deliveries are retried this many times with exponential backoff, then marked dead. */
  retryLimit: number;
  retryDelaySeconds: number;
  pollingSeconds: number;
  /** Whether this process delivers (every process writes to the outbox either way). */
  worker: boolean;
  /** The reply address of a seat's mails, when moves by mail are on. */
  replyTo?: (gameId: string, seat: number) => Promise<string>;
  /** Addresses (a mail's recipient, a webhook's URL) go only to `debug` lines, which production logs leave out. */
  log: {
    debug?(o: object, m: string): void;
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

/** The queue of each channel: a slow webhook receiver never holds a mail, nor a slow mail server a webhook. */
const QUEUES = { email: 'notification', webhook: 'notification-webhook' } as const;
const DEADLINES = 'deadline';
/** A notification still pending this long after it was written was never handed to the queue. */
const SWEEP_AFTER_MS = 2_000;
/** Deliveries in flight at once in one process, per channel. */
const LOOPS = { email: 4, webhook: 8 } as const;
/** The longest one delivery may take before it counts as failed (and is retried): no loop is ever held longer. */
const DELIVERY_LIMIT_MS = 30_000;

/**
 * Delivers the outbox through pg-boss, a job queue in the same Postgres: each outbox row becomes a
 * job whose id is the row's id, so handing it over twice (after commit, and again by the sweeper
 * after a crash) queues it once, and several server processes deliver it once. Failed deliveries
 * are retried with exponential backoff, then the row is marked dead for the operator.
 *
 * A queued job is picked up at once: queueing rings every process's delivery loops (wake.ts,
 * LISTEN/NOTIFY), and a loop that delivered something looks for the next job at once instead of
 * waiting for its next poll. Mails and webhooks have queues and loops of their own, and every
 * delivery has a time limit (connection, greeting and socket timeouts, and DELIVERY_LIMIT_MS over
 * all), so a receiver that hangs costs one loop that long, never the whole queue.
 */
export class Notifier {
  private boss: PgBoss | undefined;
  private mailer: Transporter | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly wake: QueueWake;
  /** This process's delivery loops (pg-boss worker ids), woken when something is queued. */
  private readonly loops: string[] = [];
  /** Other queues served by this pg-boss (the digests), added before start. */
  private readonly extra: { spec: QueueSpec; work(data: unknown): Promise<void> }[] = [];

  constructor(
    private readonly service: GamePort,
    private readonly store: NotificationStore,
    private readonly opts: NotifierOptions,
  ) {
    this.wake = new QueueWake(opts.databaseUrl, opts.log);
  }

  async start(): Promise<void> {
    const boss = await startJobQueue({
      databaseUrl: this.opts.databaseUrl,
      max: 8,
      name: 'citybuilder-notifier',
      queues: [
        ...Object.values(QUEUES).map((name) => ({ name, retryLimit: this.opts.retryLimit, retryDelay: this.opts.retryDelaySeconds })),
        { name: DEADLINES, retryLimit: 5, retryDelay: 5 },
        ...this.extra.map((x) => x.spec),
      ],
      onError: (err) => this.opts.log.error({ err }, 'notification queue error'),
    });
    this.boss = boss;
    if (this.opts.smtpUrl)
      this.mailer = nodemailer.createTransport({
        url: this.opts.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    await this.wake.start(this.opts.worker ? () => this.wakeLoops() : undefined);
    if (this.opts.worker) {
      for (const channel of ['email', 'webhook'] as const) {
        for (let i = 0; i < LOOPS[channel]; i++) {
          let self = '';
          self = await boss.work<{ id: string }>(
            QUEUES[channel],
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds },
            async ([job]) => {
              if (!job) return;
              try {
                await inDelivery(job.data, job.retryCount, () => this.deliver(job.data.id, job.retryCount >= job.retryLimit));
              } finally {
                boss.notifyWorker(self); // there may be more: look again now, not at the next poll
              }
            },
          );
          this.loops.push(self);
        }
      }
      for (let i = 0; i < 2; i++) {
        // A batch per poll: a burst of moves leaves many jobs whose deadline has moved on (each a
        // no-op, one read), which one job per poll would work through only slowly. A failed job
        // fails the batch, retried as a whole: every job checks its deadline again, so the done ones
        // do nothing the second time.
        await boss.work<DeadlineJob>(DEADLINES, { batchSize: 16, pollingIntervalSeconds: this.opts.pollingSeconds }, async (jobs) => {
          let failed: unknown = null;
          for (const job of jobs) {
            try {
              if (this.onDeadline) await this.onDeadline(job.data);
            } catch (err) {
              failed ??= err;
            }
          }
          if (failed) throw failed;
        });
      }
      for (const x of this.extra) {
        await boss.work<unknown>(x.spec.name, { batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds }, async ([job]) => {
          if (job) await x.work(job.data);
        });
      }
      this.sweeper = setInterval(() => void this.sweep(), 2 * SWEEP_AFTER_MS);
      void this.sweep();
    }
  }

  private wakeLoops(): void {
    for (const id of this.loops) this.boss?.notifyWorker(id);
  }

  /** What a deadline job does when it fires (the turn clock sets it). */
  onDeadline: ((j: DeadlineJob) => Promise<void>) | undefined;

  /** Another queue this pg-boss serves (its jobs run in worker processes): added before start. */
  addQueue<T>(spec: QueueSpec, work: (data: T) => Promise<void>): void {
    this.extra.push({ spec, work: work as (data: unknown) => Promise<void> });
  }

  /** Jobs of a queue not yet done: waiting, to be retried, or running (in every process). */
  async queueSize(queue: string): Promise<number> {
    return this.boss ? await this.boss.getQueueSize(queue, { before: 'completed' }) : 0;
  }

  /** Queues a job of an added queue to run at `at`; the same id twice queues it once. */
  async send(queue: string, data: object, id: string, at: Date): Promise<void> {
    await this.boss?.send(queue, data, { id, startAfter: at });
  }

  /** Sends a mail outside the outbox (a digest); false when no SMTP server is set (nothing sent). */
  async mail(message: SendMailOptions): Promise<boolean> {
    if (!this.mailer) return false;
    await this.mailer.sendMail({
      from: this.opts.mailFrom,
      ...message,
      headers: { ...(message.headers as Record<string, string> | undefined), ...traceHeaders() },
    });
    return true;
  }

  /** Queues a deadline job to run at `at`; the same id twice queues it once. */
  async schedule(job: DeadlineJob, id: string, at: Date): Promise<void> {
    await this.boss?.send(DEADLINES, job, { id, startAfter: at });
  }

  /** Hands notifications written to the outbox to their channel's queue (after their move committed), and wakes the loops. */
  async enqueue(ids: string[]): Promise<void> {
    if (!this.boss || ids.length === 0) return;
    const channels = await this.store.channelsOf(ids);
    // The job carries the trace of the commit that wrote the notification (src/telemetry/delivery.ts).
    const trace = jobTrace();
    await Promise.all(channels.map((r) => this.boss!.send(QUEUES[r.channel], { id: r.id, ...trace }, { id: r.id })));
    this.wakeLoops();
    this.wake.ring();
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
      await within(
        DELIVERY_LIMIT_MS,
        (async () => {
          if (isMailAnswer(row.kind)) await this.sendAnswer(row);
          else {
            const ctx = await this.context(row);
            if (row.channel === 'webhook') await this.sendWebhook(row, ctx);
            else await this.sendMail(row, ctx);
          }
        })(),
      );
      delivered(row, row.channel === 'email' && !this.mailer);
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      await this.store.fail(id, message, lastTry);
      failed(row, lastTry);
      this.opts.log.warn(
        { id, channel: row.channel, lastTry, err: message },
        lastTry ? 'notification dead after its last try' : 'notification failed; will retry',
      );
      this.opts.log.debug?.({ id, target: row.target }, "the failed notification's address");
      if (!lastTry) throw err;
    }
  }

  /** What a notice says about its game, as its seat sees it at its version (a digest builds one per game). */
  async context(row: Pick<OutboxRow, 'gameId' | 'seat' | 'version' | 'kind'> & { about?: number }): Promise<NoticeContext> {
    const { game, legalMoves, moves, tokenHash } = await this.service.asSeat(row.gameId, row.seat, row.version);
    const settings = await this.store.targetOf(row.gameId, row.seat);
    const base = this.opts.publicUrl.replace(/\/$/, '');
    // The link opens the game as the seat, read-only, until it expires; never the seat token itself.
    const link = this.opts.links.sign(row.gameId, row.seat, tokenHash);
    return {
      kind: row.kind as NoticeContext['kind'], // mail answers never get here (sendAnswer)
      gameId: row.gameId,
      gameType: game.type,
      gameName: this.service.registry.current(game.type)?.name ?? game.type,
      version: row.version,
      seat: row.seat,
      players: game.players,
      toMove: game.toMove,
      status: game.status,
      view: game.view ?? null, // a seat's view: always there
      outcome: game.outcome ?? null,
      legalMoves,
      moves,
      lang: settings?.language ?? 'en',
      gameUrl: `${base}/games/${row.gameId}#link=${link.token}`,
      linkExpiresAt: link.expiresAt,
      unsubscribeUrl: `${base}/api/v1/notifications/unsubscribe?token=${settings?.unsubscribeToken ?? ''}`,
      ...(row.about !== undefined && row.about >= 0 ? { about: row.about } : {}),
    };
  }

  private async sendWebhook(row: OutboxRow, ctx: NoticeContext): Promise<void> {
    const settings = await this.store.targetOf(row.gameId, row.seat);
    if (!settings?.webhookSecret) throw new Error('the seat no longer has a webhook secret');
    // Resolved and checked once; the request connects to that address (webhook-target.ts).
    const target = await resolveWebhook(row.target, this.opts.allowPrivateWebhooks);
    const now = new Date();
    const body = JSON.stringify(webhookPayload(ctx, now));
    const signature = new Webhook(settings.webhookSecret).sign(row.id, now, body);
    const status = await postWebhook(
      target,
      {
        'content-type': 'application/json',
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(+now / 1000)),
        'webhook-signature': signature,
        ...traceHeaders(),
      },
      body,
      10_000,
    );
    if (status < 200 || status >= 300) throw new Error(`the receiver answered ${status}`);
    await this.store.finish(row.id, 'delivered', JSON.parse(body) as Json);
  }

  /** The board picture of a game type (its plug-in's), for the mails' pictures. */
  pictureOf(gameType: string): GamePicture | undefined {
    return this.service.registry.plugin(gameType)?.picture;
  }

  private async sendMail(row: OutboxRow, ctx: NoticeContext): Promise<void> {
    const replyTo = await this.opts.replyTo?.(row.gameId, row.seat);
    // The picture is rendered here, in the delivery job (a move never waits for it), and only for
    // a mail that is sent (a held one keeps its text).
    const drawer = this.pictureOf(ctx.gameType);
    const picture = this.mailer ? await mailPicture(ctx, drawer) : null;
    const labels = picture?.labels ?? moveWords(ctx, drawer);
    const m = emailMessage(ctx, { picture: picture !== null, canReply: !!replyTo, ...(labels ? { labels } : {}) });
    const attachments = picture
      ? [{ filename: 'board.png', content: picture.png, contentType: 'image/png', cid: BOARD_CID, contentDisposition: 'inline' as const }]
      : [];
    // The mail's traceparent is kept with it, so that a reply's move can link back to it.
    const trace = traceHeaders();
    const message = {
      from: this.opts.mailFrom,
      to: row.target,
      ...(replyTo ? { replyTo } : {}),
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments,
      headers: { ...m.headers, 'X-Citybuilder-Notification': row.id, ...trace },
    };
    if (!this.mailer) {
      // No SMTP server configured (the embedded default): keep the mail for the operator to see.
      await this.store.finish(row.id, 'held', { to: row.target, subject: m.subject, text: m.text });
      this.opts.log.info({ id: row.id, subject: m.subject }, 'mail held in the outbox (no SMTP_URL)');
      this.opts.log.debug?.({ id: row.id, to: row.target }, "the held mail's address");
      return;
    }
    await this.mailer.sendMail({ ...message, messageId: `<${row.id}@citybuilder>` });
    await this.store.finish(row.id, 'delivered', { to: row.target, subject: m.subject, text: m.text, ...trace });
  }

  /** The answer to a move by mail: its text was written with it; the reply address is the seat's current one. */
  private async sendAnswer(row: OutboxRow): Promise<void> {
    const m = row.message as { subject: string; text: string };
    if (!this.mailer) {
      await this.store.finish(row.id, 'held', { to: row.target, subject: m.subject, text: m.text });
      this.opts.log.info({ id: row.id, subject: m.subject }, 'mail held in the outbox (no SMTP_URL)');
      this.opts.log.debug?.({ id: row.id, to: row.target }, "the held mail's address");
      return;
    }
    const replyTo = await this.opts.replyTo?.(row.gameId, row.seat);
    await this.mailer.sendMail({
      from: this.opts.mailFrom,
      to: row.target,
      ...(replyTo ? { replyTo } : {}),
      subject: m.subject,
      text: m.text,
      messageId: `<${row.id}@citybuilder>`,
      headers: { 'X-Citybuilder-Notification': row.id, ...traceHeaders() },
    });
    await this.store.finish(row.id, 'delivered', { to: row.target, subject: m.subject, text: m.text });
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.wake.stop();
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
    this.mailer?.close();
  }
}
