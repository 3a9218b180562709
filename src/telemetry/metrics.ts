import client from 'prom-client';
import { MOVE_ORIGINS } from '../store/types.js';

/**
 * Every metric family the server exports, defined once, on prom-client's global registry (the one
 * its cluster aggregation reads in each worker). Names follow Prometheus's conventions (a unit
 * suffix, `_total` on counters) under the `citybuilder_` prefix; the process's own figures
 * (event-loop lag, CPU, memory, GC, handles) are prom-client's default metrics.
 *
 * The contract of every label: its value comes from a closed list the server owns (a game type of
 * the registry, a log entry's origin, an error code, a route template, an HTTP method and status, a
 * channel), never from what a client sent: no game id, token, name, address or raw URL. A value
 * outside its list is counted as `other`.
 *
 * Metrics are on unless METRICS_PORT=0 (`setMetricsOn(false)`): the instrumented paths then skip
 * their timers, so that the service runs as if they were not there.
 */

export const register = client.register;

let on = true;
export const metricsOn = () => on;
export function setMetricsOn(value: boolean): void {
  on = value;
}

/** The origins of a log entry (docs/shapes.md): the store's list, and those other features add (mail, takeback); moves are
 * labelled by it. */
export const ORIGINS = MOVE_ORIGINS;
export const CHANNELS = ['email', 'webhook'] as const;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** A label value from a closed list, or `other`. */
export const within = (value: string | undefined, list: readonly string[] | Set<string>): string =>
  value !== undefined && (Array.isArray(list) ? list.includes(value) : (list as Set<string>).has(value)) ? value : 'other';
export const methodLabel = (m: string) => within(m, METHODS);
/** An error or rule-violation code: the constants of src/app/errors.ts and of the engines. */
export const codeLabel = (c: string | undefined) => (c !== undefined && CODE.test(c) ? c : 'other');

const known = new Set<string>();
/** The game types the registry hosts: the only values of the `type` label (others: `other`). */
export function knowGameTypes(types: readonly string[]): void {
  for (const t of types) {
    if (known.has(t)) continue;
    known.add(t);
    for (const o of ORIGINS) moves.inc({ type: t, origin: o }, 0);
    gamesCreated.inc({ type: t }, 0);
    gamesFinished.inc({ type: t }, 0);
  }
}
export const typeLabel = (t: string) => (known.has(t) ? t : 'other');
export const gameTypes = (): string[] => [...known];

// Seconds: from 50 µs (a cached read, a decide) to 10 s (a request at its time limit).
const FAST = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const REQUEST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SLOW = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
// A notification's delay from its commit: from a second to a day of retries.
const DELAY = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];

/** The metric families, defined by name, help, (buckets) and labels: one line each below. */
const counter = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new client.Counter<L>({ name, help, labelNames });
const histogram = <L extends string = string>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
  new client.Histogram<L>({ name, help, buckets, labelNames });
const gauge = <L extends string = string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  extra: Pick<client.GaugeConfiguration<L>, 'aggregator' | 'collect'> = {},
) => new client.Gauge<L>({ name, help, labelNames, ...extra });

// ---- HTTP ----------------------------------------------------------------------------------------

export const httpDuration = histogram(
  'citybuilder_http_request_duration_seconds',
  'HTTP requests by method, route template and status: time from the request to the last byte of the answer.',
  REQUEST,
  ['method', 'route', 'status'],
);
export const httpErrors = counter(
  'citybuilder_http_request_errors_total',
  "HTTP requests answered with a 4xx or 5xx, by method, route template, status and the problem's stable code.",
  ['method', 'route', 'status', 'code'],
);

// ---- games ---------------------------------------------------------------------------------------

export const moves = counter(
  'citybuilder_moves_total',
  'Log entries committed, by game type and origin (seat, mail, resign, resigned, timeout, bot, takeback).',
  ['type', 'origin'],
);
export const illegalMoves = counter(
  'citybuilder_illegal_moves_total',
  "Moves the rules refused (the engine's decide), by game type and the engine's violation code.",
  ['type', 'code'],
);
export const decideSeconds = histogram(
  'citybuilder_move_decide_seconds',
  'Time an engine took to judge a move (decide), by game type.',
  FAST,
  ['type'],
);
export const appendSeconds = histogram(
  'citybuilder_store_append_seconds',
  'Time of the append (one statement: the move, its events, the header, the outbox), by ' +
    'result: appended, conflict (lost the version race), duplicate (an idempotent retry), ' +
    'error.',
  FAST,
  ['result'],
);
export const gamesCreated = counter('citybuilder_games_created_total', 'Games created (imports included), by game type.', ['type']);
export const gamesFinished = counter(
  'citybuilder_games_finished_total',
  'Games that reached their end (a log entry that finished them), by game type.',
  ['type'],
);
/**
 * The figures read from the database at each scrape (active games, the outbox, whether it answers,
 * the pool): one probe refreshes them all. The registry collects every metric at once; each of
 * these waits for the same run of the probe.
 */
let probe: (() => Promise<void>) | null = null;
let running: Promise<void> | null = null;
export function setDatabaseProbe(p: (() => Promise<void>) | null): void {
  probe = p;
}
const fromDatabase = () => (running ??= Promise.resolve(probe?.()).finally(() => (running = null)));

