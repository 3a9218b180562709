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
export function notationProblem(game: AnyGame, state: unknown, seat: Seat, v: RuleViolation): AppError {
  const legal = notationsOf(game, state, seat);
  const quoted = legal.length === 0 ? '; this seat has no legal move now' : `; legal now: ${legal.slice(0, QUOTED).join(', ')}${legal.length > QUOTED ? `, and ${legal.length - QUOTED} more` : ''}`;
  return new AppError('INVALID_INPUT', `${v.message}${quoted}`, { violation: v.code, rule: v.rule, legalNotations: legal });
}

/** The move a notation stands for in this state, or the INVALID_INPUT of `notationProblem`. */
export function moveFromNotation(game: AnyGame, state: unknown, seat: Seat, text: string): Move {
  const r = parseMove(game, state, seat, text);
  if (!r.ok) throw notationProblem(game, state, seat, r.error);
  return r.value;
}
