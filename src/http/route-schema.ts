import type { TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';

/**
 * The conventions every REST operation follows, in one place, so that a new route gets them by
 * construction: an operationId, a summary and a real description, tags, its security (`public`
 * operations say `security: []`), one described success response and the problem+json error
 * responses it can give, each with a description of its codes. Routes call `operation({...})` for
 * their `schema`. Response schemas document the answer (they may reference the typed components of
 * contract.ts); answers are serialized as plain JSON.
 */

export type Access = 'public' | 'seat' | 'seatOrSpectator' | 'operator' | 'player' | 'playerOptional' | 'seatOrOperator';

/** A seat acts with its seat token or with the token of the player the seat is bound to. */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  seat: [{ seatToken: [] }, { playerToken: [] }],
  seatOrSpectator: [{ seatToken: [] }, { playerToken: [] }, {}],
  operator: [{ operatorToken: [] }],
  player: [{ playerToken: [] }],
  playerOptional: [{ playerToken: [] }, {}],
  seatOrOperator: [{ seatToken: [] }, { playerToken: [] }, { operatorToken: [] }],
};

/** What each error status means in this API (the codes are in src/app/errors.ts and docs/api.md). */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400:
    'Bad input (INVALID_INPUT): malformed JSON, unknown or mistyped fields, an integer out of ' +
    'its bounds, an unknown game type, option or move type, an unreadable notation',
  401: "UNAUTHORIZED: a token is needed, or the token is not one of this game's",
  403:
    "FORBIDDEN: this token may not do this (a seat token where the operator's is needed, or " +
    'the operator trying to move); SEED_NOT_ALLOWED: this server does not accept a chosen seed',
  404: 'NOT_FOUND: no game (or other resource) has this id',
  408: 'REQUEST_TIMEOUT: the request (headers or body) took longer than the request timeout',
  409:
    "Conflict with the game's state: NOT_YOUR_TURN, VERSION_CONFLICT (see currentVersion), " +
    'GAME_OVER, GAME_NOT_STARTED, GAME_STARTED, GAME_FULL, SEAT_TAKEN, ALREADY_SEATED, ' +
    'COLOUR_TAKEN, SEAT_RESIGNED, ALREADY_RESIGNED or ENGINE_VERSION_UNSUPPORTED',
  413: 'PAYLOAD_TOO_LARGE: the body is over the size limit',
  415: 'UNSUPPORTED_MEDIA_TYPE: the body is not JSON',
  422: 'Refused by the rules: ILLEGAL_MOVE (violation and rule name the broken rule), IDEMPOTENCY_KEY_REUSED, or IMPORT_INVALID',
  429: 'RATE_LIMITED: too many requests; Retry-After says when to come back',
  503: 'UNAVAILABLE: the database does not answer, the server is overloaded or busy with other imports; Retry-After says when to come back',
};

/** A request part's schema (TypeBox, from src/app/shapes.ts), or none. */
type Part = TSchema | undefined;

export interface OperationSpec<P extends Part = Part, Q extends Part = Part, B extends Part = Part, H extends Part = Part> {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  access: Access;
  /** The request's parts, as TypeBox schemas: validated by the route, typed through the TypeBox type provider, documented as they are. */
  params?: P;
  querystring?: Q;
  headers?: H;
  /** The body schema the route validates. */
  body?: B;
  /**
   * The body as documented, when the service checks it further than the route (a move's or an
   * option's fields, against the game's own schemas, with messages that name the rule).
   */
  documentedBody?: object;
  /** The success answer: a JSON schema, or `content` by media type (text records, SVG, event streams). */
  success: { status: number; description: string; schema?: object; content?: Record<string, { schema: object }> };
  /** Error statuses this operation can answer (429 and 503 are added to every operation). */
  errors: number[];
  /** What an error status means for this operation, where it says more than ERROR_DESCRIPTIONS. */
  errorDescriptions?: Record<number, string>;
}

const problem = (status: number, own?: Record<number, string>) => ({
  description: own?.[status] ?? ERROR_DESCRIPTIONS[status] ?? 'An error, as application/problem+json',
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

/** A route's success answer: its description and schema, and its status (200 unless said). */
export const answer = (description: string, schema: object, status = 200) => ({ status, description, schema });

/**
 * A closed object's JSON Schema: these properties and no other, `required` naming those it must
 * have (all of them unless said), `more` for its description and the like.
 */
export const closed = (
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
  more: Record<string, unknown> = {},
) => ({
  type: 'object',
  ...more,
  additionalProperties: false,
  required,
  properties,
});

/** The answer of a listing: a page of games (`item` each) and the cursor of the next page. */
export const pageOfGames = (item: Record<string, unknown>) =>
  closed({
    games: { type: 'array', items: item },
    next: { type: ['string', 'null'], description: 'The cursor of the next page; null on the last page' },
  });

/**
 * The route's `schema`, keeping the request parts' TypeBox types so that Fastify's TypeBox type
 * provider infers `req.params`, `req.query`, `req.headers` and `req.body` from them: each shape is
 * written once (src/app/shapes.ts) and gives validation, types and the OpenAPI document.
 */
export type OperationSchema<P extends Part, Q extends Part, B extends Part, H extends Part> = FastifySchema & {
  params: P;
  querystring: Q;
  body: B;
  headers: H;
};

/** A schema as plain JSON: TypeBox keeps its own marks in symbol keys, which the document must not carry. */
const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema)) as T;

export function operation<P extends Part = undefined, Q extends Part = undefined, B extends Part = undefined, H extends Part = undefined>(
  spec: OperationSpec<P, Q, B, H>,
): OperationSchema<P, Q, B, H> {
  const { success } = spec;
  const response: Record<number, unknown> = {
    [success.status]: success.content
      ? { description: success.description, content: success.content }
      : success.schema
        ? { description: success.description, content: { 'application/json': { schema: success.schema } } }
        : { description: success.description, type: 'null' },
  };
  // Every operation may be rate limited (429) or shed while the database is away (503); one that
  // takes a path, query, header or body may get one that does not fit its schema (400).
  const validated = spec.params || spec.querystring || spec.headers || spec.body;
  for (const status of [...new Set([...spec.errors, ...(validated ? [400] : []), 429, 503])].sort())
    response[status] = problem(status, spec.errorDescriptions);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    security: SECURITY[spec.access],
    ...(spec.params ? { params: plain(spec.params) } : {}),
    ...(spec.querystring ? { querystring: plain(spec.querystring) } : {}),
    ...(spec.headers ? { headers: plain(spec.headers) } : {}),
    ...(spec.body ? { body: plain(spec.body) } : {}),
    ...(spec.documentedBody ? { documentedBody: spec.documentedBody } : {}),
    response,
  } as OperationSchema<P, Q, B, H>;
}

/**
 * A request schema as the document shows it: a move (`MoveRef`, which the route checks as
 * { type, ...fields } so that the game's own checks name the broken rule) is shown as `AnyMove`,
 * the union of the hosted games' typed moves.
 */
const documentedMoves = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(documentedMoves);
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  if (o.title === 'MoveRef')
    return { $ref: '#/components/schemas/AnyMove', ...(typeof o.description === 'string' ? { description: o.description } : {}) };
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, documentedMoves(v)]));
};

/** For @fastify/swagger's `transform`: the document shows `documentedBody` in place of the validated body, and moves typed
 * (`documentedMoves`). */
export function documentedSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { documentedBody, ...rest } = schema;
  if (documentedBody) return { ...rest, body: documentedBody };
  return rest.body ? { ...rest, body: documentedMoves(rest.body) } : rest;
}
