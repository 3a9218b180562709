import { AppError } from './errors.js';
import { isUuid } from './ids.js';
import { checkCursorDate } from './limits.js';

/** A page cursor: the time and id of the last item of the previous page, opaque to clients. */
export const encodeCursor = (at: Date, id: string): string => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [t, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(t ?? '');
  if (!id || !isUuid(id) || !checkCursorDate(at)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.beforeCursor');
  return { at, id };
}

/**
 * One page of a listing, as answered: the games (`item` of each row, newest first) and the cursor
 * of the next page (`at` of the last row), null when this page was not full.
 */
export function pageOf<R extends { id: string }, T>(
  rows: R[],
  limit: number,
  at: (r: R) => Date,
  item: (r: R) => T,
): { games: T[]; next: string | null } {
  const last = rows[rows.length - 1];
  return { games: rows.map(item), next: rows.length === limit && last ? encodeCursor(at(last), last.id) : null };
}

/** The same cursor for a listing ordered by a number (a leaderboard's ordinal), then id. */
export const encodeRankCursor = (key: number, id: string): string => Buffer.from(`${key}|${id}`).toString('base64url');

export function decodeRankCursor(cursor: string | undefined): { key: number; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [k, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const key = Number(k);
  if (!id || !isUuid(id) || k === undefined || k === '' || !Number.isFinite(key))
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.afterCursor');
  return { key, id };
}
