import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, Kind, parse, type DocumentNode, type ExecutionResult } from 'graphql';
import mercurius from 'mercurius';
import mqemitterRedis from 'mqemitter-redis';
import { AppError, ERROR_STATUS, type ErrorCode } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import type { AnyGame, FieldSchema, ObjectSchema } from '../engine/index.js';
import type { Config } from '../config.js';
import { limitRules } from './graphql-limits.js';
import { toAppError } from './problem.js';
import { bearer } from './rest.js';

const pascal = (s: string) => s.replace(/(^|[-_ ])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const camel = (s: string) => {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** The GraphQL field name of a game in MoveInput: `town-center` -> `townCenter`. */
export const gameField = (game: AnyGame) => camel(game.id);

/**
 * Builds the typed move inputs from the games' move schemas: for each game an input
 * `<Game>Move @oneOf { <moveType>: <Game><MoveType>Input | Boolean }` (Boolean for moves without
 * fields), and `MoveInput @oneOf { <game>: <Game>Move }` over all games. Every field is typed, so
 * clients can introspect every move; nothing is an opaque JSON scalar.
 */
export function moveInputSdl(games: AnyGame[]): string {
  const out: string[] = [];
  const typeOf = (schema: FieldSchema, name: string, required: boolean): string => {
    const bang = required ? '!' : '';
    switch (schema.type) {
      case 'integer':
        return `Int${bang}`;
      case 'boolean':
        return `Boolean${bang}`;
      case 'string':
        if (schema.enum) {
          out.push(`enum ${name} {\n${schema.enum.map((v) => `  ${v}`).join('\n')}\n}`);
          return `${name}${bang}`;
        }
        return `String${bang}`;
      case 'array':
        return `[${typeOf(schema.items, `${name}Item`, true)}]${bang}`;
      case 'object':
        objectInput(schema, name);
        return `${name}${bang}`;
    }
  };
  const describe = (d: string | undefined) => (d ? `  """${d.replace(/"""/g, "'''")}"""\n` : '');
  const objectInput = (schema: ObjectSchema, name: string) => {
    const fields = Object.entries(schema.properties).map(([k, f]) => `${describe(f.description)}  ${k}: ${typeOf(f, `${name}${pascal(k)}`, (schema.required ?? []).includes(k))}`);
    out.push(`input ${name} {\n${fields.join('\n')}\n}`);
  };
  for (const game of games) {
    const prefix = pascal(game.id);
    const moves = Object.entries(game.moveSchemas as Record<string, ObjectSchema>).map(([type, schema]) => {
      if (Object.keys(schema.properties).length === 0) return `${describe(schema.description)}  ${type}: Boolean`;
      objectInput(schema, `${prefix}${pascal(type)}Input`);
      return `${describe(schema.description)}  ${type}: ${prefix}${pascal(type)}Input`;
    });
    out.push(`"""A ${game.name} move: exactly one field, named after the move type."""\ninput ${prefix}Move @oneOf {\n${moves.join('\n')}\n}`);
  }
  out.push(`"""A move of one game: exactly one field, named after the game."""\ninput MoveInput @oneOf {\n${games.map((g) => `  ${gameField(g)}: ${pascal(g.id)}Move`).join('\n')}\n}`);
  return out.join('\n\n');
}

/** `{ townCenter: { placeCube: { x: 1 } } }` -> `{ type: 'placeCube', x: 1 }`, checking the game. */
export function moveFromInput(game: AnyGame, input: Record<string, Record<string, unknown> | undefined>): unknown {
  const [key, inner] = Object.entries(input)[0] ?? [];
  if (key !== gameField(game) || !inner) throw new AppError('INVALID_INPUT', `this game is ${game.id}: send the move as { ${gameField(game)}: { <moveType>: ... } }`);
  const [type, fields] = Object.entries(inner)[0] ?? [];
  if (!type) throw new AppError('INVALID_INPUT', 'a move needs exactly one move type field');
  if (fields === true || fields === false || fields === null) return { type };
  return { type, ...(fields as object) };
}

function baseSdl(games: AnyGame[]): string {
  return `
"""Any JSON value. Used for game views, events and options, whose shape each game documents."""
scalar JSON

enum GameStatus { active finished }

type GameType {
  id: ID!
  name: String!
  minPlayers: Int!
  maxPlayers: Int!
  engineVersion: Int!
  """JSON Schema of the options object"""
  options: JSON!
  """JSON Schema of each move type's fields"""
  moves: JSON!
}

type Player { seat: Int!, name: String! }
type SeatToken { seat: Int!, name: String!, """Secret: shown once.""" token: String! }

type CreatedGame {
  id: ID!
  type: String!
  engineVersion: Int!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  seats: [SeatToken!]!
}

type Outcome { scores: [Float!]!, ranks: [Int!]!, winners: [Int!]!, detail: JSON }

type MoveEntry {
  version: Int!
  seat: Int!
  at: String!
  """The move, or null while it is hidden from this viewer"""
  move: JSON
  events: [JSON!]!
}

"""A game as the caller's seat sees it (without a token: a spectator)."""
type Game {
  id: ID!
  type: String!
  engineVersion: Int!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  players: [Player!]!
  viewerSeat: Int
  view: JSON!
  outcome: Outcome
  options: JSON!
  createdAt: String!
  """The caller's legal moves now, each { type, ...fields } (needs a seat token)"""
  legalMoves: [JSON!]!
  events(after: Int = 0, limit: Int = 200): [MoveEntry!]!
  """The game right after version \`at\`"""
  replay(at: Int!): GameAt!
  record: JSON!
}

type GameAt {
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  view: JSON!
  outcome: Outcome
}

type MoveResult {
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  outcome: Outcome
  events: [JSON!]!
}

"""Pushed to each watcher after every accepted move, with that watcher's own view."""
type GameUpdate {
  gameId: ID!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  view: JSON!
  outcome: Outcome
}

type GameSummary { id: ID!, type: String!, version: Int!, status: GameStatus!, toMove: [Int!]!, players: [Player!]!, updatedAt: String! }
type GamePage { games: [GameSummary!]!, next: String }

input PlayerInput { name: String! }
input CreateGameInput {
  type: String!
  players: [PlayerInput!]!
  seed: String
  options: JSON
}

type Query {
  gameTypes: [GameType!]!
  game(id: ID!): Game!
  """Operator only"""
  games(status: GameStatus, type: String, limit: Int = 50, before: String): GamePage!
}

type Mutation {
  createGame(input: CreateGameInput!): CreatedGame!
  submitMove(gameId: ID!, move: MoveInput!, expectedVersion: Int, idempotencyKey: String): MoveResult!
  importRecord(record: JSON!): CreatedGame!
  """Operator only"""
  deleteGame(id: ID!): Boolean!
}

type Subscription {
  """The game now, then after every accepted move; each watcher gets its own seat's view."""
  gameUpdated(gameId: ID!): GameUpdate!
}

${moveInputSdl(games)}
`;
}

interface Ctx {
  token?: string;
  service: GameService;
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
  /** Subscriptions only: the WebSocket upgrade request, and the connection's count of open subscriptions. */
  request?: FastifyRequest;
  subscriptions?: { open: number };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a GraphQL request over HTTP before Mercurius runs it, so that each client mistake gets its
 * own code in a GraphQL-shaped body: a malformed Authorization header (401 UNAUTHORIZED), a query
 * operationName or variables of the wrong type, a document with several operations and no operationName or
 * an unknown one (400 INVALID_INPUT), a subscription over HTTP (400), a mutation over GET (405).
 * A syntax error is a 400 INVALID_INPUT naming where the document breaks.
 */
export function checkGraphqlRequest(req: FastifyRequest): void {
  if ((req as { ws?: boolean }).ws) return; // the WebSocket upgrade: its auth comes in connection_init
  bearer(req.headers.authorization);
  const src = req.method === 'GET' ? req.query : req.body;
  if (!isObject(src)) return;
  const { query, operationName } = src;
  if (query === undefined || query === null) throw new AppError('INVALID_INPUT', 'a GraphQL request needs a "query" string');
  if (typeof query !== 'string') throw new AppError('INVALID_INPUT', '"query" must be a string holding a GraphQL document');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw new AppError('INVALID_INPUT', '"operationName" must be a string');
  if (req.method === 'GET' && src.variables !== undefined) {
    let vars: unknown;
    try {
      vars = typeof src.variables === 'string' ? JSON.parse(src.variables) : src.variables;
    } catch {
      throw new AppError('INVALID_INPUT', '"variables" must be a JSON object');
    }
    if (vars !== null && !isObject(vars)) throw new AppError('INVALID_INPUT', '"variables" must be a JSON object');
  }
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: 20_000 });
  } catch (err) {
    throw new AppError('INVALID_INPUT', err instanceof GraphQLError ? err.message : 'the query is not a GraphQL document');
  }
  const names = doc.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? '(anonymous)'] : []));
  const op = getOperationAST(doc, operationName ?? undefined);
  if (!op) {
    if (operationName) throw new AppError('INVALID_INPUT', `the document has no operation named "${operationName.slice(0, 100)}" (it has: ${names.join(', ') || 'none'})`);
    throw new AppError('INVALID_INPUT', names.length === 0 ? 'the document has no operation' : `the document has ${names.length} operations (${names.join(', ')}): name the one to run with "operationName"`);
  }
  if (op.operation === 'subscription') throw new AppError('INVALID_INPUT', 'subscriptions run over WebSocket (graphql-transport-ws protocol) at /graphql, not over HTTP');
  if (req.method === 'GET' && op.operation !== 'query') throw new AppError('METHOD_NOT_ALLOWED', `a ${op.operation} needs POST; GET runs queries only`);
}

