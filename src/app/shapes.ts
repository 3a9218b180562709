import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { BOT_LEVELS, BotLevel, compileShape, type Msg } from '../engine/index.js';
import {
  NOTICE_KINDS,
  SPECTATOR_DELAY_DEFAULT,
  SPECTATOR_DELAY_MAX,
  SPECTATOR_SETTINGS,
  TAKEBACK_SETTINGS,
  TIMEOUT_ACTIONS,
} from '../store/types.js';
import { AppError } from './errors.js';
import { UUID_PATTERN } from './ids.js';
import { CONDITIONAL_LIMITS, INT_BOUNDS } from './limits.js';
import { GameStatus, STATUSES, TimeControl } from '../store/shapes.js';

/** The shapes the store and the engine declare, used by requests too. */
export { BotLevel, GameStatus, STATUSES, TimeControl };

/**
 * The one definition of every shape a client sends, as TypeBox schemas: each is plain JSON Schema
 * (REST routes validate with it through Fastify's TypeBox type provider, and the OpenAPI document
 * shows it), `Static<typeof S>` is its TypeScript type, and `check(S, value, where)` validates it
 * anywhere else (GraphQL arguments, the service) with the same refusal REST gives: 400
 * INVALID_INPUT naming the field and the broken rule, from the catalogues by id.
 *
 * Guarantees: no coercion and no defaults written by `check` (it only checks); own properties only;
 * the same message ids as a REST validation error (`invalidInputMessage`, used by http/problem.ts).
 */

// ---- Identifiers, tokens, e-mail addresses --------------------------------------------------

/** A UUID (player, notification ids), in any letter case. */
export const Uuid = Type.String({ pattern: UUID_PATTERN, description: 'A UUID' });
/**
 * A game id as a path or argument carries it: any string; an id that is not a UUID names no game
 * (404 NOT_FOUND from the service, not a 400), so that a guessed id learns nothing more.
 */
export const GameId = Type.String({ minLength: 1, maxLength: 64, description: 'Game id (UUID)' });
/** A player id as a path carries it (a UUID; anything else is a 404 from the service). */
export const PlayerId = Type.String({ minLength: 1, maxLength: 64, description: 'Player id (UUID)' });
/** A notification id as a path carries it (checked as a UUID by the service: 400 naming it). */
export const NotificationId = Type.String({ description: 'Notification id (UUID)' });

/** The `:id` path parameter of every game route. */
export const GameIdParams = Type.Object({ id: GameId });
export type GameIdParams = Static<typeof GameIdParams>;
/** The `:id` path parameter of a player's routes. */
export const PlayerIdParams = Type.Object({ id: PlayerId });
/** The `:id` path parameter of a notification's routes. */
export const NotificationIdParams = Type.Object({ id: NotificationId });

/** A bearer token as the Authorization header carries it: `Bearer <token>`. */
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The one reading of an Authorization header, for REST and GraphQL alike: its token, undefined
 * without a header, 401 UNAUTHORIZED for a header that is not `Bearer <token>`.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization === '') return undefined;
  const m = BEARER.exec(authorization);
  if (!m) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.bearerFormat');
  return m[1];
}

/** A seat token (`cbs_...`): shown once at creation or join; the server keeps only a hash. */
export const SeatToken = Type.String({ description: "The seat's token, shown once: the server keeps only a hash" });
/** A player token (`cbp_...`): one for all of a person's seats, shown once. */
export const PlayerToken = Type.String({ description: 'Secret: shown once, the server keeps only a hash' });
/** An invitation code (`inv_...`), as a joiner sends it. */
export const InviteCode = Type.String({
  minLength: 1,
  maxLength: 128,
  description: 'The invitation code: needed to join a game that is not public',
});
/** The unsubscribe token of a mail's List-Unsubscribe link. */
export const UnsubscribeToken = Type.String({ minLength: 1, maxLength: 100, description: "The unsubscribe token of the mail's link" });

