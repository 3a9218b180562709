import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import mercurius from 'mercurius';
import mqemitterRedis from 'mqemitter-redis';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import type { AnyGame, FieldSchema, ObjectSchema } from '../engine/index.js';
import type { Config } from '../config.js';
import { gameTypesSdl } from './graphql-types.js';
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
  """The events, typed: one GraphQL type per game and event type"""
  typedEvents: [GameEvent!]!
}

"""A legal move, typed, with an id that submitListedMove accepts as is while the game is at that version."""
type LegalMove {
  """Opaque: names this move at this version (submitListedMove refuses it once the game has moved on)"""
  id: ID!
  move: ListedMove!
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
  """The view, typed per game (a union of the games' view types)"""
  typedView: GameView!
  outcome: Outcome
  options: JSON!
  createdAt: String!
  """The caller's legal moves now, each { type, ...fields } (needs a seat token)"""
  legalMoves: [JSON!]!
  """The caller's legal moves now, typed, each with an id to submit it by (needs a seat token)"""
  typedLegalMoves: [LegalMove!]!
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
  typedView: GameView!
  outcome: Outcome
}

type MoveResult {
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  outcome: Outcome
  events: [JSON!]!
  typedEvents: [GameEvent!]!
}

"""Pushed to each watcher after every accepted move, with that watcher's own view."""
type GameUpdate {
  gameId: ID!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  view: JSON!
  typedView: GameView!
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
  """Submit a move listed by typedLegalMoves by its id (valid while the game is at the version it was listed at)."""
  submitListedMove(gameId: ID!, moveId: ID!, idempotencyKey: String): MoveResult!
  importRecord(record: JSON!): CreatedGame!
  """Operator only"""
  deleteGame(id: ID!): Boolean!
}

type Subscription {
  """The game now, then after every accepted move; each watcher gets its own seat's view."""
  gameUpdated(gameId: ID!): GameUpdate!
}

${moveInputSdl(games)}

