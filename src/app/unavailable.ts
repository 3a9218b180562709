import type { Params } from '../engine/index.js';
import { AppError } from './errors.js';

/** Seconds a client is told to wait (Retry-After) when the database is down, slow or overloaded. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Prisma's codes for a database that cannot be reached or did not answer in time: P1001 can't
 * reach, P1002 timed out, P1008 operation timed out, P1017 connection closed, P2024 no pool
 * connection in time, P2028 transaction API error (e.g. "Unable to start a transaction in the
 * given time"), P2037 too many connections.
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2037']);

/**
 * Postgres SQLSTATEs that say "not now" rather than "wrong request": 08xxx connection exceptions,
 * 53xxx insufficient resources (too many connections, out of memory or disk), 57014
 * query_canceled (statement_timeout), 57P01-57P05 shutdown, crash and idle-session terminations.
 */
const SQLSTATE = /^(08\d{3}|53\d{3}|57014|57P0[1-5])$/;

/** What the pg driver, its pool and the Prisma adapter say when the server is gone or too slow. */
const MESSAGES = [
  /Query read timeout/i,
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Connection ended unexpectedly/i,
  /connection (is )?closed/i,
  /Client has encountered a connection error/i,
  /Can't reach database server/i,
  /\bECONNREFUSED\b|\bECONNRESET\b|\bETIMEDOUT\b|\bEPIPE\b|\bEHOSTUNREACH\b/,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /canceling statement due to statement timeout/i,
  /Unable to start a transaction in the given time/i,
  /\b(DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections)\b/,
];

/** The error and its causes, each once (Prisma and the adapter wrap the driver's error). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e !== null && typeof e === 'object' && !seen.has(e) && seen.size < 8) {
    seen.add(e);
    yield e as Record<string, unknown>;
    const o = e as { cause?: unknown; meta?: { driverAdapterError?: unknown } };
    e = o.cause ?? o.meta?.driverAdapterError;
  }
}

/** True when an error means the database is down, unreachable, overloaded or too slow right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof AppError) return false;
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && PRISMA_CODES.has(code)) return true;
    if (code && SQLSTATE.test(code)) return true;
    const kind = typeof e.kind === 'string' ? e.kind : undefined;
    if (kind && /^(DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections)$/.test(kind)) return true;
    if (kind === 'postgres' && typeof e.code === 'string' && SQLSTATE.test(e.code)) return true;
    const original = typeof e.originalCode === 'string' ? e.originalCode : undefined;
    if (original && SQLSTATE.test(original)) return true;
    const text = `${typeof e.message === 'string' ? e.message : ''} ${typeof e.originalMessage === 'string' ? e.originalMessage : ''}`;
    if (MESSAGES.some((re) => re.test(text))) return true;
  }
  return false;
}

/** The 503 a client gets instead of a 500 (or a hang) while the database is unavailable: its sentence by id (src/app/i18n). */
export function unavailable(key = 'UNAVAILABLE', params: Params = {}): AppError {
  return AppError.of('UNAVAILABLE', key, params, { retryAfter: RETRY_AFTER_SECONDS });
}

/** Rejects with UNAVAILABLE if `p` does not settle within `ms` (the wait is abandoned, not the work). */
export function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable('UNAVAILABLE.noAnswerWithin', { ms })), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
