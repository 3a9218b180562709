import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, Kind, parse, type DocumentNode, type ExecutionResult } from 'graphql';
import mercurius from 'mercurius';
import { AppError, ERROR_STATUS, type ErrorCode } from '../app/errors.js';
import { asUnavailable, RETRY_AFTER_SECONDS } from '../app/unavailable.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { PlayerEntry } from '../app/lobby/lobby.js';
import type { GameStatus as Status } from '../store/types.js';
import type { AnyGame, FieldSchema, Json, ObjectSchema } from '../engine/index.js';
import type { Config } from '../config.js';
import { limitRules } from './graphql-limits.js';
import { toAppError } from './problem.js';
import { withLabels } from '../app/board-picture.js';
import { loggedMoveLabel } from '../board/index.js';
import type { Notifications } from '../app/notify/index.js';
import { languageOf, localize, type Language } from '../app/i18n/index.js';
import { Repeater } from '@repeaterjs/repeater';
import { liveUpdates, type Fanout } from '../app/live.js';
import { registerGraphiql } from './graphiql.js';
import { liveChannel } from './http-metrics.js';
import { bearer, type ClocksOf, type DeadlinesOf } from './rest.js';
import type { Ratings } from '../app/ratings/ratings.js';
import type { WholeAnalysis } from '../app/bots/whole-analysis.js';
import { takeSubscriptionPlace } from './live-caps.js';
import { TIMEOUT_ACTIONS, type TimeControl, type TimeoutAction } from '../store/types.js';
import { gameTypesSdl } from './graphql-types.js';
import { Takebacks } from '../app/takeback.js';

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
  if (key !== gameField(game) || !inner) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.graphqlMoveField', { game: game.id, field: gameField(game) });
  const [type, fields] = Object.entries(inner)[0] ?? [];
  if (!type) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.oneMoveType');
  if (fields === true || fields === false || fields === null) return { type };
  return { type, ...(fields as object) };
}