interface Classified { code: ErrorCode; status: number; message: string; extensions: Record<string, unknown> }

/** The API's code of one GraphQL error: its own code, an AppError's, a Fastify error's (415, 413, 429...), else INVALID_INPUT for a document the client got wrong, INTERNAL for a fault of the server. */
function classify(err: GraphQLError, inherited?: ErrorCode): Classified {
  const ext = { ...(err.extensions ?? {}) } as Record<string, unknown>;
  const given = typeof ext.code === 'string' && Object.hasOwn(ERROR_STATUS, ext.code) ? (ext.code as ErrorCode) : undefined;
  if (given) return { code: given, status: ERROR_STATUS[given], message: err.message, extensions: ext };
  const orig = err.originalError as (Error & { code?: string; statusCode?: number }) | undefined;
  let code: ErrorCode;
  let message = err.message;
  if (orig instanceof AppError) {
    code = orig.code;
    Object.assign(ext, orig.extra);
  } else if (orig?.code === 'MER_ERR_METHOD_NOT_ALLOWED') code = 'METHOD_NOT_ALLOWED';
  else if (orig && (typeof orig.statusCode === 'number' || (orig as { validation?: unknown }).validation)) {
    const app = toAppError(orig);
    code = app.code;
    message = app.code === 'INTERNAL' ? message : app.message;
    Object.assign(ext, app.extra);
  } else if (!orig || orig instanceof GraphQLError) code = inherited ?? 'INVALID_INPUT';
  else code = 'INTERNAL';
  ext.code = code;
  return { code, status: ERROR_STATUS[code], message, extensions: ext };
}

