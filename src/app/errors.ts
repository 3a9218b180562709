import {
  catalogueOf,
  formatMsg,
  KERNEL_MESSAGES,
  type Json,
  type Messages,
  type Msg,
  type Params,
  type RuleViolation,
} from '../engine/index.js';
import { en } from './i18n/en.js';

/** The stable error codes of the API, with their HTTP status. Clients switch on `code`. */
export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  /** GraphQL operations refused before they run by the depth, alias and cost limits. */
  QUERY_TOO_DEEP: 400,
  TOO_MANY_ALIASES: 400,
  QUERY_TOO_COSTLY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SEED_NOT_ALLOWED: 403,
  /** Analysis asked of an unfinished game created without analysis (or rated). */
  ANALYSIS_NOT_ALLOWED: 403,
  /** A person's token used for a bot seat, or a token given to a bot seat. */
  BOT_SEAT: 403,
  /** A player below a game's or tournament's minimum reliability (src/app/reliability.ts), with their figure. */
  RELIABILITY_TOO_LOW: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  /** GraphQL: a mutation sent with GET. */
  METHOD_NOT_ALLOWED: 405,
  NOT_YOUR_TURN: 409,
  VERSION_CONFLICT: 409,
  GAME_OVER: 409,
  ENGINE_VERSION_UNSUPPORTED: 409,
  GAME_NOT_STARTED: 409,
  GAME_STARTED: 409,
  GAME_FULL: 409,
  SEAT_TAKEN: 409,
  ALREADY_SEATED: 409,
  COLOUR_TAKEN: 409,
  /** Tournaments (src/app/tournaments/): joining after the start, a full one, a second entry, starting with fewer players than a table. */
  TOURNAMENT_STARTED: 409,
  TOURNAMENT_FULL: 409,
  ALREADY_ENTERED: 409,
  TOO_FEW_PLAYERS: 409,
  SEAT_RESIGNED: 409,
  ALREADY_RESIGNED: 409,
  /** A takeback that may not be made, with its `reason` (src/app/takeback.ts). */
  TAKEBACK_NOT_ALLOWED: 409,
  /** Conditional lines set while it is the seat's own turn (src/app/conditional-moves.ts). */
  CONDITIONAL_NOT_ALLOWED: 409,
  /** The operator's "retry now" on a notification already delivered or held. */
  NOT_RETRYABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ILLEGAL_MOVE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  IMPORT_INVALID: 422,
  /** Play by mail: a vacation longer than what is left of the yearly allowance. */
  VACATION_TOO_LONG: 422,
  RATE_LIMITED: 429,
  /** GraphQL: more subscriptions on one WebSocket connection than GRAPHQL_MAX_SUBSCRIPTIONS. */
  TOO_MANY_SUBSCRIPTIONS: 429,
  INTERNAL: 500,
  /** oEmbed: a format the server does not give (only json), as the oEmbed specification asks: 501. */
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A message by id (src/engine/messages.ts) and the catalogue it comes from (a game's), beside the app's and the kernel's. */
export interface Said extends Msg {
  catalogue?: Messages;
}

/** The sentence of a message in one language: the game's catalogue first, then the kernel's, then the app's. */
export function sentenceOf(lang: keyof Messages, app: Record<string, string>, said: Said): string | undefined {
  return formatMsg((k) => said.catalogue?.[lang][k] ?? KERNEL_MESSAGES[lang][k] ?? app[k], lang, said);
}

/** A violation as a message by id (its key, its values, its game's catalogue). */
export const saidOf = (v: RuleViolation): Said => ({
  key: v.key ?? v.code,
  ...(v.params ? { params: v.params } : {}),
  catalogue: catalogueOf(v),
});

/**
 * An error the client can act on. `message` names the broken rule in plain words (English);
 * `said`, when the error was made by id (`AppError.of`, `fromViolation`), is the message's id and
 * values, from which src/app/i18n gives the other languages. `extra` carries machine-readable
 * details (for ILLEGAL_MOVE: the engine's own `violation` code and rule).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, Json> = {},
    readonly said?: Said,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  /** An error by message id: its English sentence from the catalogues (src/app/i18n/en.ts). */
  static of(code: ErrorCode, key: string, params: Params = {}, extra: Record<string, Json> = {}, catalogue?: Messages): AppError {
    const said: Said = { key, params, ...(catalogue ? { catalogue } : {}) };
    const message = sentenceOf('en', en, said);
    if (message === undefined) throw new Error(`no English message for ${key}`);
    return new AppError(code, message, extra, said);
  }

  /** An engine's refusal of a move. The kernel's own two codes keep their names. */
  static fromViolation(v: RuleViolation, code: ErrorCode = 'ILLEGAL_MOVE'): AppError {
    if (v.code === 'NOT_YOUR_TURN' || v.code === 'GAME_OVER') return new AppError(v.code, v.message, { rule: v.rule }, saidOf(v));
    return new AppError(code, v.message, { violation: v.code, rule: v.rule }, saidOf(v));
  }
}
