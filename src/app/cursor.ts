import { AppError } from '../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page cursor: the time and id of the last item of the previous page, opaque to clients. */
export const encodeCursor = (at: Date, id: string): string => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [t, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(t ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(+at)) throw new AppError('INVALID_INPUT', 'before is not a cursor returned by this list');
  return { at, id };
}
