import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';
import mercurius from 'mercurius';
import mqemitterRedis from 'mqemitter-redis';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { PlayerEntry } from '../app/lobby/lobby.js';
import type { GameStatus as Status } from '../store/types.js';
import type { AnyGame, FieldSchema, ObjectSchema } from '../engine/index.js';
import type { Config } from '../config.js';
import { bearer, type DeadlinesOf } from './rest.js';
import { TIMEOUT_ACTIONS, type TimeoutAction } from '../store/types.js';

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

"""waiting: a seat is still open and nobody moves yet"""
enum GameStatus { waiting active finished }

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

type Player { seat: Int!, """Empty while the seat is open""" name: String!, open: Boolean!, """The server plays its moves; it ranks last""" resigned: Boolean!, colour: String }
"""A seat at creation: seated (name and token) or open (open: true, no token)."""
type SeatToken { seat: Int!, name: String, """Secret: shown once.""" token: String, open: Boolean, colour: String }
type Invite { """Secret: shown once; others join with it.""" code: String! }

type CreatedGame {
  id: ID!
  type: String!
  engineVersion: Int!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  seats: [SeatToken!]!
  invite: Invite
}

type Outcome { scores: [Float!]!, ranks: [Int!]!, winners: [Int!]!, detail: JSON }

type MoveEntry {
  version: Int!
  seat: Int!
  """resign, resigned (played by the server for a resigned seat) or timeout; null when the seat played"""
  origin: String
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
  """Play by mail: seconds each seat has for each of its moves (null: no deadlines)"""
  turnDeadlineSeconds: Int
  """What happens when a seat's time runs out: auto-move, resign or none"""
  timeoutAction: String
  """While the game runs with a turn clock: when each seat that must act runs out of time"""
  deadlines: [Deadline!]!
  """The caller's legal moves now, each { type, ...fields } (needs a seat token)"""
  legalMoves: [JSON!]!
  events(after: Int = 0, limit: Int = 200): [MoveEntry!]!
  """The game right after version \`at\`"""
  replay(at: Int!): GameAt!
  record: JSON!
}

type Deadline { seat: Int!, at: String! }

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

"""Exactly one of: name (seated now), open: true (an open seat), me: true (the caller's player)."""
input PlayerInput { name: String, open: Boolean, me: Boolean, colour: String }
input CreateGameInput {
  type: String!
  players: [PlayerInput!]!
  seed: String
  options: JSON
  """Listed in the lobby while it waits"""
  public: Boolean
  """Play by mail: seconds each seat has for each of its moves (1 s to 90 days)"""
  turnDeadlineSeconds: Int
  """auto-move, resign or none (default): what happens when a seat's time runs out"""
  timeoutAction: String
}

type PlayerIdentity { id: ID!, name: String!, email: String }
type CreatedPlayer { id: ID!, name: String!, """Secret: shown once.""" token: String! }
type JoinedSeat { seat: Int!, name: String!, """Secret: shown once.""" token: String!, colour: String, status: GameStatus! }
type LobbySeat { seat: Int!, open: Boolean!, name: String, colour: String }
type LobbyGame { id: ID!, type: String!, options: JSON!, seats: [LobbySeat!]!, seatsTaken: Int!, seatsOpen: Int!, createdAt: String! }
type LobbyPage { games: [LobbyGame!]!, next: String }
type InboxGame { id: ID!, type: String!, seat: Int!, version: Int!, status: GameStatus!, toMove: [Int!]!, isMyTurn: Boolean!, resigned: Boolean!, lastMoveAt: String, updatedAt: String! }
type InboxPage { games: [InboxGame!]!, next: String }

type Query {
  gameTypes: [GameType!]!
  game(id: ID!): Game!
  """Operator only"""
  games(status: GameStatus, type: String, limit: Int = 50, before: String): GamePage!
  """The player of the token"""
  me: PlayerIdentity!
  """Public games waiting for players, newest first"""
  lobby(type: String, limit: Int = 20, before: String): LobbyPage!
  """The player's games, newest activity first (the inbox)"""
  myGames(status: GameStatus, toMove: Boolean, limit: Int = 50, before: String): InboxPage!
}

