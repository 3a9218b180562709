import { AppError } from './errors.js';
import type { TimeControl, TimeoutAction } from '../store/types.js';

/** The bounds of every time-control field: one second to 90 days. */
export const TIME_CONTROL_MAX_SECONDS = 90 * 24 * 3600;

/**
 * The time control of a new game, checked: `timeControl { initialSeconds, incrementSeconds,
 * maxSeconds, pauseOnWeekends? }`, or `turnDeadlineSeconds: d`, which is the form { d, d, d } (each move's time, whole
 * again after every move). Each field 1 s .. 90 days, increment and initial at most the maximum;
 * anything else is a 400 naming the field. Shared by REST and GraphQL.
 */
export function timeControlOf(input: {
  turnDeadlineSeconds?: number | null;
  timeControl?: TimeControl | null;
  timeoutAction?: TimeoutAction | null;
}): TimeControl | null {
  const d = input.turnDeadlineSeconds ?? null;
  const tc = input.timeControl ?? null;
  if (d !== null && tc !== null) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.deadlineOrControl', { field: 'turnDeadlineSeconds' });
  if (d === null && tc === null) {
    if (input.timeoutAction != null) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.timeoutActionAlone', { field: 'timeoutAction' });
    return null;
  }
  const control = tc ?? { initialSeconds: d!, incrementSeconds: d!, maxSeconds: d! };
  const field = (name: keyof TimeControl) => (tc ? `timeControl.${name}` : 'turnDeadlineSeconds');
  for (const name of ['initialSeconds', 'incrementSeconds', 'maxSeconds'] as const) {
    const v = control[name];
    if (!Number.isInteger(v) || v < 1 || v > TIME_CONTROL_MAX_SECONDS)
      throw AppError.of(
        'INVALID_INPUT',
        'INVALID_INPUT.seconds',
        { field: field(name), max: TIME_CONTROL_MAX_SECONDS },
        { field: field(name) },
      );
  }
  if (control.incrementSeconds > control.maxSeconds)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.incrementOverMax', { field: 'timeControl.incrementSeconds' });
  if (control.initialSeconds > control.maxSeconds)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.initialOverMax', { field: 'timeControl.initialSeconds' });
  // pauseOnWeekends is kept only when true (answers show it then), so a game without it reads as before.
  const { pauseOnWeekends, ...bank } = control;
  return pauseOnWeekends ? { ...bank, pauseOnWeekends: true } : bank;
}
