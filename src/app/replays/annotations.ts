/**
 * Annotations of a record (issue 35), in the manner of PGN's: a comment on any move, a mark
 * (! good, ? mistake, !! brilliant, ?? blunder, !? interesting, ?! dubious) and alternatives:
 * other moves the same seat could have made at that version, each checked legal there by the
 * engine. An annotated record is a document of its own: importing it plays its moves only, and no
 * annotation ever reaches a game's log.
 *
 * In a text record (text-record-format.ts) a mark follows the move (`12. 0: hall c3 !?`), a comment
 * is a `{...}` line under it, and an alternative a `(...)` line under it, with its own mark and
 * comment: `(hall b2 ! {the tower gets its elevator sooner})`.
 */
import { applyMove, catalogueOf, checkMoveShape } from '../../engine/index.js';
import type { AnyGame, Json, Move, Seat } from '../../engine/index.js';
import { AppError, saidOf } from '../errors.js';

export const MARKS = ['!', '?', '!!', '??', '!?', '?!'] as const;
export type Mark = (typeof MARKS)[number];

/** A move's annotations, as the JSON record carries them. */
export interface Annotated {
  comment?: string;
  mark?: Mark;
  alternatives?: { move: Json; mark?: Mark; comment?: string }[];
}

/** A comment: any text but braces and control characters (a text record writes it inside `{}`), at most 2000 characters. */
export const COMMENT_PATTERN = '^[^{}\\u0000-\\u001f\\u007f]*$';
export const commentSchema = { type: 'string', minLength: 1, maxLength: 2000, pattern: COMMENT_PATTERN } as const;
export const markSchema = { type: 'string', enum: MARKS } as const;

/** A mark at the end of a move's text, split from it: `hall c3 !?` is `hall c3` and `!?`. */
export function splitMark(text: string): { text: string; mark?: Mark } {
  const m = /^(.*?)\s*(!!|\?\?|!\?|\?!|!|\?)$/.exec(text);
  return m && m[1] !== '' ? { text: m[1]!, mark: m[2] as Mark } : { text };
}

/**
 * Checks each alternative of entry `n` (1-based): a move of the same seat, legal in `before` (the
 * state that entry was made from). Throws IMPORT_INVALID naming the entry and why otherwise.
 */
export function checkAlternatives(
  game: AnyGame,
  before: unknown,
  seat: Seat,
  n: number,
  alternatives: readonly { move: Json }[] | undefined,
): void {
  for (const [k, a] of (alternatives ?? []).entries()) {
    const shape = checkMoveShape(game, a.move);
    if (shape)
      throw AppError.of(
        'IMPORT_INVALID',
        'IMPORT_INVALID.alternative',
        { n, k: k + 1, problem: saidOf(shape) },
        { index: n - 1, violation: shape.code, rule: shape.rule },
      );
    const r = applyMove(game, before, a.move as unknown as Move, seat);
    if (!r.ok)
      throw AppError.of(
        'IMPORT_INVALID',
        'IMPORT_INVALID.alternative',
        { n, k: k + 1, problem: saidOf(r.error) },
        { index: n - 1, violation: r.error.code, rule: r.error.rule },
        catalogueOf(r.error),
      );
  }
}