export const gamesActive = gauge(
  'citybuilder_games_active',
  'Games being played now (status active in the database), by game type.',
  ['type'],
  { aggregator: 'max', collect: fromDatabase },
);
export const replaySeconds = histogram(
  'citybuilder_replay_seconds',
  'Time to rebuild a game at a past version (replay): the nearest snapshot and the moves after it.',
  SLOW,
);
export const importSeconds = histogram(
  'citybuilder_import_seconds',
  'Time to import a game record (validated move by move, then stored), by result: imported or refused.',
  SLOW,
  ['result'],
);

// ---- live updates --------------------------------------------------------------------------------

export const liveOpen = gauge(
  'citybuilder_live_open',
  'Live update channels open now, by transport: sse (GET /games/{id}/stream) or graphql (subscriptions).',
  ['transport'],
  { aggregator: 'sum' },
);
export const liveMessages = counter(
  'citybuilder_live_messages_sent_total',
  'Live update messages sent to watchers, by transport: sse or graphql.',
  ['transport'],
);
liveOpen.set({ transport: 'sse' }, 0);
liveOpen.set({ transport: 'graphql' }, 0);
liveMessages.inc({ transport: 'sse' }, 0);
liveMessages.inc({ transport: 'graphql' }, 0);

// ---- notifications -------------------------------------------------------------------------------

export const notificationsQueued = gauge(
  'citybuilder_notifications_queued',
  'Notifications waiting in the outbox now (pending: not yet sent, or waiting for their next try), by channel.',
  ['channel'],
  { aggregator: 'max', collect: fromDatabase },
);
export const notificationsDeadNow = gauge(
  'citybuilder_notifications_dead',
  "Notifications in the outbox that exhausted their retries (dead), by channel: the operator's to retry.",
  ['channel'],
  { aggregator: 'max', collect: fromDatabase },
);
export const notificationsDelivered = counter(
  'citybuilder_notifications_delivered_total',
  'Notifications delivered (a webhook answered 2xx, a mail was accepted by the SMTP server), by channel.',
  ['channel'],
);
export const notificationsHeld = counter(
  'citybuilder_notifications_held_total',
  'Mails kept in the outbox for the operator because no SMTP_URL is set.',
);
export const notificationsRetried = counter(
  'citybuilder_notifications_retried_total',
  'Delivery attempts that failed and will be tried again, by channel.',
  ['channel'],
);
export const notificationsDead = counter(
  'citybuilder_notifications_dead_total',
  'Notifications given up on after their last try, by channel.',
  ['channel'],
);
export const deliveryDelay = histogram(
  'citybuilder_notification_delivery_delay_seconds',
  'Time from the commit that wrote a notification to its delivery, by channel.',
  DELAY,
  ['channel'],
);
export const mailMoves = counter(
  'citybuilder_mail_moves_total',
  'Moves received by mail reply, by result: accepted (played) or refused (the sender was told why).',
  ['result'],
);
for (const c of CHANNELS) {
  notificationsDelivered.inc({ channel: c }, 0);
  notificationsRetried.inc({ channel: c }, 0);
  notificationsDead.inc({ channel: c }, 0);
}
mailMoves.inc({ result: 'accepted' }, 0);
mailMoves.inc({ result: 'refused' }, 0);

// ---- bots ----------------------------------------------------------------------------------------

/** The bot pool's lanes (src/app/bots/lanes.ts): play (bot seats, stand-ins) and analysis, each with its own threads. */
export const botLaneQueued = gauge(
  'citybuilder_bot_lane_queued',
  'Bot tasks waiting for a thread of their lane now, by lane: play (bot seats and stand-ins) or analysis.',
  ['lane'],
  { aggregator: 'sum' },
);
export const botLaneRunning = gauge(
  'citybuilder_bot_lane_running',
  'Bot tasks on a thread of their lane now, by lane: play or analysis.',
  ['lane'],
  { aggregator: 'sum' },
);
export const botLaneWait = histogram(
  'citybuilder_bot_lane_wait_seconds',
  'Time a bot task waited for a thread of its lane, by lane: play or analysis.',
  SLOW,
  ['lane'],
);
for (const lane of ['play', 'analysis']) botLaneWait.zero({ lane });

// ---- database ------------------------------------------------------------------------------------

export const dbPoolInUse = gauge(
  'citybuilder_db_pool_in_use',
  "Connections of the store's pool running a statement now (all processes).",
  [],
  { aggregator: 'sum', collect: fromDatabase },
);
export const dbPoolWaiting = gauge(
  'citybuilder_db_pool_waiting',
  "Requests waiting for a free connection of the store's pool (all processes).",
  [],
  { aggregator: 'sum', collect: fromDatabase },
);
export const dbPoolMax = gauge('citybuilder_db_pool_max', "The size of the store's pool (DB_POOL_SIZE, all processes).", [], {
  aggregator: 'sum',
  collect: fromDatabase,
});
export const dbUp = gauge(
  'citybuilder_db_up',
  "1 when the database answered this scrape's queries, 0 when it did not (the lowest of all processes).",
  [],
  { aggregator: 'min', collect: fromDatabase },
);

let defaults = false;
/** The process's own metrics (event-loop lag, CPU, memory, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters (promtool's lint refuses them); their by-type twins
  // (nodejs_active_handles, ...) remain, and sum to them.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    client.register.removeSingleMetric(name);
}