/**
 * Every GraphQL answer's errors carry one of the API's codes in extensions.code; a client's mistake
 * is never INTERNAL. A request refused as a whole gets that error's HTTP status (and Retry-After
 * when the error says when to come back).
 */
function formatErrors(execution: ExecutionResult & { statusCode?: number }, ctx: { reply?: { header(k: string, v: string): unknown; log: { info(o: object, m: string): void; error(o: object, m: string): void } } }) {
  const flat: Classified[] = [];
  for (const e of execution.errors ?? []) {
    const orig = e.originalError as (Error & { errors?: unknown[]; code?: string; statusCode?: number }) | undefined;
    if (orig && Array.isArray(orig.errors)) {
      const parent = classify(new GraphQLError(orig.message, { originalError: Object.assign(new Error(orig.message), { code: orig.code, statusCode: orig.statusCode }) }));
      for (const inner of orig.errors) {
        const g = inner instanceof GraphQLError ? inner : new GraphQLError(String((inner as Error)?.message ?? inner), {});
        flat.push(classify(g, parent.code === 'INTERNAL' ? 'INVALID_INPUT' : parent.code));
      }
    } else flat.push(classify(e));
  }
  const errors = flat.map((c, i) => {
    const src = execution.errors?.[i];
    if (c.code === 'INTERNAL') {
      ctx.reply?.log.error({ err: src?.originalError ?? src }, 'graphql request failed');
      return { message: 'internal server error', extensions: c.extensions, ...(src?.path ? { path: src.path } : {}) };
    }
    ctx.reply?.log.info({ code: c.code, detail: c.message }, 'graphql request refused');
    return { message: c.message, extensions: c.extensions, ...(src?.locations && flat.length === execution.errors?.length ? { locations: src.locations } : {}), ...(src?.path && flat.length === execution.errors?.length ? { path: src.path } : {}) };
  });
  const retry = flat.find((c) => typeof c.extensions.retryAfter === 'number');
  if (retry) ctx.reply?.header('Retry-After', String(retry.extensions.retryAfter));
  const statusCode = execution.data ? 200 : (execution.statusCode ?? flat[0]?.status ?? 200);
  return { statusCode, response: { data: execution.data ?? null, errors } };
}

