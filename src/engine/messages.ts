import { IntlMessageFormat } from 'intl-messageformat';
import type { Result, RuleViolation } from './types.js';

/**
 * Messages by id. An engine (or the app) never writes a sentence for a translation to parse: it
 * names a message by its catalogue id and gives its values. A catalogue holds, per language, one
 * ICU MessageFormat sentence per id (formatted with intl-messageformat); the English one is the
 * `message` every answer keeps, the others are chosen by Accept-Language on the way out.
 *
 * A value may itself be a message (`Msg`): a move of an import refused by the engine, a notation
 * the engine cannot read. It is formatted first, in the same language.
 */
export type Param = string | number | Msg | Alternatives | Joined;
/** A list of alternatives, written in the sentence's language: `$4 or $8`, `$4 ou $8`. */
export interface Alternatives {
  or: readonly string[];
}
/** Values each formatted in the sentence's language, then joined by `sep`: `2 blue + 1 green`, `2 cartes bleues + 1 carte verte`. */
export interface Joined {
  joined: readonly (string | Msg)[];
  sep: string;
}
export type Params = Record<string, Param>;
export interface Msg {
  /** The catalogue id: the code itself, or `CODE.variant` when one code has several sentences. */
  key: string;
  params?: Params;
}
/** One language's sentences, by id. */
export type Catalogue = Record<string, string>;
/** A catalogue in the two languages of the rulebooks. English is the default. */
export interface Messages {
  en: Catalogue;
  fr: Catalogue;
}
export type MessageLanguage = keyof Messages;

const lists = new Map<string, Intl.ListFormat>();
const listFormat = (lang: string): Intl.ListFormat => {
  let f = lists.get(lang);
  if (!f) lists.set(lang, (f = new Intl.ListFormat(lang, { type: 'disjunction' })));
  return f;
};

const compiled = new Map<string, IntlMessageFormat>();
/** A sentence compiled once (`<token>` is text, not a tag). */
export function compileMessage(sentence: string, lang: string): IntlMessageFormat {
  const k = `${lang}\u0000${sentence}`;
  let m = compiled.get(k);
  if (!m) {
    m = new IntlMessageFormat(sentence, lang, undefined, { ignoreTag: true });
    compiled.set(k, m);
  }
  return m;
}

/**
 * The sentence of `msg` in one language, from `lookup` (the id's sentence, or undefined). A
 * missing id gives undefined, so the caller can fall back (e.g. to the code's own sentence).
 */
export function formatMsg(lookup: (key: string) => string | undefined, lang: string, msg: Msg): string | undefined {
  const sentence = lookup(msg.key);
  if (sentence === undefined) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries(msg.params ?? {})) {
    values[name] =
      typeof v !== 'object'
        ? v
        : 'or' in v
          ? listFormat(lang).format(v.or)
          : 'joined' in v
            ? v.joined.map((m) => (typeof m === 'string' ? m : (formatMsg(lookup, lang, m) ?? m.key))).join(v.sep)
            : (formatMsg(lookup, lang, v) ?? v.key);
  }
  return String(compileMessage(sentence, lang).format(values));
}