/** The longest e-mail address accepted (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** The one e-mail rule: name@domain.tld, no spaces, quotes, brackets or commas, a dot in the domain. */
export const EMAIL_PATTERN = '^[^\\s@<>()[\\]",;:\\\\]+@[^\\s@<>()[\\]",;:\\\\.]+(\\.[^\\s@<>()[\\]",;:\\\\.]+)+$';
const EMAIL = new RegExp(EMAIL_PATTERN);
export const isEmail = (s: string): boolean => s.length <= MAX_EMAIL_LENGTH && EMAIL.test(s);
export const Email = Type.String({
  maxLength: MAX_EMAIL_LENGTH,
  pattern: EMAIL_PATTERN,
  description: 'An e-mail address (name@domain.example)',
});

/** The rule each pattern stands for, so that a refusal names it instead of quoting a regex. */
const PATTERN_RULES = new Map<string, string>([
  [UUID_PATTERN, 'uuid'],
  [EMAIL_PATTERN, 'email'],
]);

// ---- Numbers, names, pages ------------------------------------------------------------------

/** One of a fixed list of strings, as a JSON Schema `enum` (one error naming the allowed values, not one per branch). */
export const literals = <T extends string>(values: readonly T[], description?: string): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
/** A string or null (null: turn it off), as one JSON Schema `type` list. */
const nullableString = (opts: { maxLength: number }): TUnsafe<string | null> =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...opts });

const int = (b: { minimum: number; maximum: number; default?: number }, description?: string) =>
  Type.Integer({ ...b, ...(description ? { description } : {}) });
/** A game version (`after`, `at`, `expectedVersion`): fits the column. */
export const Version = int(INT_BOUNDS.version);
/** A seat number. */
export const Seat = int(INT_BOUNDS.seat);
/** A game's seat in a path: `/games/:id/seats/:seat/...`. */
export const SeatParams = Type.Object({ id: GameId, seat: Seat });
/** A person's or a seat's name. */
export const Name = Type.String({ minLength: 1, maxLength: 64 });
/** A seed of the game's random draws. */
export const Seed = Type.String({ minLength: 1, maxLength: 128 });
/** A game type id (GET /game-types). */
export const GameType = Type.String({ description: 'A game type id from /game-types' });
/** The `:gameType` path parameter (a leaderboard's). */
export const GameTypeParams = Type.Object({ gameType: Type.String({ minLength: 1, maxLength: 64 }) });
/** The colour a seat chooses when it is taken (Ma Petite Ville: blue, green, yellow, red). */
export const SeatColour = Type.String({
  minLength: 1,
  maxLength: 32,
  description: 'A colour, in games where each seat chooses one (Ma Petite Ville, ruling M7: blue, green, yellow, red)',
});
/** Search iterations of one analysis. */
export const AnalysisIterations = int(INT_BOUNDS.analysisIterations);

/** The size of a page of a listing, with its bounds and its default. */
export const PageLimit = (maximum: number, dflt: number) => Type.Integer({ minimum: 1, maximum, default: dflt });
/** The opaque cursor of the next page (`next` of the previous answer). */
export const Cursor = Type.String({ maxLength: 200, description: 'The `next` cursor of the previous page' });

// ---- Requests (REST bodies and queries; GraphQL takes the same) -----------------------------

/**
 * A seat at creation: { name, colour? }, { open: true }, { me: true, colour? } or { bot, name? }.
 * Which of these it is, is checked by the lobby (INVALID_INPUT.playerKind, naming the entry).
 */
export const PlayerEntry = Type.Object(
  {
    name: Type.Optional(Name),
    open: Type.Optional(Type.Literal(true)),
    me: Type.Optional(Type.Literal(true)),
    colour: Type.Optional(SeatColour),
    bot: Type.Optional(literals(BOT_LEVELS, 'A bot seat of this level (GET /bots): it gets no token and moves by itself')),
  },
  {
    additionalProperties: false,
    description:
      'A seat at creation: { name, colour? } seated now; { open: true } open, for someone to ' +
      'join with the invitation; { me: true, colour? } seated now and bound to the player whose ' +
      'token is in Authorization; { bot, name? } a bot of that level (no token: it moves by ' +
      'itself).',
  },
);
export type PlayerEntryShape = Static<typeof PlayerEntry>;
/** The PlayerEntry component of the OpenAPI document (referenced by every game's NewGame). */
export const playerEntryComponent = { $id: 'PlayerEntry', ...(JSON.parse(JSON.stringify(PlayerEntry)) as Record<string, unknown>) };

