import { AppError } from '../errors.js';

/** The most deadlines in a row a game may let a seat miss before handing it to the stand-in. */
export const MAX_STAND_IN_AFTER_TIMEOUTS = 100;

/**
 * `standInAfterTimeouts` at creation (docs/shapes.md): a whole number from 1 to 100, and only
 * with a time control (without deadlines nothing is ever missed). A 400 naming the field otherwise.
 */
export function checkStandInAfterTimeouts(n: unknown, hasClock: boolean): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_STAND_IN_AFTER_TIMEOUTS) {
    throw AppError.of(
      'INVALID_INPUT',
      'INVALID_INPUT.standInAfterTimeouts',
      { max: MAX_STAND_IN_AFTER_TIMEOUTS, given: String(n).slice(0, 20) },
      { field: 'standInAfterTimeouts' },
    );
  }
  if (!hasClock) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.standInNeedsClock', {}, { field: 'standInAfterTimeouts' });
  return n;
}
