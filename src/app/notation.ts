import { notationsOf } from '../engine/index.js';
import type { AnyGame, RuleViolation, Seat } from '../engine/index.js';
import { AppError, saidOf } from './errors.js';

/** How many legal notations an error message quotes (the problem's `legalNotations` has them all). */
const QUOTED = 24;

/**
 * A notation the server cannot read, as a client error: INVALID_INPUT naming what was expected,
 * with the seat's legal moves in notation nearby (in the message and, all of them, in
 * `legalNotations`), so the client can correct the text at once.
 */
export function notationProblem(game: AnyGame, state: unknown, seat: Seat, v: RuleViolation, text?: string): AppError {
  const legal = notationsOf(game, state, seat);
  const said = saidOf(v);
  const read = typeof v.params?.text === 'string' ? v.params.text : text?.trim();
  const expected = typeof v.params?.expected === 'string' ? v.params.expected : undefined;
  const extra = {
    violation: v.code,
    rule: v.rule,
    ...(read !== undefined ? { notation: read } : {}),
    ...(expected !== undefined ? { expected } : {}),
    legalNotations: legal,
  };
  return AppError.of(
    'INVALID_INPUT',
    'INVALID_INPUT.notation',
    { problem: said, count: legal.length, legal: legal.slice(0, QUOTED).join(', '), more: Math.max(0, legal.length - QUOTED) },
    extra,
    said.catalogue,
  );
}