function baseSdl(games: AnyGame[]): string {
  return `
"""Any JSON value. Used for game views, events and options, whose shape each game documents."""
scalar JSON

"""waiting: a seat is still open and nobody moves yet"""
enum GameStatus { waiting active finished expired }

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

type Player { seat: Int!, """Empty while the seat is open""" name: String!, open: Boolean!, """The stand-in bot plays its moves; it ranks last""" resigned: Boolean!, colour: String, """A bot seat: the level playing it""" bot: String, """The bot level playing this seat while the game runs (resigned, or handed over after missed deadlines)""" standIn: String }
"""A seat at creation: seated (name and token), open (open: true, no token) or a bot's (bot: its level, no token)."""
type SeatToken { seat: Int!, name: String, """Secret: shown once.""" token: String, open: Boolean, colour: String, bot: String }
"""A bot level: what it does, its think time per move and its search iterations at most."""
type BotLevel { level: String!, description: String!, thinkMs: Int!, iterations: Int! }
type BotSeat { seat: Int!, name: String!, bot: String!, status: GameStatus! }
type Invite { """Secret: shown once; others join with it.""" code: String! }

type CreatedGame {
  id: ID!
  type: String!
  engineVersion: Int!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  """True when a client chose the seed: whoever chose it can foresee every hidden draw"""
  seedChosen: Boolean!
  rated: Boolean!
  seats: [SeatToken!]!
  invite: Invite
}

type Outcome { scores: [Float!]!, ranks: [Int!]!, winners: [Int!]!, detail: JSON }

type MoveEntry {
  version: Int!
  seat: Int!
  """resign, resigned (played by the stand-in for a resigned seat), timeout or bot (a bot seat's move); null when the seat played"""
  origin: String
  """The bot level that chose the move, whenever a bot did"""
  bot: String
  at: String!
  """The move, or null while it is hidden from this viewer"""
  move: JSON
  events: [JSON!]!
  """The events, typed: one GraphQL type per game and event type"""
  typedEvents: [GameEvent!]!
  """The move in words for people, in the language of Accept-Language (REST's include=labels)"""
  label: String
  """The entry may be taken back as far as it goes (nothing random drawn, nothing hidden revealed)"""
  undoable: Boolean!
  """A later takeback (this version) undid the entry"""
  undoneBy: Int
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
  """True when a client chose the seed: whoever chose it can foresee every hidden draw"""
  seedChosen: Boolean!
  players: [Player!]!
  viewerSeat: Int
  view: JSON!
  """The view, typed per game (a union of the games' view types)"""
  typedView: GameView!
  outcome: Outcome
  options: JSON!
  createdAt: String!
  """Play by mail: seconds each seat has for each of its moves (null: no deadlines)"""
  turnDeadlineSeconds: Int
  """What happens when a seat's time runs out: auto-move, resign or none"""
  timeoutAction: String
  """The bot level playing resigned and timed-out seats, when not greedy"""
  standInBot: String
  """A seat that misses this many deadlines in a row is handed to the stand-in"""
  standInAfterTimeouts: Int
  """While the game runs with a turn clock: when each seat that must act runs out of time"""
  deadlines: [Deadline!]!
  """The time control as created (turnDeadlineSeconds d is { d, d, d }); null: none"""
  timeControl: TimeControl
  """With a time control: each seat's bank now"""
  clocks: [SeatClock!]
  """A rated game: its result updates the players' ratings"""
  rated: Boolean!
  """Which takebacks the game allows: none, own-turn or with-consent"""
  takebacks: String!
  """A takeback waiting for the other seats' consent (with-consent games)"""
  takebackRequest: TakebackRequest
  """The caller's legal moves now, each { type, ...fields } (needs a seat token)"""
  legalMoves: [JSON!]!
  """The caller's legal moves in the game's notation, in the order of legalMoves (needs a seat token)"""
  legalMoveNotations: [String!]!
  """The caller's legal moves in words for people, in the order of legalMoves, in the language of Accept-Language (REST's include=labels; needs a seat token)"""
  legalMoveLabels: [String!]!
  """Whether each of the caller's legal moves could be taken back once made (it draws nothing at random and reveals nothing hidden), in the order of legalMoves (REST's include=undoable; needs a seat token)"""
  legalMovesUndoable: [Boolean!]!
  """The caller's legal moves now, typed, each with an id to submit it by (needs a seat token)"""
  typedLegalMoves: [LegalMove!]!
  events(after: Int = 0, limit: Int = 200): [MoveEntry!]!
  """The game right after version \`at\`"""
  replay(at: Int!): GameAt!
  record: JSON!
}

type Deadline { seat: Int!, at: String!, """The seat's player is on vacation until then: its clock waits""" pausedUntil: String }

type GameAt {
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  view: JSON!
  typedView: GameView!
  outcome: Outcome
  """A later takeback (this version) undid the entry at this version"""
  undoneBy: Int
}

type TakebackRequest { """The seat asking""" seat: Int!, """The version to undo""" undo: Int!, acceptedBy: [Int!]! }
"""A takeback's answer: the takeback entry's result (events: its @restored), or the request as it waits (takebackRequest)"""
type TakebackResult { version: Int!, status: GameStatus!, toMove: [Int!]!, outcome: Outcome, events: [JSON!]!, takebackRequest: TakebackRequest }

type MoveResult {
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  outcome: Outcome
  events: [JSON!]!
  typedEvents: [GameEvent!]!
}

"""Pushed to each watcher after every accepted move, with that watcher's own view and the move's events."""
type GameUpdate {
  gameId: ID!
  version: Int!
  status: GameStatus!
  toMove: [Int!]!
  view: JSON!
  typedView: GameView!
  outcome: Outcome
  """The seat that made this move; null in the first update (the game as it was when watching began)"""
  seat: Int
  """What this move caused, as this watcher may read it (empty in the first update), so a client can animate it"""
  events: [JSON!]!
  """With a time control, in the updates that carry the game (the first, and after a seat change): each seat's clock, as Game.clocks; null in move updates"""
  clocks: [SeatClock!]
}

type GameSummary { id: ID!, type: String!, version: Int!, status: GameStatus!, toMove: [Int!]!, players: [Player!]!, updatedAt: String! }
type GamePage { games: [GameSummary!]!, next: String }

"""Exactly one of: name (seated now), open: true (an open seat), me: true (the caller's player), bot (a bot of that level: random, greedy, ismcts, ismcts-strong; name optional)."""
input PlayerInput { name: String, open: Boolean, me: Boolean, colour: String, bot: String }
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
  """The bot level playing resigned seats and timed-out seats (auto-move); default greedy"""
  standInBot: String
  """Hand a seat to the stand-in after this many deadlines missed in a row (1-100; needs a clock)"""
  standInAfterTimeouts: Int
  """Let each seat analyse its positions while the game runs (GET /games/{id}/analysis)"""
  analysis: Boolean
  """A bank per seat (each 1 s to 90 days, increment and initial at most the maximum); not with turnDeadlineSeconds"""
  timeControl: TimeControlInput
  """Default: true when allowed (every seat a player identity, no chosen seed, no bot)"""
  rated: Boolean
  """none, own-turn (default) or with-consent"""
  takebacks: String
}

input TimeControlInput { initialSeconds: Int!, incrementSeconds: Int!, maxSeconds: Int! }
type TimeControl { initialSeconds: Int!, incrementSeconds: Int!, maxSeconds: Int! }
type SeatClock {
  seat: Int!
  """Seconds left in the bank now"""
  remainingSeconds: Float!
  """The seat must act and its clock runs"""
  running: Boolean!
  """When the running clock reaches zero (ISO 8601); null when stopped"""
  deadline: String
}

type PlayerIdentity { id: ID!, name: String!, email: String }
type CreatedPlayer { id: ID!, name: String!, """Secret: shown once.""" token: String! }
type JoinedSeat { seat: Int!, name: String!, """Secret: shown once.""" token: String!, colour: String, status: GameStatus! }
type LobbySeat { seat: Int!, open: Boolean!, name: String, colour: String }
type LobbyGame { id: ID!, type: String!, options: JSON!, seats: [LobbySeat!]!, seatsTaken: Int!, seatsOpen: Int!, createdAt: String! }
type LobbyPage { games: [LobbyGame!]!, next: String }
type InboxGame { id: ID!, type: String!, seat: Int!, version: Int!, status: GameStatus!, toMove: [Int!]!, isMyTurn: Boolean!, resigned: Boolean!, lastMoveAt: String, updatedAt: String! }
type InboxPage { games: [InboxGame!]!, next: String }

"""Where a seat (or a player) is told of its turns: from says whose settings apply (seat, player or none). The webhook secret is never shown again."""
type NotificationSettings { seat: Int, playerId: ID, from: String, email: String, webhookUrl: String, events: [String!]!, """en or fr: the language of the mails""" language: String! }

type Query {
  gameTypes: [GameType!]!
  """The bot levels a seat or a stand-in may have"""
  bots: [BotLevel!]!
  """The notification settings that apply to the token's seat of a game (its own, else its player's)"""
  seatNotifications(gameId: ID!): NotificationSettings!
  """The notification settings of the token's player"""
  myNotifications: NotificationSettings!
  """The token's player's settings: turn mails at once or in a daily digest, automatic vacation (PUT /players/me/settings)"""
  mySettings: PlayerSettings!
  game(id: ID!): Game!
  """Operator only"""
  games(status: GameStatus, type: String, limit: Int = 50, before: String): GamePage!
  """The player of the token"""
  me: PlayerIdentity!
  """Public games waiting for players, newest first"""
  lobby(type: String, limit: Int = 20, before: String): LobbyPage!
  """The player's games, newest activity first (the inbox)"""
  myGames(status: GameStatus, toMove: Boolean, limit: Int = 50, before: String): InboxPage!
  """A player's ratings, one per game type played rated (openskill)"""
  playerRatings(playerId: ID!): PlayerRatings!
  """A player's profile: games finished, abandoned (resigned), timed out, running and expired"""
  playerProfile(playerId: ID!): PlayerProfile!
  """A game type's leaderboard, best ordinal first; after: the next of the previous page"""
  leaderboard(gameType: String!, limit: Int = 50, after: String): Leaderboard!
  """The seated players' expected chances of winning a rated game (openskill predictWin)"""
  expectedChances(gameId: ID!): ExpectedChances!
  """A finished game's whole analysis: its progress and each move's loss of winning chance (GET /games/{id}/analysis/whole)"""
  wholeAnalysis(gameId: ID!): WholeAnalysis!
}

type AnalysedMove { version: Int!, seat: Int!, choices: Int!, notation: String, chance: Float, best: JSON, bestNotation: String, bestChance: Float, """bestChance - chance, at least 0""" loss: Float }
type WholeAnalysis { gameId: ID!, iterations: Int!, """queued, running, done or failed""" status: String!, total: Int!, done: Int!, error: String, moves: [AnalysedMove!]! }

type RatingEntry { gameType: String!, mu: Float!, sigma: Float!, ordinal: Float!, """sigma above RATING_PROVISIONAL_SIGMA""" provisional: Boolean!, games: Int!, lastGameAt: String! }
type PlayerRatings { playerId: ID!, name: String!, ratings: [RatingEntry!]! }
type PlayerSettings { playerId: ID!, """immediate or digest""" mode: String!, digestHour: Int, timeZone: String, autoVacation: Boolean!, nextDigestAt: String }
type PlayerRecord { finished: Int!, abandoned: Int!, timedOut: Int!, playing: Int!, expired: Int! }
type PlayerProfile { id: ID!, name: String!, games: PlayerRecord! }
type LeaderboardEntry { rank: Int!, playerId: ID!, name: String!, mu: Float!, sigma: Float!, ordinal: Float!, provisional: Boolean!, games: Int!, lastGameAt: String! }
type Leaderboard { gameType: String!, minGames: Int!, recentDays: Int!, players: [LeaderboardEntry!]!, next: String }
type ExpectedChance { seat: Int!, playerId: ID!, chance: Float! }
type ExpectedChances { gameId: ID!, rated: Boolean!, """null: unrated, or a seat is open""" chances: [ExpectedChance!] }

type Mutation {
  createGame(input: CreateGameInput!): CreatedGame!
  submitMove(gameId: ID!, move: MoveInput!, expectedVersion: Int, idempotencyKey: String): MoveResult!
  """Submit a move written in the game's notation (e.g. "build residential b4"); the move stored is the parsed move."""
  submitNotation(gameId: ID!, notation: String!, expectedVersion: Int, idempotencyKey: String): MoveResult!
  """Submit a move listed by typedLegalMoves by its id (valid while the game is at the version it was listed at)."""
  submitListedMove(gameId: ID!, moveId: ID!, idempotencyKey: String): MoveResult!
  importRecord(record: JSON!): CreatedGame!
  """Operator only"""
  deleteGame(id: ID!): Boolean!
  """Analyse every move of a finished game in the background (POST /games/{id}/analysis/whole)"""
  analyseWholeGame(gameId: ID!, iterations: Int): WholeAnalysis!
  createPlayer(name: String!, email: String): CreatedPlayer!
  """Takes an open seat (bound to the player of the token, if any): a public game takes anyone; a private one needs its inviteCode"""
  joinGame(gameId: ID!, inviteCode: String, name: String, seat: Int, colour: String): JoinedSeat!
  """The creator of a waiting game puts a bot of that level in an open seat (the first one, or seat)"""
  fillSeatWithBot(gameId: ID!, bot: String!, seat: Int, name: String): BotSeat!
  """Frees the caller's seat before the start; returns the seat"""
  leaveGame(gameId: ID!): Int!
  """The creator or the operator deletes a waiting game"""
  cancelGame(gameId: ID!): Boolean!
  resign(gameId: ID!): MoveResult!
  """Takes back the caller's last move (or from version undo on) within its own turn; after it, in a with-consent game, asks the other seats. Refused: TAKEBACK_NOT_ALLOWED with extensions.reason"""
  takeback(gameId: ID!, undo: Int): TakebackResult!
  """Accepts the waiting takeback request; the last acceptance appends the takeback"""
  acceptTakeback(gameId: ID!): TakebackResult!
  """Declines the waiting takeback request"""
  declineTakeback(gameId: ID!): TakebackResult!
  """Operator only: a new token for a seat; the old one stops working"""
  reissueSeatToken(gameId: ID!, seat: Int!): SeatToken!
}

type Subscription {
  """
  The game now, then after every accepted move (on any server process) once and in order; each
  watcher gets its own seat's view. \`after\`: resume after that version (the last one received):
  the game is not sent again, only the moves after it.
  """
  gameUpdated(gameId: ID!, after: Int): GameUpdate!
}

${moveInputSdl(games)}

${gameTypesSdl(games).sdl}
`;
}

