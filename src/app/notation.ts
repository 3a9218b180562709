import { notationsOf, parseMove } from '../engine/index.js';
import type { AnyGame, Move, RuleViolation, Seat } from '../engine/index.js';
import { AppError } from './errors.js';

export { formatMove, notationsOf, parseMove } from '../engine/index.js';

/** How many legal notations an error message quotes (the problem's `legalNotations` has them all). */
const QUOTED = 24;

/**
 * A notation the server cannot read, as a client error: INVALID_INPUT naming what was expected,
 * with the seat's legal moves in notation nearby (in the message and, all of them, in
 * `legalNotations`), so the client can correct the text at once.
 */
export function notationProblem(game: AnyGame, state: unknown, seat: Seat, v: RuleViolation, text?: string): AppError {
  const legal = notationsOf(game, state, seat);
  const quoted = legal.length === 0 ? '; this seat has no legal move now' : `; legal now: ${legal.slice(0, QUOTED).join(', ')}${legal.length > QUOTED ? `, and ${legal.length - QUOTED} more` : ''}`;
  const read = v.params?.text ?? text?.trim();
  return new AppError('INVALID_INPUT', `${v.message}${quoted}`, {
    violation: v.code,
    rule: v.rule,
    ...(read !== undefined ? { notation: read } : {}),
    ...(v.params?.expected !== undefined ? { expected: v.params.expected } : {}),
    legalNotations: legal,
  });
}

/**
 * The French of a notation error, built from its values (the text read, the forms expected, the
 * legal moves), never from the English sentence. The forms and the moves are written in the
 * notation, which is the same in both languages.
 */
export function notationProblemFr(extra: Record<string, unknown>): string {
  const legal = Array.isArray(extra.legalNotations) ? (extra.legalNotations as string[]) : [];
  const read = typeof extra.notation === 'string' ? ` « ${extra.notation} »` : '';
  const expected = typeof extra.expected === 'string' ? ` : formes attendues : ${extra.expected}` : '';
  const quoted = legal.length === 0 ? ' ; cette place n\'a aucun coup légal maintenant' : ` ; coups légaux maintenant : ${legal.slice(0, QUOTED).join(', ')}${legal.length > QUOTED ? `, et ${legal.length - QUOTED} de plus` : ''}`;
  return `Impossible de lire${read} comme un coup dans la notation du jeu${expected}${quoted}`;
}

/** The move a notation stands for in this state, or the INVALID_INPUT of `notationProblem`. */
export function moveFromNotation(game: AnyGame, state: unknown, seat: Seat, text: string): Move {
  const r = parseMove(game, state, seat, text);
  if (!r.ok) throw notationProblem(game, state, seat, r.error, text);
  return r.value;
}
