import { AppError } from './errors.js';

/** The largest value of a Postgres `integer` column (versions, sequence numbers). */
export const INT4_MAX = 2_147_483_647;

/**
 * The bounds of every integer a client sends, in one place. REST uses these fragments in its
 * request schemas (and so in the OpenAPI document); the service checks them again with `checkInt`,
 * so GraphQL and every other entry point refuse the same numbers with the same message.
 */
export const INT_BOUNDS = {
  /** A game version: `after`, `at`, `expectedVersion`, a record's `version`. Fits the column. */
  version: { type: 'integer', minimum: 0, maximum: INT4_MAX },
  /** Page size of the event log. */
  eventsLimit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
  /** Page size of the operator's list of games. */
  listLimit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  /** A seat number (a game has at most 64 seats). */
  seat: { type: 'integer', minimum: 0, maximum: 63 },
  /** Search iterations of one analysis (GET /games/{id}/analysis). */
  analysisIterations: { type: 'integer', minimum: 1, maximum: 20_000, default: 1_000 },
  /** Width in pixels of a replay GIF (GET /games/{id}/replay.gif). */
  gifSize: { type: 'integer', minimum: 120, maximum: 1200, default: 600 },
  /** Milliseconds a replay GIF shows each position. */
  gifDelay: { type: 'integer', minimum: 100, maximum: 10_000, default: 1000 },
  /** An engine version. */
  engineVersion: { type: 'integer', minimum: 1, maximum: INT4_MAX },
} as const;

export type IntBound = keyof typeof INT_BOUNDS;

/** `value` if it is an integer within the bounds of `kind`; otherwise a 400 INVALID_INPUT naming `name` and the bounds. */
export function checkInt(kind: IntBound, name: string, value: unknown): number {
  const b = INT_BOUNDS[kind];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < b.minimum || value > b.maximum) {
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.intRange', { name, min: String(b.minimum), max: String(b.maximum) });
  }
  return value;
}

/** Updated-at cursors: any date a row can hold (Postgres timestamps and JS dates agree on these years). */
export function checkCursorDate(d: Date): boolean {
  const t = d.getTime();
  return Number.isFinite(t) && d.getUTCFullYear() >= 1970 && d.getUTCFullYear() <= 9999;
}

/**
 * Conditional lines (src/app/conditional-moves.ts): at most `lines` lines per seat, each expecting
 * 1 to `after` moves of the others, every notation at most `notation` characters. A seat's lines are
 * read and judged after every commit of its game: these bound that work.
 */
export const CONDITIONAL_LIMITS = { lines: 20, after: 30, notation: 120 } as const;
