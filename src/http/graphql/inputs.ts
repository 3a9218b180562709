import { AppError } from '../../app/errors.js';
import { TIMEOUT_ACTIONS, type TimeControl, type TimeoutAction } from '../../store/types.js';

/** Free text within 1..max characters, or absent (400 naming the field and the bound). */
export const text = (v: string | null | undefined, what: string, max: number) => {
  if (v !== undefined && v !== null && (v.length < 1 || v.length > max)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.textLength', { what, max });
  return v ?? undefined;
};
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** REST's rule for timeoutAction's values; the ranges of a clock are the service's (src/app/time-control.ts). */
export function turnClock(seconds: number | null | undefined, action: string | null | undefined, control: TimeControl | null | undefined) {
  if (action != null && !TIMEOUT_ACTIONS.includes(action as TimeoutAction)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.timeoutAction', { values: TIMEOUT_ACTIONS.join(', ') });
  return { ...(seconds != null ? { turnDeadlineSeconds: seconds } : {}), ...(control != null ? { timeControl: control } : {}), ...(action != null ? { timeoutAction: action as TimeoutAction } : {}) };
}