export const CreateGameBody = Type.Object(
  {
    type: GameType,
    players: Type.Array(PlayerEntry, { minItems: 1, maxItems: 64 }),
    seed: Type.Optional(Seed),
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    public: Type.Optional(Type.Boolean()),
    turnDeadlineSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 * 24 * 3600 })),
    timeControl: Type.Optional(TimeControl),
    timeoutAction: Type.Optional(literals(TIMEOUT_ACTIONS)),
    standInBot: Type.Optional(literals(BOT_LEVELS)),
    standInAfterTimeouts: Type.Optional(Type.Integer()),
    analysis: Type.Optional(Type.Boolean()),
    rated: Type.Optional(Type.Boolean()),
    /** Players joining need at least this reliability (src/app/reliability.ts). */
    minReliability: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'Players joining need at least this reliability: finished / (finished + abandoned + timed ' +
          'out) over their last 90 days (403 RELIABILITY_TOO_LOW below it; a player with no game ' +
          'counted yet is admitted; joining needs a player token)',
      }),
    ),
    takebacks: Type.Optional(literals(TAKEBACK_SETTINGS)),
    spectators: Type.Optional(
      literals(
        SPECTATOR_SETTINGS,
        'What spectators see while the game runs: live (public information as it happens, the ' +
          'default), delayed (spectatorDelay moves behind) or hidden (the header only, until the end)',
      ),
    ),
    spectatorDelay: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: SPECTATOR_DELAY_MAX,
        description:
          `With spectators: delayed, how many moves behind spectators are (1 to ${SPECTATOR_DELAY_MAX}` +
          `; default ${SPECTATOR_DELAY_DEFAULT})`,
      }),
    ),
    reveal: Type.Optional(
      Type.Boolean({
        description:
          "Once the game is finished, every seat's hidden information opens to everyone's replays, " +
          'records, pictures and GIFs (default true)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateGameBody = Static<typeof CreateGameBody>;

/** A move as the API carries it before its game checks it: { type, ...fields } (the game's schemas check the rest). */
export const MoveRef = Type.Object(
  { type: Type.String({ minLength: 1, maxLength: 64 }) },
  {
    additionalProperties: true,
    // The OpenAPI document shows a MoveRef as AnyMove, the union of the hosted games' moves (http/route-schema.ts).
    title: 'MoveRef',
    description: "A move: { type, ...fields }. The shapes of each game's moves are in components.schemas (<Game>Move) and /game-types.",
  },
);
/** A move in notation, e.g. "build residential b4". */
export const NotationText = Type.String({ minLength: 1, maxLength: 2000 });
/**
 * What a union's members allow, as a JSON Schema `oneOf`: exactly one of them must fit. TypeBox's
 * Union is an `anyOf`; a refusal of a `oneOf` of closed objects names the fields (`invalidInput`).
 */
export const oneOf = <T extends TSchema[]>(members: [...T], options: Record<string, unknown> = {}): TUnsafe<Static<T[number]>> =>
  Type.Unsafe<Static<T[number]>>({ ...options, oneOf: members });
const ExpectedVersion = Type.Optional({ ...Version, description: 'Apply the move only if the game is still at this version' });
/** A move as JSON, as getLegalMoves lists it. */
export const MoveAsJson = Type.Object(
  { move: { ...MoveRef, description: "A move of this game's type, as listed by getLegalMoves" }, expectedVersion: ExpectedVersion },
  { additionalProperties: false, title: 'MoveAsJson' },
);
/** A move in the game's notation, read in the current position. */
export const MoveInNotation = Type.Object(
  {
    notation: { ...NotationText, description: 'The move in notation, e.g. "build residential b4" (docs/rules/<game>.md)' },
    expectedVersion: ExpectedVersion,
  },
  { additionalProperties: false, title: 'MoveInNotation' },
);
/** A move's body: exactly one of move (JSON) or notation (text), by the schema itself. */
export const SubmitMoveBody = oneOf([MoveAsJson, MoveInNotation], { description: 'Exactly one of move (JSON) or notation (text)' });
export type SubmitMoveBody = Static<typeof SubmitMoveBody>;
export const IdempotencyKey = Type.String({ minLength: 1, maxLength: 200 });

export const CreatePlayerBody = Type.Object(
  { name: Name, email: Type.Optional({ ...Email, description: 'Where play-by-mail notifications go by default' }) },
  { additionalProperties: false },
);
export type CreatePlayerBody = Static<typeof CreatePlayerBody>;

export const JoinBody = Type.Object(
  {
    inviteCode: Type.Optional(InviteCode),
    name: Type.Optional({ ...Name, description: "Required without a player token; with one, the player's name by default" }),
    seat: Type.Optional(Seat),
    colour: Type.Optional(SeatColour),
  },
  { additionalProperties: false },
);
export type JoinBody = Static<typeof JoinBody>;

export const FillWithBotBody = Type.Object(
  {
    bot: BotLevel,
    seat: Type.Optional(Seat),
    name: Type.Optional({ ...Name, description: 'The bot seat\'s name (default: "Bot (<level>)")' }),
  },
  { additionalProperties: false },
);
export type FillWithBotBody = Static<typeof FillWithBotBody>;

export const TakebackBody = Type.Object(
  {
    undo: Type.Optional(
      Type.Integer({
        ...INT_BOUNDS.version,
        minimum: 1,
        description: "The version to undo (with everything the seat did after it); default: the seat's last move in effect",
      }),
    ),
  },
  { additionalProperties: false },
);
export type TakebackBody = Static<typeof TakebackBody>;

export const VacationBody = Type.Object(
  { until: Type.String({ minLength: 10, maxLength: 40, description: 'ISO 8601 date and time, in the future' }) },
  { additionalProperties: false },
);
export type VacationBody = Static<typeof VacationBody>;

/** How a player's turn mails go: one per move, or one daily digest. */
export const DELIVERY_MODES = ['immediate', 'digest'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const PlayerSettingsBody = Type.Object(
  {
    mode: Type.Optional(literals(DELIVERY_MODES, 'immediate | digest')),
    digestHour: Type.Optional(Type.Integer({ description: '0 to 23: the local hour of the digest (needed in digest mode)' })),
    timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'An IANA time zone name (needed in digest mode)' })),
    autoVacation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PlayerSettingsBody = Static<typeof PlayerSettingsBody>;

/** The languages mails are written in. */
export const MAIL_LANGUAGES = ['en', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
/** The longest webhook URL accepted. */
export const MAX_URL_LENGTH = 2048;
export const MailLanguageShape = literals(MAIL_LANGUAGES, 'The language of the mails (en, fr); en until set');
export const NoticeKinds = Type.Array(literals(NOTICE_KINDS), { maxItems: NOTICE_KINDS.length });
/** What a seat or a player sends: fields left out keep their value, null turns a channel off. */
export const NotificationSettingsBody = Type.Object(
  {
    email: Type.Optional(nullableString({ maxLength: MAX_EMAIL_LENGTH })),
    webhookUrl: Type.Optional(nullableString({ maxLength: MAX_URL_LENGTH })),
    events: Type.Optional(NoticeKinds),
    language: Type.Optional(MailLanguageShape),
  },
  { additionalProperties: false },
);
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

export const EventsQuery = Type.Object(
  { after: Type.Optional(Type.Integer({ ...INT_BOUNDS.version, default: 0 })), limit: Type.Optional(int(INT_BOUNDS.eventsLimit)) },
  { additionalProperties: false },
);
export const AnalysisQuery = Type.Object(
  { at: Version, seat: Seat, iterations: Type.Optional(AnalysisIterations), seed: Type.Optional(Seed) },
  { additionalProperties: false },
);
export type AnalysisQuery = Static<typeof AnalysisQuery>;
const WholeAnalysisFields = Type.Object({ iterations: Type.Optional(AnalysisIterations) }, { additionalProperties: false });
/** The body of a whole-game analysis request: optional (null or none: the default iterations). */
export const WholeAnalysisBody = Type.Unsafe<Static<typeof WholeAnalysisFields> | null>({
  ...WholeAnalysisFields,
  type: ['object', 'null'],
});
export const ListGamesQuery = Type.Object(
  {
    status: Type.Optional(GameStatus),
    type: Type.Optional(Type.String()),
    limit: Type.Optional(int(INT_BOUNDS.listLimit)),
    before: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
export type ListGamesQuery = Static<typeof ListGamesQuery>;
export const OUTBOX_STATUSES = ['pending', 'delivered', 'held', 'dead'] as const;
export const OutboxQuery = Type.Object(
  { status: Type.Optional(literals(OUTBOX_STATUSES)), limit: Type.Optional(int(INT_BOUNDS.listLimit)), before: Type.Optional(Cursor) },
  { additionalProperties: false },
);
export type OutboxQuery = Static<typeof OutboxQuery>;
export const UnsubscribeQuery = Type.Object({ token: UnsubscribeToken }, { additionalProperties: false });
export const BoardQuery = Type.Object(
  {
    at: Type.Optional(
      Type.Integer({ ...INT_BOUNDS.version, description: "A version between 0 and the game's version; the current one when absent" }),
    ),
    seat: Type.Optional(
      Type.Integer({
        ...INT_BOUNDS.seat,
        description:
          'Show what this seat saw: its token or game link required, except in a finished game that ' +
          "reveals (reveal: true), where anyone may; the token's own view when absent",
      }),
    ),
    lang: Type.Optional(literals(['en', 'fr'] as const, 'The label language; overrides Accept-Language')),
  },
  { additionalProperties: false },
);
export const ReplayGifQuery = Type.Object(
  {
    from: Type.Optional(Type.Integer({ ...INT_BOUNDS.version, description: 'The first position shown, a version; 0 when absent' })),
    to: Type.Optional(
      Type.Integer({
        ...INT_BOUNDS.version,
        description: "The last position shown, a version no later than the game's; the game's version when asked, when absent",
      }),
    ),
    seat: Type.Optional(
      Type.Integer({
        ...INT_BOUNDS.seat,
        description:
          'Show what this seat saw: its token or game link required, except in a finished game that ' +
          "reveals (reveal: true), where anyone may; a spectator's view when absent",
      }),
    ),
    lang: Type.Optional(literals(['en', 'fr'] as const, 'The label language; overrides Accept-Language')),
    size: Type.Optional(Type.Integer({ ...INT_BOUNDS.gifSize, description: 'Width in pixels (120 to 1200; 600 when absent)' })),
    delay: Type.Optional(
      Type.Integer({
        ...INT_BOUNDS.gifDelay,
        description: 'Milliseconds each position shows (100 to 10000; 1000 when absent); the last is held longer',
      }),
    ),
  },
  { additionalProperties: false },
);
export const StreamQuery = Type.Object(
  { after: Type.Optional(Type.String({ description: 'Resume after this version (as Last-Event-ID does)' })) },
  { additionalProperties: false },
);
export const LastEventIdHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ description: 'The id (version) of the last event received' })),
});
export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(IdempotencyKey) });
export const LobbyQuery = Type.Object(
  {
    type: Type.Optional(Type.String({ description: 'Only games of this type' })),
    limit: Type.Optional(PageLimit(100, 20)),
    before: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
export type LobbyQuery = Static<typeof LobbyQuery>;
export const InboxQuery = Type.Object(
  {
    status: Type.Optional(GameStatus),
    toMove: Type.Optional(Type.Boolean({ description: "true: only the games where it is the player's turn" })),
    limit: Type.Optional(PageLimit(200, 50)),
    before: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);
export type InboxQuery = Static<typeof InboxQuery>;
export const LeaderboardQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit(200, 50)),
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The `next` of the previous page' })),
  },
  { additionalProperties: false },
);
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