interface Ctx {
  token?: string;
  /** The language of error messages (Accept-Language of the HTTP request; English on subscriptions). */
  lang?: Language;
  service: GameService;
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
  if (query === undefined || query === null) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlQuery');
  if (typeof query !== 'string') throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlQueryString');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlOperationName');
  if (req.method === 'GET' && src.variables !== undefined) {
    let vars: unknown;
    try {
      vars = typeof src.variables === 'string' ? JSON.parse(src.variables) : src.variables;
    } catch {
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlVariables');
    }
    if (vars !== null && !isObject(vars)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlVariables');
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
    if (operationName) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlNoSuchOperation', { name: operationName.slice(0, 100), names: names.join(', '), count: names.length });
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlWhichOperation', { names: names.join(', '), count: names.length });
  }
  if (op.operation === 'subscription') throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSubscriptionHttp');
  if (req.method === 'GET' && op.operation !== 'query') throw AppError.of('METHOD_NOT_ALLOWED', 'METHOD_NOT_ALLOWED.get', { operation: op.operation });
}

interface Classified { code: ErrorCode; status: number; message: string; extensions: Record<string, unknown> }

/** The API's code of one GraphQL error: its own code, an AppError's, a Fastify error's (415, 413, 429...), else INVALID_INPUT for a document the client got wrong, INTERNAL for a fault of the server. */
function classify(err: GraphQLError, inherited?: ErrorCode): Classified {
  const ext = { ...(err.extensions ?? {}) } as Record<string, unknown>;
  const given = typeof ext.code === 'string' && Object.hasOwn(ERROR_STATUS, ext.code) ? (ext.code as ErrorCode) : undefined;
  if (given) return { code: given, status: ERROR_STATUS[given], message: err.message, extensions: ext };
  // A database outage (or load shedding while it lasts) is UNAVAILABLE (503), not INTERNAL.
  const orig = (err.originalError === undefined ? undefined : asUnavailable(err.originalError)) as (Error & { code?: string; statusCode?: number }) | undefined;
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
  const retry = flat.find((c) => typeof c.extensions.retryAfter === 'number' || c.code === 'UNAVAILABLE');
  if (retry) ctx.reply?.header('Retry-After', String(retry.extensions.retryAfter ?? RETRY_AFTER_SECONDS));
  const statusCode = execution.data ? 200 : (execution.statusCode ?? flat[0]?.status ?? 200);
  return { statusCode, response: { data: execution.data ?? null, errors } };
}

