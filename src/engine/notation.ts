import type { AnyGame, Move, Result, Seat } from './types.js';
import { ok } from './types.js';
import { violationOf, type Messages, type Msg } from './messages.js';

/** The rule a notation error names. */
export const NOTATION_RULE = 'move notation';

/**
 * A text the notation cannot read: the message says what it expected. Its values travel beside it
 * (`params.text`, `params.expected`: the forms, written in the notation itself), so a translation
 * builds its own sentence from them.
 */
export const notationError = (text: string, expected: string): Result<never> => ({
  ok: false,
  error: violationOf(undefined, 'NOTATION', NOTATION_RULE, { text: text.trim(), expected }),
});

/**
 * A text the notation cannot read, by the game's words: `form` names the form expected in the
 * game's catalogue (`NOTATION.form.<form>`, English and French: `hall <site>`, `hall <case>`),
 * `expected` gives it written in the notation itself (`hall c3`), the same in every language
 * (`params.expected`, the problem's `expected`).
 */
export const usageError = (messages: Messages, text: string, form: string, expected: string): Result<never> => ({
  ok: false,
  error: violationOf(
    messages,
    'NOTATION',
    NOTATION_RULE,
    { text: text.trim(), usage: { key: `NOTATION.form.${form}` }, expected },
    'NOTATION.usage',
  ),
});

/** Lower case, single spaces, trimmed: what every parse works on (notations are case-insensitive). */
export const normalise = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A name compared loosely: lower case, letters and digits only ("Shoe Shop" = "shoeshop" = "shoe-shop"). */
export const looseName = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Picks one item by name: an exact (loose) match of one of its names, else the one item whose
 * name starts with the text. An unknown or ambiguous name is an error listing the choices; `what`
 * is what the name stands for, by id in the game's `messages` (`{ key: 'NOTATION.what.card' }`).
 */
export function pickByName<T>(
  text: string,
  items: readonly { value: T; names: readonly string[] }[],
  what: Msg,
  messages: Messages,
): Result<T> {
  const key = looseName(text);
  const choices = (list: readonly { names: readonly string[] }[]) => list.map((i) => i.names[0]!).join(', ');
  if (key === '')
    return {
      ok: false,
      error: violationOf(
        messages,
        'NOTATION',
        NOTATION_RULE,
        { what, text: text.trim(), choices: choices(items), expected: choices(items) },
        'NOTATION.unknownName',
      ),
    };
  const exact = items.filter((i) => i.names.some((n) => looseName(n) === key));
  if (exact.length === 1) return ok(exact[0]!.value);
  const prefixed = exact.length > 1 ? exact : items.filter((i) => i.names.some((n) => looseName(n).startsWith(key)));
  if (prefixed.length === 1) return ok(prefixed[0]!.value);
  const listed = choices(prefixed.length > 1 ? prefixed : items);
  return {
    ok: false,
    error: violationOf(
      messages,
      'NOTATION',
      NOTATION_RULE,
      { what, text: text.trim(), choices: listed, expected: listed },
      prefixed.length > 1 ? 'NOTATION.ambiguousName' : 'NOTATION.unknownName',
    ),
  };
}

/** An integer written in a notation (optionally signed), or null. */
export function intOf(text: string | undefined): number | null {
  return text !== undefined && /^[+-]?\d{1,6}$/.test(text) ? Number(text) : null;
}

/** `x,y` (spaces and parentheses allowed) -> the point, or null. */
export function pointOf(text: string | undefined): { x: number; y: number } | null {
  const m = text === undefined ? null : /^\(?\s*([+-]?\d{1,6})\s*,\s*([+-]?\d{1,6})\s*\)?$/.exec(text);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** The notation of a move in the state it is made from; a game without notation gets the move's JSON. */
export function formatMove(game: AnyGame, state: unknown, seat: Seat, move: Move): string {
  return game.notation ? game.notation.format(state, seat, move) : JSON.stringify(move);
}

/** The move a notation stands for in this state (its legality is left to `decide`). */
export function parseMove(game: AnyGame, state: unknown, seat: Seat, text: string): Result<Move> {
  if (typeof text !== 'string' || text.trim() === '') return notationError(String(text ?? ''), 'a move in notation');
  if (!game.notation) {
    // A game without a notation writes its moves as JSON (formatMove): read them back the same way.
    try {
      const move = JSON.parse(text) as unknown;
      if (typeof move === 'object' && move !== null && !Array.isArray(move)) return ok(move as Move);
    } catch {
      // fall through to the error
    }
    return notationError(text, `a move as JSON ({ "type": ... }): ${game.name} has no move notation`);
  }
  return game.notation.parse(state, seat, text);
}

/** The notations of a list of moves (by default, the seat's legal moves), in the same order. */
export function notationsOf(game: AnyGame, state: unknown, seat: Seat, moves: readonly Move[] = game.legalMoves(state, seat)): string[] {
  return moves.map((m) => formatMove(game, state, seat, m));
}
