import { ROOT_CONTEXT, type Link } from '@opentelemetry/api';
import * as m from './metrics.js';
import { contextOf, inSpan, linkTo, SpanKind, traceHeaders, tracingOn } from './tracing.js';

/**
 * Notifications measured and traced (src/app/notify): the queue's job carries the trace of the
 * commit that wrote the notification, its delivery continues that trace in a `notify` span, whose
 * `traceparent` goes out with the webhook request and the mail; each outcome is counted by channel,
 * and a delivery's delay is measured from the commit (the outbox row's creation, in the same
 * transaction). A move by mail reply is traced in a span linked to the mail it answers.
 */

/** What a job handed to the queue adds to its data: the active trace (empty without tracing). */
export const jobTrace = (): Record<string, string> => traceHeaders();

/** Runs one delivery in a `notify` span continuing the trace its job carries. */
export function inDelivery<T>(
  job: { id: string; traceparent?: string; tracestate?: string },
  retry: number,
  fn: () => Promise<T>,
): Promise<T> {
  return inSpan('notify', { 'citybuilder.notification.id': job.id, 'citybuilder.notification.retry': retry }, fn, {
    parent: contextOf(job),
    kind: SpanKind.CONSUMER,
  });
}

const channelOf = (c: string) => m.within(c, m.CHANNELS);

/** A notification delivered (or held: a mail kept for the operator when there is no SMTP server). */
export function delivered(row: { channel: string; createdAt: Date }, held = false): void {
  if (!m.metricsOn()) return;
  if (held) return m.notificationsHeld.inc();
  const channel = channelOf(row.channel);
  m.notificationsDelivered.inc({ channel });
  m.deliveryDelay.observe({ channel }, Math.max(0, Date.now() - row.createdAt.getTime()) / 1000);
}

/** A delivery attempt that failed: to be retried, or given up on after its last try. */
export function failed(row: { channel: string }, lastTry: boolean): void {
  if (!m.metricsOn()) return;
  (lastTry ? m.notificationsDead : m.notificationsRetried).inc({ channel: channelOf(row.channel) });
}

/** A move by mail, played or refused. */
export function mailMove(result: 'accepted' | 'refused'): void {
  if (m.metricsOn()) m.mailMoves.inc({ result });
}

/** The notification ids a reply names: its In-Reply-To and References (`<id@citybuilder>`, as sendMail sets). */
export function answeredIds(mail: { inReplyTo?: string; references?: string | string[] }): string[] {
  const refs = [mail.inReplyTo ?? '', ...(Array.isArray(mail.references) ? mail.references : [mail.references ?? ''])];
  const ids = refs.flatMap((r) => [...r.matchAll(/<([0-9a-f-]{36})@citybuilder>/gi)].map((x) => x[1]!.toLowerCase()));
  return [...new Set(ids)].slice(0, 5);
}

/**
 * Runs the handling of one move by mail in a `mail move` span of its own, linked to the mail it
 * answers (its `traceparent`, found by `sentTrace` from the reply's In-Reply-To or References) and
 * to a `traceparent` the reply itself carries, if any.
 */
export async function inMailMove<T>(
  mail: { inReplyTo?: string; references?: string | string[]; headers?: Map<string, unknown> },
  sentTrace: ((notificationId: string) => Promise<string | undefined>) | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn();
  const links: Link[] = [];
  for (const id of answeredIds(mail)) {
    const link = linkTo(await sentTrace?.(id).catch(() => undefined));
    if (link) links.push(link);
  }
  const own = linkTo(typeof mail.headers?.get('traceparent') === 'string' ? (mail.headers.get('traceparent') as string) : undefined);
  if (own) links.push(own);
  // A trace of its own: the reply comes from a person, days later, not from the mail's delivery.
  return inSpan('mail move', { 'citybuilder.mail.answers': answeredIds(mail).join(',') }, fn, {
    parent: ROOT_CONTEXT,
    links,
    kind: SpanKind.CONSUMER,
  });
}