const toGraphQLError = (thrown: unknown, lang: Language = 'en') => {
  const err = asUnavailable(thrown); // a database outage is UNAVAILABLE (503), not INTERNAL
  if (err instanceof AppError) {
    const message = localize(lang, err);
    return new mercurius.ErrorWithProps(message, { code: err.code, ...err.extra }, err.status);
  }
  return err;
};
/** Resolvers' errors become GraphQL errors with the API's code, in the caller's language (ctx is the third argument). */
const guard = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
  try {
    return await fn(...a);
  } catch (err) {
    throw toGraphQLError(err, (a[2] as Ctx | undefined)?.lang);
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
  throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlMoveId');
}

const text = (v: string | null | undefined, what: string, max: number) => {
  if (v !== undefined && v !== null && (v.length < 1 || v.length > max)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.textLength', { what, max });
  return v ?? undefined;
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** REST's rule for timeoutAction's values; the ranges of a clock are the service's (src/app/time-control.ts). */
function turnClock(seconds: number | null | undefined, action: string | null | undefined, control: TimeControl | null | undefined) {
  if (action != null && !TIMEOUT_ACTIONS.includes(action as TimeoutAction)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.timeoutAction', { values: TIMEOUT_ACTIONS.join(', ') });
  return { ...(seconds != null ? { turnDeadlineSeconds: seconds } : {}), ...(control != null ? { timeControl: control } : {}), ...(action != null ? { timeoutAction: action as TimeoutAction } : {}) };
}

export async function registerGraphql(app: FastifyInstance, service: GameService, config: Config, lobby: LobbyLayer | undefined, fanout: Fanout, deadlines: DeadlinesOf = async () => [], notifications: () => Notifications | undefined = () => undefined, clocks: ClocksOf = async () => [], ratings: () => Ratings | undefined = () => undefined, analyses: () => WholeAnalysis | undefined = () => undefined): Promise<void> {
  const analysed = () => {
    const a = analyses();
    if (!a) throw new AppError('UNAVAILABLE', 'whole-game analysis needs the bot pool (BOTS=on)');
    return a;
  };
  const notices = () => {
    const n = notifications();
    if (!n) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.notifications');
    return n;
  };
  const rated = () => {
    const r = ratings();
    if (!r) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.ratings');
    return r;
  };
  const games = service.registry.list();
  const generated = gameTypesSdl(games);
  const typedView = (g: { type: string; view: object }) => ({ ...g.view, __game: g.type });
  const takebacks = new Takebacks(service);
  const layer = () => {
    if (!lobby) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.lobby');
    return lobby;
  };
  const page = (limit: number, max: number) => {
    if (limit < 1 || limit > max) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.limitRange', { max });
  };
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
    legalMoveNotations: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token)).notations),
    legalMovesUndoable: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => (await service.legalMoves(g.id, ctx.token, { undoable: true })).undoable ?? []),
    legalMoveLabels: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => withLabels(service.registry, await service.legalMoves(g.id, ctx.token, { view: true }), ctx.lang ?? 'en').labels),
    events: guard(async (g: { id: string }, a: { after: number; limit: number }, ctx: Ctx) => {
      const log = await service.events(g.id, ctx.token, a.after, a.limit);
      return log.moves.map((m) => ({ ...m, __game: log.type }));
    }),
    replay: guard(async (g: { id: string }, a: { at: number }, ctx: Ctx) => service.replay(g.id, ctx.token, a.at)),
    record: guard(async (g: { id: string }, _: unknown, ctx: Ctx) => service.record(g.id, ctx.token)),
    viewerSeat: (g: { viewer: { seat: number | null } }) => g.viewer.seat,
    deadlines: guard(async (g: { id: string; status: string; timeControl?: TimeControl }) => (g.timeControl && g.status === 'active' ? deadlines(g.id) : [])),
    clocks: guard(async (g: { id: string; status: string; timeControl?: TimeControl }) => (g.timeControl ? clocks(g.id, g.timeControl, g.status) : null)),
    typedView,
    typedLegalMoves: guard(async (g: { id: string; type: string }, _: unknown, ctx: Ctx) => {
      const legal = await service.legalMoves(g.id, ctx.token);
      return legal.moves.map((move) => ({ id: listedMoveId(legal.version, move), move: { ...(move as object), __game: legal.type } }));
    }),
  };

  const resolvers = {
    Query: {
      gameTypes: () => service.gameTypes(),
      bots: () => service.botLevels(),
      seatNotifications: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => notices().getSeatSettings(a.gameId, ctx.token)),
      myNotifications: guard(async (_: unknown, __: unknown, ctx: Ctx) => notices().getPlayerSettings(ctx.token)),
      mySettings: guard(async (_: unknown, __: unknown, ctx: Ctx) => {
        const d = notices().digests;
        if (!d) throw new AppError('UNAVAILABLE', 'player settings are not set up on this server');
        return d.get(ctx.token);
      }),
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
      games: guard(async (_: unknown, a: { status?: Status; type?: string; limit: number; before?: string }, ctx: Ctx) => service.listGames(ctx.token, { ...a, before: a.before ?? undefined })),
      playerRatings: guard(async (_: unknown, a: { playerId: string }) => rated().ofPlayer(a.playerId)),
      playerProfile: guard(async (_: unknown, a: { playerId: string }) => layer().players.profile(a.playerId)),
      leaderboard: guard(async (_: unknown, a: { gameType: string; limit: number; after?: string | null }) => {
        page(a.limit, 200);
        return rated().leaderboard(a.gameType, a.limit, a.after ?? undefined);
      }),
      expectedChances: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => rated().chances(service, a.gameId, ctx.token)),
      wholeAnalysis: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => analysed().get(a.gameId, ctx.token)),
    },
    Mutation: {
      createGame: guard(async (_: unknown, a: { input: { type: string; players: { name?: string | null; open?: boolean | null; me?: boolean | null; colour?: string | null; bot?: string | null }[]; seed?: string | null; options?: unknown; public?: boolean | null; turnDeadlineSeconds?: number | null; timeoutAction?: string | null; standInBot?: string | null; standInAfterTimeouts?: number | null; analysis?: boolean | null; timeControl?: TimeControl | null; rated?: boolean | null; takebacks?: string | null } }, ctx: Ctx) => {
        const { players, seed } = a.input;
        if (players.length < 1 || players.length > 64) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlPlayers');
        const entries = players.map((p, i) => {
          if (p.open === false || p.me === false) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlOpenMe', { i });
          const e = Object.fromEntries(Object.entries({ name: text(p.name, 'playerName', 64), open: p.open ?? undefined, me: p.me ?? undefined, colour: text(p.colour, 'colour', 32), bot: p.bot ?? undefined }).filter(([, v]) => v !== undefined));
          return e as PlayerEntry;
        });
        text(seed, 'seed', 128);
        const clock = turnClock(a.input.turnDeadlineSeconds, a.input.timeoutAction, a.input.timeControl);
        return layer().lobby.createGame({ type: a.input.type, players: entries, seed: seed ?? undefined, options: a.input.options ?? undefined, public: a.input.public ?? false, ...clock, ...(a.input.rated != null ? { rated: a.input.rated } : {}), ...(a.input.standInBot != null ? { standInBot: a.input.standInBot } : {}), ...(a.input.standInAfterTimeouts != null ? { standInAfterTimeouts: a.input.standInAfterTimeouts } : {}), ...(a.input.analysis != null ? { analysis: a.input.analysis } : {}), ...(a.input.takebacks != null ? { takebacks: a.input.takebacks } : {}) }, ctx.token);
      }),
      createPlayer: guard(async (_: unknown, a: { name: string; email?: string | null }) => {
        text(a.name, 'playerName', 64);
        if (a.email != null && (a.email.length > 254 || !EMAIL.test(a.email))) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlEmail');
        return layer().players.create({ name: a.name, email: a.email ?? undefined });
      }),
      joinGame: guard(async (_: unknown, a: { gameId: string; inviteCode?: string | null; name?: string | null; seat?: number | null; colour?: string | null }, ctx: Ctx) => {
        if (a.seat != null && a.seat < 0) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSeat');
        text(a.inviteCode, 'inviteCode', 128);
        return layer().lobby.join(a.gameId, ctx.token, { inviteCode: a.inviteCode ?? undefined, name: text(a.name, 'playerName', 64), seat: a.seat ?? undefined, colour: text(a.colour, 'colour', 32) });
      }),
      fillSeatWithBot: guard(async (_: unknown, a: { gameId: string; bot: string; seat?: number | null; name?: string | null }, ctx: Ctx) => {
        if (a.seat != null && a.seat < 0) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlSeat');
        return layer().lobby.fillWithBot(a.gameId, ctx.token, { bot: a.bot, seat: a.seat ?? undefined, name: text(a.name, 'botName', 64) });
      }),
      leaveGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => (await layer().lobby.leave(a.gameId, ctx.token)).seat),
      cancelGame: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => {
        await layer().lobby.cancel(a.gameId, ctx.token);
        return true;
      }),
      resign: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => layer().resignation.resign(a.gameId, ctx.token)),
      takeback: guard(async (_: unknown, a: { gameId: string; undo?: number | null }, ctx: Ctx) => takebacks.takeback(a.gameId, ctx.token, a.undo ?? undefined)),
      acceptTakeback: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => takebacks.accept(a.gameId, ctx.token)),
      declineTakeback: guard(async (_: unknown, a: { gameId: string }, ctx: Ctx) => takebacks.decline(a.gameId, ctx.token)),
      reissueSeatToken: guard(async (_: unknown, a: { gameId: string; seat: number }, ctx: Ctx) => layer().lobby.reissue(a.gameId, a.seat, ctx.token)),
      submitMove: guard(async (_: unknown, a: { gameId: string; move: Record<string, Record<string, unknown>>; expectedVersion?: number | null; idempotencyKey?: string | null }, ctx: Ctx) => {
        const summary = await service.getGame(a.gameId, ctx.token);
        const game = service.registry.version(summary.type, summary.engineVersion)!;
        return service.submitMove(a.gameId, ctx.token, moveFromInput(game, a.move), { expectedVersion: a.expectedVersion ?? undefined, idempotencyKey: a.idempotencyKey ?? undefined });
      }),
      submitNotation: guard(async (_: unknown, a: { gameId: string; notation: string; expectedVersion?: number | null; idempotencyKey?: string | null }, ctx: Ctx) => {
        if (a.notation.length < 1 || a.notation.length > 2000) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlNotation');
        return service.submitMove(a.gameId, ctx.token, undefined, { notation: a.notation, expectedVersion: a.expectedVersion ?? undefined, idempotencyKey: a.idempotencyKey ?? undefined });
      }),
      submitListedMove: guard(async (_: unknown, a: { gameId: string; moveId: string; idempotencyKey?: string | null }, ctx: Ctx) => {
        const { version, move } = fromListedMoveId(a.moveId);
        return service.submitMove(a.gameId, ctx.token, move, { expectedVersion: version, idempotencyKey: a.idempotencyKey ?? undefined });
      }),
      // The service checks the record's shape: the same schema and validator as REST's import.
      importRecord: guard(async (_: unknown, a: { record: GameRecord }) => service.importRecord(a.record)),
      analyseWholeGame: guard(async (_: unknown, a: { gameId: string; iterations?: number | null }, ctx: Ctx) => (await analysed().request(a.gameId, ctx.token, a.iterations ?? undefined)).analysis),
      deleteGame: guard(async (_: unknown, a: { id: string }, ctx: Ctx) => {
        await service.deleteGame(ctx.token, a.id);
        return true;
      }),
    },
    Subscription: {
      gameUpdated: {
        subscribe: guard(async (_: unknown, a: { gameId: string; after?: number | null }, ctx: Ctx) => {
          // Each subscription counts against the client's rate limit like a request, and one
          // connection holds at most graphqlMaxSubscriptions at once.
          if (limiter && ctx.request) {
            const r = await limiter(ctx.request);
            if (!r.isAllowed && r.isExceeded) throw AppError.of('RATE_LIMITED', 'RATE_LIMITED.graphql', { max: r.max, retry: r.ttlInSeconds }, { retryAfter: r.ttlInSeconds });
          }
          const count = ctx.subscriptions ?? { open: 0 };
          if (count.open >= config.graphqlMaxSubscriptions) throw AppError.of('TOO_MANY_SUBSCRIPTIONS', 'TOO_MANY_SUBSCRIPTIONS.max', { max: config.graphqlMaxSubscriptions });
          const release = takeSubscriptionPlace(ctx.request, ctx.token); // 429 past the caps per token and per address (live-caps.ts)
          count.open++;
          try {
            // The shared live loop (src/app/live.ts): the game and the token are checked first.
            const updates = liveUpdates(service, fanout, a.gameId, ctx.token, a.after ?? undefined);
            const first = await updates.next();
            // A Repeater, so that a client's `complete` ends it at once, even while it waits for a move.
            return new Repeater(async (push, stop) => {
              void stop.then(() => updates.return(undefined));
              const live = liveChannel('graphql'); // counted open, and each update sent (src/telemetry)
              const send: typeof push = (update) => (live.sent(), push(update));
              try {
                for (let u = first; !u.done; u = await updates.next()) {
                  const x = u.value;
                  if ((x.kind === 'game' && !x.resumed) || x.kind === 'seats') await send({ gameUpdated: { ...x.game, seat: null, events: [] } });
                  else if (x.kind === 'move') await send({ gameUpdated: { id: a.gameId, ...x.move } });
                }
                stop();
              } catch (err) {
                stop(err);
              } finally {
                count.open--;
                live.closed();
                release();
              }
            });
          } catch (err) {
            count.open--;
            release();
            throw err;
          }
        }),
      },
    },
    Game: gameResolvers,
    GameAt: { typedView },
    GameUpdate: { gameId: (g: { id: string }) => g.id, typedView, clocks: guard(async (g: { id: string; status: string; seat: number | null; timeControl?: TimeControl }) => (g.seat === null && g.timeControl ? clocks(g.id, g.timeControl, g.status) : null)) },
    MoveEntry: {
      typedEvents: (m: { events: object[]; __game: string }) => m.events.map((e) => ({ ...e, __game: m.__game })),
      label: (m: { seat: number; move: Json | null; events: Json[]; __game: string }, _: unknown, ctx: Ctx) => loggedMoveLabel(m.__game, service.registry.plugin(m.__game)?.picture, m.move, m.seat, m.events, ctx.lang ?? 'en'),
    },
    MoveResult: { typedEvents: (r: { events: object[]; type: string }) => r.events.map((e) => ({ ...e, __game: r.type })) },
    ...generated.resolvers,
  };

  await app.register(mercurius, {
    schema: baseSdl(games),
    resolvers: resolvers as never,
    // GraphiQL is served from this server's own copy of its assets (no CDN): src/http/graphiql.ts.
    graphiql: false,
    validationRules: limitRules({ maxDepth: config.graphqlMaxDepth, maxIntrospectionDepth: config.graphqlMaxIntrospectionDepth, maxAliases: config.graphqlMaxAliases, maxCost: config.graphqlMaxCost, maxReadWeight: config.graphqlMaxReadWeight }),
    additionalRouteOptions: { preHandler: async (req: FastifyRequest) => checkGraphqlRequest(req) },
    context: (req: FastifyRequest) => ({ token: tokenOfRequest(req), service, lang: languageOf(req.headers['accept-language']) }),
    subscription: {
      // Mercurius calls onConnect as a method of the connection, whose `socket` it is: a malformed
      // token closes it with 4403 Forbidden, as the graphql-transport-ws protocol says (no
      // connection_error message, which the protocol does not have).
      onConnect: function (this: { socket?: { close(code: number, reason: string): void } }, { payload }: { payload?: unknown }) {
        const p = isObject(payload) ? payload : {};
        const header = p.authorization ?? p.Authorization;
        try {
          if (header !== undefined && typeof header !== 'string') throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.gqlAuthorization');
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
  if (!config.production) await registerGraphiql(app);
}