${gameTypesSdl(games).sdl}
`;
}

/**
 * A cost limit: every field selected costs 1 (fragments counted where spread, aliases each
 * counted), so a query cannot amplify work with aliases or fragment repetition.
 */
export function costLimitRule(maxCost: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const cost = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let n = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) n += 1 + cost(sel.selectionSet, seen);
        else if (sel.kind === Kind.INLINE_FRAGMENT) n += cost(sel.selectionSet, seen);
        else if (!seen.has(sel.name.value)) n += cost(fragments.get(sel.name.value)?.selectionSet, new Set([...seen, sel.name.value]));
        if (n > maxCost) return n;
      }
      return n;
    };
    return {
      OperationDefinition(node) {
        const c = cost(node.selectionSet, new Set());
        if (c > maxCost) context.reportError(new GraphQLError(`query cost ${c} exceeds the limit of ${maxCost} fields`, { nodes: [node], extensions: { code: 'QUERY_TOO_COSTLY' } }));
      },
    };
  };
}

interface Ctx {
  token?: string;
  service: GameService;
  pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> };
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

/** A listed move's id: the version it was listed at and the move, as base64url JSON (the server checks both again). */
export const listedMoveId = (version: number, move: unknown) => Buffer.from(JSON.stringify({ v: version, m: move })).toString('base64url');
function fromListedMoveId(id: string): { version: number; move: unknown } {
  try {
    const { v, m } = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as { v: unknown; m: unknown };
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && typeof m === 'object' && m !== null) return { version: v, move: m };
  } catch {
    // reported below
  }
  throw new AppError('INVALID_INPUT', 'moveId is not the id of a move listed by typedLegalMoves');
}

export const topicOf = (gameId: string) => `game:${gameId}`;

export async function registerGraphql(app: FastifyInstance, service: GameService, config: Config): Promise<void> {
  const games = service.registry.list();
  const generated = gameTypesSdl(games);
  const typedView = (g: { type: string; view: object }) => ({ ...g.view, __game: g.type });
  const tokenOfRequest = (req: FastifyRequest) => bearer(req.headers.authorization);

  const gameResolvers = {
    legalMoves: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token)).moves),
    events: guard(async (g: { id: string }, a: { after: number; limit: number }, ctx: Ctx) => {
      if (a.limit < 1 || a.limit > 1000 || a.after < 0) throw new AppError('INVALID_INPUT', 'events takes after >= 0 and 1 <= limit <= 1000');
      const log = await service.events(g.id, ctx.token, a.after, a.limit);
      return log.moves.map((m) => ({ ...m, __game: log.type }));
    }),
    replay: guard(async (g: { id: string }, a: { at: number }, ctx: Ctx) => service.replay(g.id, ctx.token, a.at)),
    record: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => service.record(g.id, ctx.token)),
    viewerSeat: (g: { viewer: { seat: number | null } }) => g.viewer.seat,
    typedView,
    typedLegalMoves: guard(async (g: { id: string; type: string }, _: unknown, ctx: Ctx) => {
      const legal = await service.legalMoves(g.id, ctx.token);
      return legal.moves.map((move) => ({ id: listedMoveId(legal.version, move), move: { ...(move as object), __game: legal.type } }));
    }),
  };

  const resolvers = {
    Query: {
      gameTypes: () => service.gameTypes(),
      game: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => service.getGame(a.id, ctx.token)),
      games: guard(async (_: unknown, a: { status?: 'active' | 'finished'; type?: string; limit: number; before?: string }, ctx: Ctx) => {
        if (a.limit < 1 || a.limit > 200) throw new AppError('INVALID_INPUT', 'limit must be between 1 and 200');
        return service.listGames(ctx.token, a);
      }),
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
      submitListedMove: guard(async (_: unknown, a: { gameId: string; moveId: string; idempotencyKey?: string | null }, ctx: Ctx) => {
        const { version, move } = fromListedMoveId(a.moveId);
        return service.submitMove(a.gameId, ctx.token, move, { expectedVersion: version, idempotencyKey: a.idempotencyKey ?? undefined });
      }),
      importRecord: guard(async (_: unknown, a: { record: GameRecord }) => {
        const r = a.record;
        if (typeof r !== 'object' || r === null || !Array.isArray(r.players) || !Array.isArray(r.moves)) throw new AppError('INVALID_INPUT', 'a record is an object with players and moves arrays');
        return service.importRecord(r);
      }),
      deleteGame: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => {
        await service.deleteGame(ctx.token, a.id);
        return true;
      }),
    },
    Subscription: {
      gameUpdated: {
        subscribe: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => {
          const first = await service.getGame(a.gameId, ctx.token); // checks the game and the token before anything is sent
          const iterator = await ctx.pubsub.subscribe(topicOf(a.gameId));
          return (async function* () {
            yield { gameUpdated: first };
            // Each watcher reads its own view; the game just committed is in this process's cache.
            for await (const update of iterator) yield { gameUpdated: await service.getGame(a.gameId, ctx.token, (update as { version: number }).version) };
          })();
        }),
      },
    },
    Game: gameResolvers,
    GameAt: { typedView },
    GameUpdate: { gameId: (g: { id: string }) => g.id, typedView },
    MoveEntry: { typedEvents: (m: { events: object[]; __game: string }) => m.events.map((e) => ({ ...e, __game: m.__game })) },
    MoveResult: { typedEvents: (r: { events: object[]; type: string }) => r.events.map((e) => ({ ...e, __game: r.type })) },
    ...generated.resolvers,
  };

  // With REDIS_URL, live updates go through Redis, so a watcher connected to one server process is
  // woken by a move accepted by another. Without it, the emitter is in-process.
  const emitter = config.redisUrl ? mqemitterRedis({ connectionString: config.redisUrl }) : undefined;
  if (emitter) app.addHook('onClose', () => new Promise<void>((resolve) => emitter.close(() => resolve())));

  await app.register(mercurius, {
    schema: baseSdl(games),
    resolvers: resolvers as never,
    graphiql: !config.production,
    queryDepth: config.graphqlMaxDepth,
    validationRules: [costLimitRule(config.graphqlMaxCost)],
    context: (req: FastifyRequest) => ({ token: tokenOfRequest(req), service }),
    subscription: {
      ...(emitter ? { emitter } : {}),
      onConnect: ({ payload }: { payload?: { authorization?: string; Authorization?: string } }) => {
        try {
          return { token: bearer(payload?.authorization ?? payload?.Authorization) ?? undefined };
        } catch {
          return false;
        }
      },
      context: () => ({ service }),
    },
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter(execution, ctx);
      const errors = (formatted.response.errors ?? []).map((e) => {
        const ext = { ...(e.extensions ?? {}) } as Record<string, unknown>;
        if (!ext.code) ext.code = /depth/i.test(e.message) ? 'QUERY_TOO_DEEP' : formatted.statusCode === 400 ? 'INVALID_INPUT' : 'INTERNAL';
        if (ext.code === 'INTERNAL') return { ...e, message: 'internal server error', extensions: ext };
        return { ...e, extensions: ext };
      });
      return { statusCode: formatted.statusCode, response: { ...formatted.response, errors } };
    },
  });

  // Live updates: one of the after-commit hooks. Each watcher's resolver reads its own view.
  service.onCommitted((c) => {
    void app.graphql.pubsub.publish({ topic: topicOf(c.gameId), payload: { version: c.version } });
  });
}