// ---- The one refusal of a bad shape ---------------------------------------------------------

/**
 * One Ajv error as a message by id naming where it is (`body/players/0`, `input.seat`) and the rule
 * it breaks; the same ids for REST's validation (http/problem.ts) and for `check`. Undefined for a
 * keyword without a sentence of its own (invalidInput then gives Ajv's words inside a sentence of ours).
 */
/** What the size keywords count, for the sentences INVALID_INPUT.fewer and .more. */
const UNITS: Record<string, string> = {
  minItems: 'items',
  maxItems: 'items',
  minLength: 'characters',
  maxLength: 'characters',
  minProperties: 'properties',
  maxProperties: 'properties',
};

export function invalidInputMessage(
  v: Pick<ErrorObject, 'keyword' | 'instancePath' | 'params' | 'schema'>,
  where: string,
): Msg | undefined {
  const p = (v.params ?? {}) as Record<string, unknown>;
  switch (v.keyword) {
    case 'required':
      return { key: 'INVALID_INPUT.required', params: { where, field: String(p.missingProperty) } };
    case 'additionalProperties':
      return { key: 'INVALID_INPUT.additionalProperties', params: { where, field: String(p.additionalProperty) } };
    case 'type':
      return { key: 'INVALID_INPUT.type', params: { where, type: String(p.type) } };
    case 'minItems':
    case 'minLength':
    case 'minProperties':
      return { key: 'INVALID_INPUT.fewer', params: { where, limit: String(p.limit), unit: UNITS[v.keyword]! } };
    case 'maxItems':
    case 'maxLength':
    case 'maxProperties':
      return { key: 'INVALID_INPUT.more', params: { where, limit: String(p.limit), unit: UNITS[v.keyword]! } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if (p.comparison === '>=') return { key: 'INVALID_INPUT.minimum', params: { where, limit: String(p.limit) } };
      if (p.comparison === '<=') return { key: 'INVALID_INPUT.maximum', params: { where, limit: String(p.limit) } };
      return { key: 'INVALID_INPUT.compare', params: { where, comparison: String(p.comparison), limit: String(p.limit) } };
    case 'multipleOf':
      return { key: 'INVALID_INPUT.multipleOf', params: { where, limit: String(p.multipleOf) } };
    case 'uniqueItems':
      return { key: 'INVALID_INPUT.uniqueItems', params: { where, i: String(p.i), j: String(p.j) } };
    case 'format':
      return { key: 'INVALID_INPUT.format', params: { where, format: String(p.format) } };
    case 'oneOf': {
      // Members told apart by their required fields (a move or its notation): name those fields.
      const fields = unionMembers(v).map((m) => (m.required as string[] | undefined)?.[0]);
      return fields.length > 1 && fields.every(Boolean)
        ? { key: 'INVALID_INPUT.exactlyOne', params: { where, fields: fields.join(', ') } }
        : { key: 'INVALID_INPUT.oneOf', params: { where } };
    }
    case 'anyOf':
      return { key: 'INVALID_INPUT.anyOf', params: { where } };
    case 'enum':
      return Array.isArray(p.allowedValues)
        ? { key: 'INVALID_INPUT.enum', params: { where, values: p.allowedValues.map(String).join(', ') } }
        : undefined;
    case 'const':
      return { key: 'INVALID_INPUT.enum', params: { where, values: JSON.stringify(p.allowedValue) } };
    case 'pattern': {
      const rule = PATTERN_RULES.get(String(p.pattern));
      return rule
        ? { key: 'INVALID_INPUT.pattern', params: { where, rule } }
        : { key: 'INVALID_INPUT.patternRaw', params: { where, pattern: String(p.pattern) } };
    }
    default:
      return undefined;
  }
}

/**
 * The error that says why a value failed. Ajv stops at the first broken rule, but a `oneOf` or
 * `anyOf` reports each member's failure before its own: when the first error is a member's, the
 * member the sender meant (one whose failure is below its own fields, not a missing or unknown field
 * of the union itself) names the rule; an unknown field no member has names itself; otherwise the
 * union's own error, which names the members' required fields.
 */
export function decisiveError(errors: readonly ErrorObject[]): ErrorObject | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const union = errors.find((e) => (e.keyword === 'oneOf' || e.keyword === 'anyOf') && first.schemaPath.startsWith(`${e.schemaPath}/`));
  if (!union) return first;
  const members = errors.filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/`));
  const atUnion = (e: ErrorObject) =>
    e.instancePath === union.instancePath && (e.keyword === 'required' || e.keyword === 'additionalProperties');
  const meant = members.find((e) => !atUnion(e));
  if (meant) return meant;
  const known = new Set(unionMembers(union).flatMap((m) => Object.keys((m.properties as object | undefined) ?? {})));
  return (
    members.find(
      (e) => e.keyword === 'additionalProperties' && !known.has(String((e.params as { additionalProperty?: unknown }).additionalProperty)),
    ) ?? union
  );
}

/** The member schemas of a `oneOf`/`anyOf` error (the validators are verbose: the error carries its schema). */
const unionMembers = (e: Pick<ErrorObject, 'schema'>): Record<string, unknown>[] =>
  Array.isArray(e.schema) ? (e.schema as Record<string, unknown>[]) : [];

/** An Ajv error (or all of a value's errors) as the AppError every entry point answers: 400 INVALID_INPUT naming the field and the rule. */
export function invalidInput(errors: ErrorObject | readonly ErrorObject[] | null | undefined, root: string): AppError {
  const first = Array.isArray(errors) ? decisiveError(errors) : ((errors as ErrorObject | null | undefined) ?? undefined);
  const where = `${root}${first?.instancePath ?? ''}`;
  if (!first) return AppError.of('INVALID_INPUT', 'INVALID_INPUT.invalid', { where });
  const said = invalidInputMessage(first, where) ?? {
    key: 'INVALID_INPUT.schemaRule',
    params: { where, keyword: first.keyword, detail: first.message ?? 'is invalid' },
  };
  return AppError.of('INVALID_INPUT', said.key, said.params);
}

/**
 * `value` as the shape `schema` says, or 400 INVALID_INPUT naming the first broken rule, with
 * `where` as the name of the whole value (`input`, `body`, an argument's name). For GraphQL
 * arguments and any other entry point that is not a REST route; a REST route's body goes through
 * the same validator (`requestValidator`). Never coerces nor fills in defaults.
 */
export function check<S extends TSchema>(schema: S, value: unknown, where: string): Static<S> {
  const validate = compileShape(schema);
  if (validate(value)) return value as Static<S>;
  throw invalidInput(validate.errors ?? [], where);
}

/**
 * Query strings, paths and headers are text: a number or a boolean in them is read from its text
 * (`?limit=20`), and their defaults are filled in. Nothing else is coerced.
 */
const textValidator = new Ajv({
  allErrors: false,
  ownProperties: true,
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: false,
  strict: false,
  verbose: true,
});
const compiledText = new WeakMap<object, ValidateFunction>();

/**
 * Fastify's validator compiler for every route (src/http/app.ts): a body is JSON, checked by the one
 * shape validator GraphQL's arguments go through (`check`): no coercion (a string "60" is not the
 * integer 60), no defaults; a query string, path or header is text, read by `textValidator`.
 */
export function requestValidator({ schema, httpPart }: { schema: object; httpPart?: string }): ValidateFunction {
  if (httpPart === 'body') return compileShape(schema);
  let v = compiledText.get(schema);
  if (!v) {
    v = textValidator.compile(schema);
    compiledText.set(schema, v);
  }
  return v;
}

/** The `:id` and `:seat` of a seat's conditional lines: `me` (the token's seat) or a seat number (another seat's: 403). */
export const LinesParams = Type.Object({
  id: GameId,
  seat: Type.String({ pattern: '^(me|[0-9]{1,2})$', description: '`me` (the seat of the token), or a seat number' }),
});
export type LinesParams = Static<typeof LinesParams>;

/** A move in notation, as a seat reads it in its log (`{hidden}`: a move it may not see). */
const LineNotation = Type.String({ minLength: 1, maxLength: CONDITIONAL_LIMITS.notation });

/** A conditional line: the moves the others are expected to make, in order, then the seat's answer. */
export const ConditionalLine = Type.Object(
  {
    after: Type.Array(LineNotation, {
      minItems: 1,
      maxItems: CONDITIONAL_LIMITS.after,
      description: "The others' moves expected since the lines were set, in order, as this seat reads them in its log",
    }),
    play: { ...LineNotation, description: "The seat's answer, in notation: played when the expected moves were exactly these" },
  },
  { additionalProperties: false },
);

/** PUT /games/{id}/seats/me/conditional-moves: the seat's lines, replacing the ones before (none: cleared). */
export const ConditionalBody = Type.Object(
  { lines: Type.Array(ConditionalLine, { maxItems: CONDITIONAL_LIMITS.lines }) },
  { additionalProperties: false },
);
export type ConditionalBody = Static<typeof ConditionalBody>;
