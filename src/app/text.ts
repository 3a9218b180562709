import { AppError } from './errors.js';

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/**
 * Refuses a name or other free text holding a control character (a line break, a tab, an escape):
 * shown in every view, mail and record, such text could fake lines of its own. `field` names the
 * field in the 400 INVALID_INPUT (`players/1/name`, `seed`).
 */
export function checkText(field: string, value: string | null | undefined): void {
  if (typeof value !== 'string') return;
  const m = CONTROL.exec(value);
  if (m)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.controlChar', {
      field,
      char: m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'),
    });
}

/** The names of a list of seats (players/<i>/name) and a seed. */
export function checkNames(players: readonly object[], seed?: string | null): void {
  players.forEach((p, i) => checkText(`players/${i}/name`, (p as { name?: string }).name));
  checkText('seed', seed);
}