/** The kernel's own messages: turn order, end of game, player counts, options, move shapes, notation. */
export const KERNEL_MESSAGES: Messages = {
  en: {
    GAME_OVER: 'The game is over: no more moves are accepted.',
    NOT_YOUR_TURN: "It is not seat {seat}''s turn to act.",
    PLAYER_COUNT: '{game} is played by {min} to {max} players, not {players}.',
    'INVALID_OPTIONS.notObject': 'options must be an object',
    'INVALID_OPTIONS.unknown': 'unknown option "{option}" for {game}; known: {count, plural, =0 {none} other {{known}}}',
    'INVALID_OPTIONS.required': 'option "{option}" is required',
    'INVALID_MOVE_SHAPE.notObject': "a move is a JSON object '{ type, ...fields }'",
    'INVALID_MOVE_SHAPE.noType': 'a move needs a string "type"',
    'INVALID_MOVE_SHAPE.unknownType': 'unknown move type "{type}" for {game}; known: {known}',
    'shape.type': '{path} must be {type, select, integer {an integer} array {an array} object {an object} other {a {type}}}',
    'shape.types': '{path} must be one of the types {types}',
    'shape.required': '{path}{field} is required',
    'shape.unknownField': '{path} has an unknown field "{field}"',
    'shape.minimum': '{path} must be at least {limit}',
    'shape.maximum': '{path} must be at most {limit}',
    'shape.enum': '{path} must be one of {values}',
    'shape.const': '{path} must be {value}',
    'shape.minItems': '{path} needs at least {limit} items',
    'shape.maxItems': '{path} takes at most {limit} items',
    'shape.minLength': '{path} needs at least {limit} characters',
    'shape.maxLength': '{path} takes at most {limit} characters',
    'shape.invalid': '{path} is invalid',
    NOTATION: 'cannot read "{text}" as a move: expected {expected}',
    'NOTATION.usage': 'cannot read "{text}" as a move: expected {usage}, e.g. {expected}',
    'NOTATION.unknownName': 'unknown {what} "{text}": expected one of {choices}',
    'NOTATION.ambiguousName': 'ambiguous {what} "{text}": expected one of {choices}',
  },
  fr: {
    GAME_OVER: "La partie est terminée : plus aucun coup n'est accepté.",
    NOT_YOUR_TURN: "Ce n'est pas à la place {seat} de jouer.",
    PLAYER_COUNT: '{game} se joue de {min} à {max} joueurs, pas {players}.',
    'INVALID_OPTIONS.notObject': 'Les options sont un objet',
    'INVALID_OPTIONS.unknown': 'Option inconnue « {option} » pour {game} ; options connues : {count, plural, =0 {aucune} other {{known}}}',
    'INVALID_OPTIONS.required': "L'option « {option} » est obligatoire",
    'INVALID_MOVE_SHAPE.notObject': "Un coup est un objet JSON '{ type, ...champs }'",
    'INVALID_MOVE_SHAPE.noType': 'Un coup a un « type », une chaîne',
    'INVALID_MOVE_SHAPE.unknownType': 'Type de coup inconnu « {type} » pour {game} ; types connus : {known}',
    'shape.type':
      '{path} doit être de type {type, select, integer {entier} string {chaîne} boolean ' +
      '{booléen} array {tableau} object {objet} other {{type}}}',
    'shape.types': "{path} doit être d'un de ces types : {types}",
    'shape.required': '{path}{field} est obligatoire',
    'shape.unknownField': '{path} a un champ inconnu « {field} »',
    'shape.minimum': '{path} doit valoir au moins {limit}',
    'shape.maximum': '{path} doit valoir au plus {limit}',
    'shape.enum': '{path} doit être une de ces valeurs : {values}',
    'shape.const': '{path} doit valoir {value}',
    'shape.minItems': '{path} demande au moins {limit} éléments',
    'shape.maxItems': '{path} prend au plus {limit} éléments',
    'shape.minLength': '{path} demande au moins {limit} caractères',
    'shape.maxLength': '{path} prend au plus {limit} caractères',
    'shape.invalid': "{path} n'est pas valide",
    NOTATION: 'Impossible de lire « {text} » comme un coup dans la notation du jeu : formes attendues : {expected}',
    'NOTATION.usage': 'Impossible de lire « {text} » comme un coup dans la notation du jeu : formes attendues : {expected} ({usage})',
    'NOTATION.unknownName':
      'Impossible de lire « {text} » comme un coup dans la notation du jeu (nom inconnu : {what}) : formes attendues : {choices}',
    'NOTATION.ambiguousName':
      'Impossible de lire « {text} » comme un coup dans la notation du jeu (nom ambigu : {what}) : formes attendues : {choices}',
  },
};

const kernelEn = (key: string) => KERNEL_MESSAGES.en[key];

/**
 * A refusal by message id: the English sentence is formatted from `messages` (the kernel's own
 * when the game has none for the id); `key` and `params` travel with it for the other languages.
 */
export function violationOf(
  messages: Messages | undefined,
  code: string,
  rule: string,
  params: Params = {},
  key: string = code,
): RuleViolation {
  const lookup = (k: string) => messages?.en[k] ?? kernelEn(k);
  const message = formatMsg(lookup, 'en', { key, params });
  if (message === undefined) throw new Error(`no English message for ${key}`);
  const v: RuleViolation = Object.keys(params).length === 0 ? { code, message, rule, key } : { code, message, rule, key, params };
  // The catalogue travels with the violation, out of its data (not enumerable: not compared, not serialised).
  if (messages) Object.defineProperty(v, 'catalogue', { value: messages, enumerable: false });
  return v;
}

/** The catalogue a violation's `key` belongs to (its game's), if the game has one. */
export const catalogueOf = (v: RuleViolation): Messages | undefined => (v as { catalogue?: Messages }).catalogue;

/** The code an id belongs to: `CANNOT_AFFORD` for `CANNOT_AFFORD.plant`. */
type CodeOfId<K extends string> = K extends `${infer C}.${string}` ? C : K;
/**
 * The refusal codes a catalogue has sentences for, as a union of string literals: its ids in
 * SCREAMING_SNAKE_CASE, a variant's (`CODE.variant`) counted as its code. A game's `refuse` takes
 * only these, so a code without a sentence does not compile.
 */
export type CodesOf<M extends { en: object }> = Extract<CodeOfId<keyof M['en'] & string>, Uppercase<CodeOfId<keyof M['en'] & string>>>;
/** The ids of a catalogue. */
export type IdsOf<M extends { en: object }> = keyof M['en'] & string;

/**
 * A game's refusal by id: `refuse(code, rule, values, id?)`, e.g. City Tycoon's CANNOT_AFFORD with
 * `{ cost: 5 }`, its code one of the catalogue's (`CodesOf`), its id (the code's own sentence by
 * default, or a variant) one of the catalogue's ids.
 */
export const refuserOf =
  <M extends Messages>(messages: M) =>
  (code: CodesOf<M>, rule: string, params: Params = {}, key: IdsOf<M> | CodesOf<M> = code): Result<never> => ({
    ok: false,
    error: violationOf(messages, code, rule, params, key),
  });
