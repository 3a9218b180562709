import { AppError } from '../errors.js';
import { isUuid } from '../ids.js';
import type { GamePort } from '../game-port.js';
import type { Notifier } from './notifier.js';
import type { NotificationStore, OutboxRow } from './store.js';

/** Rows shown in each list of the operator's page. */
const SHOWN = 50;

const shown = (r: OutboxRow) => ({
  id: r.id,
  gameId: r.gameId,
  version: r.version,
  seat: r.seat,
  kind: r.kind,
  channel: r.channel,
  target: r.target,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The operator's view of the outbox (the page at /operator, behind OPERATOR_TOKEN): what waits
 * and what failed, and "retry now". Every list reads the outbox through its (status, created_at)
 * index: only pending and dead notifications, never the delivered history.
 */
export class OutboxAdmin {
  constructor(
    private readonly service: GamePort,
    private readonly store: NotificationStore,
    private readonly notifier: Notifier,
  ) {}

  /** Counts by status and channel, the dead, those waiting for another try, and the recent errors grouped by message. */
  async summary(token: string | undefined) {
    this.service.requireOperator(token);
    const [counts, dead, retrying, errors] = await Promise.all([
      this.store.counts(),
      this.store.list({ status: 'dead', limit: SHOWN }),
      this.store.retrying(SHOWN),
      this.store.recentErrors(20),
    ]);
    return {
      counts,
      dead: dead.map(shown),
      retrying: retrying.map(shown),
      errors: errors.map((e) => ({ error: e.error, channel: e.channel, count: e.count, last: e.last.toISOString() })),
    };
  }

  /**
   * One delivery attempt now, outside the queue: a dead notification becomes pending for it (and
   * dead again if it fails), a pending one is tried before its next scheduled try (which then finds
   * it delivered and does nothing). Answers the notification as it is after the attempt.
   */
  async retryNow(token: string | undefined, id: string) {
    this.service.requireOperator(token);
    if (!isUuid(id)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.notificationId', { given: id.slice(0, 40) });
    const row = await this.store.get(id);
    if (!row) throw AppError.of('NOT_FOUND', 'NOT_FOUND.notification', { id });
    if (row.status !== 'pending' && row.status !== 'dead')
      throw AppError.of('NOT_RETRYABLE', 'NOT_RETRYABLE.status', { id, status: row.status }, { notificationStatus: row.status });
    const wasDead = row.status === 'dead';
    if (wasDead) await this.store.revive(id);
    await this.notifier.attemptNow(id, wasDead);
    return shown((await this.store.get(id))!);
  }
}