type Mutation {
  createGame(input: CreateGameInput!): CreatedGame!
  submitMove(gameId: ID!, move: MoveInput!, expectedVersion: Int, idempotencyKey: String): MoveResult!
  importRecord(record: JSON!): CreatedGame!
  """Operator only"""
  deleteGame(id: ID!): Boolean!
  createPlayer(name: String!, email: String): CreatedPlayer!
  """Takes an open seat with the invitation code (bound to the player of the token, if any)"""
  joinGame(gameId: ID!, inviteCode: String!, name: String, seat: Int, colour: String): JoinedSeat!
  """Frees the caller's seat before the start; returns the seat"""
  leaveGame(gameId: ID!): Int!
  """The creator or the operator deletes a waiting game"""
  cancelGame(gameId: ID!): Boolean!
  resign(gameId: ID!): MoveResult!
  """Operator only: a new token for a seat; the old one stops working"""
  reissueSeatToken(gameId: ID!, seat: Int!): SeatToken!
}

type Subscription {
  """The game now, then after every accepted move; each watcher gets its own seat's view."""
  gameUpdated(gameId: ID!): GameUpdate!
}

${moveInputSdl(games)}
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

export const topicOf = (gameId: string) => `game:${gameId}`;

const text = (v: string | null | undefined, what: string, max: number) => {
  if (v !== undefined && v !== null && (v.length < 1 || v.length > max)) throw new AppError('INVALID_INPUT', `${what} has 1 to ${max} characters`);
  return v ?? undefined;
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same rules as REST's body schema for a game's turn clock. */
function turnClock(seconds: number | null | undefined, action: string | null | undefined) {
  if (action != null && seconds == null) throw new AppError('INVALID_INPUT', 'timeoutAction needs turnDeadlineSeconds');
  if (seconds != null && (seconds < 1 || seconds > 90 * 24 * 3600)) throw new AppError('INVALID_INPUT', 'turnDeadlineSeconds must be between 1 (a second) and 7776000 (90 days)');
  if (action != null && !TIMEOUT_ACTIONS.includes(action as TimeoutAction)) throw new AppError('INVALID_INPUT', `timeoutAction must be one of ${TIMEOUT_ACTIONS.join(', ')}`);
  return seconds == null ? {} : { turnDeadlineSeconds: seconds, timeoutAction: (action ?? 'none') as TimeoutAction };
}

export async function registerGraphql(app: FastifyInstance, service: GameService, config: Config, lobby?: LobbyLayer, deadlines: DeadlinesOf = async () => []): Promise<void> {
  const games = service.registry.list();
  const layer = () => {
    if (!lobby) throw new AppError('UNAVAILABLE', 'the lobby needs the database');
    return lobby;
  };
  const page = (limit: number, max: number) => {
    if (limit < 1 || limit > max) throw new AppError('INVALID_INPUT', `limit must be between 1 and ${max}`);
  };
  const tokenOfRequest = (req: FastifyRequest) => bearer(req.headers.authorization);

  const gameResolvers = {
    legalMoves: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token)).moves),
    events: guard(async (g: { id: string }, a: { after: number; limit: number }, ctx: Ctx) => {
      if (a.limit < 1 || a.limit > 1000 || a.after < 0) throw new AppError('INVALID_INPUT', 'events takes after >= 0 and 1 <= limit <= 1000');
      return (await service.events(g.id, ctx.token, a.after, a.limit)).moves;
    }),
    replay: guard(async (g: { id: string }, a: { at: number }, ctx: Ctx) => service.replay(g.id, ctx.token, a.at)),
    record: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => service.record(g.id, ctx.token)),
    viewerSeat: (g: { viewer: { seat: number | null } }) => g.viewer.seat,
    deadlines: guard(async (g: { id: string; status: string; turnDeadlineSeconds?: number }) => (g.turnDeadlineSeconds && g.status === 'active' ? deadlines(g.id) : [])),
  };

  const resolvers = {
    Query: {
      gameTypes: () => service.gameTypes(),
      game: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => service.getGame(a.id, ctx.token)),
      me: guard(async (_: unknown, __: unknown, ctx: Ctx) => layer().players.me(ctx.token)),
      lobby: guard(async (_: unknown, a: { type?: string | null; limit: number; before?: string | null }) => {
        page(a.limit, 100);
        return layer().lobby.lobby({ type: a.type ?? undefined, limit: a.limit, before: a.before ?? undefined });
      }),
      myGames: guard(async (_: unknown, a: { status?: Status | null; toMove?: boolean | null; limit: number; before?: string | null }, ctx: Ctx) => {
        page(a.limit, 200);
        return layer().inbox.list(ctx.token, { status: a.status ?? undefined, toMove: a.toMove ?? undefined, limit: a.limit, before: a.before ?? undefined });
      }),
      games: guard(async (_: unknown, a: { status?: Status; type?: string; limit: number; before?: string }, ctx: Ctx) => {
        if (a.limit < 1 || a.limit > 200) throw new AppError('INVALID_INPUT', 'limit must be between 1 and 200');
        return service.listGames(ctx.token, a);
      }),
    },
    Mutation: {
      createGame: guard(async (_: unknown, a: { input: { type: string; players: { name?: string | null; open?: boolean | null; me?: boolean | null; colour?: string | null }[]; seed?: string | null; options?: unknown; public?: boolean | null; turnDeadlineSeconds?: number | null; timeoutAction?: string | null } }, ctx: Ctx) => {
        const { players, seed } = a.input;
        if (players.length < 1 || players.length > 64) throw new AppError('INVALID_INPUT', 'a game has 1 to 64 players');
        const entries = players.map((p, i) => {
          if (p.open === false || p.me === false) throw new AppError('INVALID_INPUT', `players/${i}: open and me are true or absent`);
          const e = Object.fromEntries(Object.entries({ name: text(p.name, 'a player name', 64), open: p.open ?? undefined, me: p.me ?? undefined, colour: text(p.colour, 'a colour', 32) }).filter(([, v]) => v !== undefined));
          return e as PlayerEntry;
        });
        text(seed, 'a seed', 128);
        const clock = turnClock(a.input.turnDeadlineSeconds, a.input.timeoutAction);
        return layer().lobby.createGame({ type: a.input.type, players: entries, seed: seed ?? undefined, options: a.input.options ?? undefined, public: a.input.public ?? false, ...clock }, ctx.token);
      }),
      createPlayer: guard(async (_: unknown, a: { name: string; email?: string | null }) => {
        text(a.name, 'a player name', 64);
        if (a.email != null && (a.email.length > 254 || !EMAIL.test(a.email))) throw new AppError('INVALID_INPUT', 'email must be an email address');
        return layer().players.create({ name: a.name, email: a.email ?? undefined });
      }),
      joinGame: guard(async (_: unknown, a: { gameId: string; inviteCode: string; name?: string | null; seat?: number | null; colour?: string | null }, ctx: Ctx) => {
        if (a.seat != null && a.seat < 0) throw new AppError('INVALID_INPUT', 'seat must be >= 0');
        text(a.inviteCode, 'an invitation code', 128);
        return layer().lobby.join(a.gameId, ctx.token, { inviteCode: a.inviteCode, name: text(a.name, 'a player name', 64), seat: a.seat ?? undefined, colour: text(a.colour, 'a colour', 32) });
      }),
      leaveGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => (await layer().lobby.leave(a.gameId, ctx.token)).seat),
      cancelGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => {
        await layer().lobby.cancel(a.gameId, ctx.token);
        return true;
      }),
      resign: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => layer().resignation.resign(a.gameId, ctx.token)),
      reissueSeatToken: guard(async (_: unknown, a: { gameId: string; seat: number }, ctx: Ctx) => layer().lobby.reissue(a.gameId, a.seat, ctx.token)),
      submitMove: guard(async (_: unknown, a: { gameId: string; move: Record<string, Record<string, unknown>>; expectedVersion?: number | null; idempotencyKey?: string | null }, ctx: Ctx) => {
        const summary = await service.getGame(a.gameId, ctx.token);
        const game = service.registry.version(summary.type, summary.engineVersion)!;
        return service.submitMove(a.gameId, ctx.token, moveFromInput(game, a.move), { expectedVersion: a.expectedVersion ?? undefined, idempotencyKey: a.idempotencyKey ?? undefined });
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
            for await (const update of iterator) {
              const u = update as { version: number; joined?: boolean };
              yield { gameUpdated: await service.getGame(a.gameId, ctx.token, u.joined ? undefined : u.version) };
            }
          })();
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
  // A join changes the seats (and may start the game): watchers read the game again.
  lobby?.lobby.onJoined((j) => {
    void app.graphql.pubsub.publish({ topic: topicOf(j.gameId), payload: { version: 0, joined: true } });
  });
}