const toGraphQLError = (err: unknown) => {
  if (err instanceof AppError) return new mercurius.ErrorWithProps(err.message, { code: err.code, ...err.extra }, err.status);
  return err;
};
const guard = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
  try {
    return await fn(...a);
  } catch (err) {
    throw toGraphQLError(err);
  }
};

export const topicOf = (gameId: string) => `game:${gameId}`;

export async function registerGraphql(app: FastifyInstance, service: GameService, config: Config): Promise<void> {
  const games = service.registry.list();
  // A malformed header is refused by checkGraphqlRequest; the context (also built for error answers) never throws.
  const tokenOfRequest = (req: FastifyRequest) => {
    try {
      return bearer(req.headers.authorization);
    } catch {
      return undefined;
    }
  };
  const limiter = config.rateLimitPerMinute > 0 && app.hasDecorator('createRateLimit') ? app.createRateLimit() : undefined;

  const gameResolvers = {
    legalMoves: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token)).moves),
    events: guard(async (g: { id: string }, a: { after: number; limit: number }, ctx: Ctx) => (await service.events(g.id, ctx.token, a.after, a.limit)).moves),
    replay: guard(async (g: { id: string }, a: { at: number }, ctx: Ctx) => service.replay(g.id, ctx.token, a.at)),
    record: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => service.record(g.id, ctx.token)),
    viewerSeat: (g: { viewer: { seat: number | null } }) => g.viewer.seat,
  };

  const resolvers = {
    Query: {
      gameTypes: () => service.gameTypes(),
      game: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => service.getGame(a.id, ctx.token)),
      games: guard(async (_: unknown, a: { status?: 'active' | 'finished'; type?: string; limit: number; before?: string }, ctx: Ctx) => service.listGames(ctx.token, { ...a, before: a.before ?? undefined })),
    },
    Mutation: {
      createGame: guard(async (_: unknown, a: { input: { type: string; players: { name: string }[]; seed?: string; options?: unknown } }) => {
        const { players, seed } = a.input;
        if (players.some((p) => p.name.length < 1 || p.name.length > 64)) throw new AppError('INVALID_INPUT', 'a player name has 1 to 64 characters');
        if (seed !== undefined && seed !== null && (seed.length < 1 || seed.length > 128)) throw new AppError('INVALID_INPUT', 'a seed has 1 to 128 characters');
        return service.createGame({ type: a.input.type, players, seed: seed ?? undefined, options: a.input.options ?? undefined });
      }),
      submitMove: guard(async (_: unknown, a: { gameId: string; move: Record<string, Record<string, unknown>>; expectedVersion?: number | null; idempotencyKey?: string | null }, ctx: Ctx) => {
        const summary = await service.getGame(a.gameId, ctx.token);
        const game = service.registry.version(summary.type, summary.engineVersion)!;
        return service.submitMove(a.gameId, ctx.token, moveFromInput(game, a.move), { expectedVersion: a.expectedVersion ?? undefined, idempotencyKey: a.idempotencyKey ?? undefined });
      }),
      // The service checks the record's shape: the same schema and validator as REST's import.
      importRecord: guard(async (_: unknown, a: { record: GameRecord }) => service.importRecord(a.record)),
      deleteGame: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => {
        await service.deleteGame(ctx.token, a.id);
        return true;
      }),
    },
    Subscription: {
      gameUpdated: {
        subscribe: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => {
          // Each subscription counts against the client's rate limit like a request, and one
          // connection holds at most graphqlMaxSubscriptions at once.
          if (limiter && ctx.request) {
            const r = await limiter(ctx.request);
            if (!r.isAllowed && r.isExceeded) throw new AppError('RATE_LIMITED', `rate limit of ${r.max} requests per minute exceeded; retry in ${r.ttlInSeconds} s`, { retryAfter: r.ttlInSeconds });
          }
          const count = ctx.subscriptions ?? { open: 0 };
          if (count.open >= config.graphqlMaxSubscriptions) throw new AppError('TOO_MANY_SUBSCRIPTIONS', `a connection holds at most ${config.graphqlMaxSubscriptions} subscriptions; complete one first`);
          count.open++;
          let started = false;
          try {
            const first = await service.getGame(a.gameId, ctx.token); // checks the game and the token before anything is sent
            const iterator = await ctx.pubsub.subscribe(topicOf(a.gameId));
            started = true;
            return (async function* () {
              try {
                yield { gameUpdated: first };
                // Each watcher reads its own view; the game just committed is in this process's cache.
                for await (const update of iterator) yield { gameUpdated: await service.getGame(a.gameId, ctx.token, (update as { version: number }).version) };
              } finally {
                count.open--;
              }
            })();
          } finally {
            if (!started) count.open--;
          }
        }),
      },
    },
    Game: gameResolvers,
    GameUpdate: { gameId: (g: { id: string }) => g.id },
  };

  // With REDIS_URL, live updates go through Redis, so a watcher connected to one server process is
  // woken by a move accepted by another. Without it, the emitter is in-process.
  const emitter = config.redisUrl ? mqemitterRedis({ connectionString: config.redisUrl }) : undefined;
  if (emitter) app.addHook('onClose', () => new Promise<void>((resolve) => emitter.close(() => resolve())));

  await app.register(mercurius, {
    schema: baseSdl(games),
    resolvers: resolvers as never,
    graphiql: !config.production,
    validationRules: limitRules({ maxDepth: config.graphqlMaxDepth, maxIntrospectionDepth: config.graphqlMaxIntrospectionDepth, maxAliases: config.graphqlMaxAliases, maxCost: config.graphqlMaxCost, maxReadWeight: config.graphqlMaxReadWeight }),
    additionalRouteOptions: { preHandler: async (req: FastifyRequest) => checkGraphqlRequest(req) },
    context: (req: FastifyRequest) => ({ token: tokenOfRequest(req), service }),
    subscription: {
      ...(emitter ? { emitter } : {}),
      // Mercurius calls onConnect as a method of the connection, whose `socket` it is: a malformed
      // token closes it with 4403 Forbidden, as the graphql-transport-ws protocol says (no
      // connection_error message, which the protocol does not have).
      onConnect: function (this: { socket?: { close(code: number, reason: string): void } }, { payload }: { payload?: unknown }) {
        const p = isObject(payload) ? payload : {};
        const header = p.authorization ?? p.Authorization;
        try {
          if (header !== undefined && typeof header !== 'string') throw new AppError('UNAUTHORIZED', 'authorization must be a string');
          return { token: bearer(header) ?? undefined };
        } catch {
          this.socket?.close(4403, 'Forbidden');
          return false;
        }
      },
      // Per connection: its upgrade request (for the rate limit) and its count of subscriptions.
      context: (_socket: unknown, request: FastifyRequest) => ({ service, request, subscriptions: { open: 0 } }),
    },
    errorFormatter: (execution, ctx) => formatErrors(execution as never, ctx as never) as never,
  });

  // Live updates: one of the after-commit hooks. Each watcher's resolver reads its own view.
  service.onCommitted((c) => {
    void app.graphql.pubsub.publish({ topic: topicOf(c.gameId), payload: { version: c.version } });
  });
}
