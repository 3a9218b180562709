import type { Catalogue } from '../../engine/index.js';

/**
 * The app's English sentences by id (ICU MessageFormat, src/engine/messages.ts): one per API
 * error code (src/app/errors.ts: the code's own sentence, used when an error has no sentence of
 * its own) and `CODE.variant` for the errors made by id (`AppError.of`). The engines' sentences
 * are in their game folders (src/games/<game>/messages.ts) and the kernel's in
 * src/engine/messages.ts. fr.ts has the same ids with the same values.
 */
export const en: Catalogue = {
  // ---- the codes' own sentences ------------------------------------------------------------------
  INVALID_INPUT: 'Invalid request: a value has a refused shape or value',
  QUERY_TOO_DEEP: 'The GraphQL query is too deep (GRAPHQL_MAX_DEPTH)',
  TOO_MANY_ALIASES: 'The GraphQL query has too many aliases (GRAPHQL_MAX_ALIASES)',
  QUERY_TOO_COSTLY: 'The GraphQL query is too costly (GRAPHQL_MAX_COST, GRAPHQL_MAX_READ_WEIGHT): ask for less at once',
  UNAUTHORIZED: 'A token is needed, or this token does not fit',
  FORBIDDEN: 'This operation is not allowed to this token',
  SEED_NOT_ALLOWED: 'This server does not accept a chosen seed (CLIENT_SEEDS=off): whoever chooses the seed can foresee every hidden draw; leave out seed',
  ANALYSIS_NOT_ALLOWED: 'Analysis is only for finished games, or games created with analysis: true (never a live aid in a rated game)',
  BOT_SEAT: "This seat is played by a bot: no person''s token plays for it",
  NOT_FOUND: 'Not found',
  REQUEST_TIMEOUT: 'The request (headers and body) did not arrive in time (REQUEST_TIMEOUT_MS)',
  METHOD_NOT_ALLOWED: 'A GraphQL mutation needs POST; GET runs queries only',
  NOT_YOUR_TURN: "It is not this seat''s turn to act.",
  VERSION_CONFLICT: 'The game has changed since: reload it and decide again',
  GAME_OVER: 'The game is over: no more moves are accepted.',
  ENGINE_VERSION_UNSUPPORTED: 'This server does not have the engine version this game needs',
  GAME_NOT_STARTED: 'The game has not started: a seat is still open, and moves are accepted once every seat is taken',
  GAME_STARTED: 'The game has started: it can no longer be left or cancelled (resign instead)',
  GAME_FULL: 'The game is full: no seat is open',
  SEAT_TAKEN: 'This seat is not open',
  ALREADY_SEATED: 'This player already has a seat in this game',
  COLOUR_TAKEN: 'This colour is already taken: every seat has its own colour (ruling M7)',
  SEAT_RESIGNED: 'This seat has resigned: the server plays its moves now',
  ALREADY_RESIGNED: 'This seat has already resigned',
  NOT_RETRYABLE: 'Only pending and dead notifications are retried',
  PAYLOAD_TOO_LARGE: 'the request body is larger than this endpoint accepts',
  UNSUPPORTED_MEDIA_TYPE: 'send JSON: Content-Type: application/json',
  ILLEGAL_MOVE: 'The rules of the game refuse this move',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for another move',
  IMPORT_INVALID: 'This record cannot be replayed',
  VACATION_TOO_LONG: 'This vacation is longer than the days left of the yearly allowance (VACATION_DAYS_PER_YEAR)',
  RATE_LIMITED: 'too many requests: slow down',
  TOO_MANY_SUBSCRIPTIONS: 'Too many subscriptions on this connection',
  INTERNAL: 'internal server error',
  UNAVAILABLE: 'the database is unavailable or too slow right now; retry shortly',

  // ---- INVALID_INPUT ---------------------------------------------------------------------------------
  'INVALID_INPUT.malformedJson': 'malformed JSON body: {detail}',
  'INVALID_INPUT.contentLength': 'the Content-Length header does not match the body',
  'INVALID_INPUT.unknownGameType': 'unknown game type "{type}"; known: {known}',
  'INVALID_INPUT.atVersion': 'at must be a version between 0 and {max}',
  'INVALID_INPUT.lastEventId': 'Last-Event-ID (or after) must be a version number, the id of the last event received; got "{given}"',
  'INVALID_INPUT.resumeAhead': 'resuming after version {after}, but the game is at version {version}: it is not a version this game sent',
  'INVALID_INPUT.graphqlMoveField': "this game is {game}: send the move as '{ '{field}: '{ <moveType>: ... } }'",
  'INVALID_INPUT.oneMoveType': 'a move needs exactly one move type field',
  'INVALID_INPUT.textLength': '{what, select, playerName {a player name} botName {a bot name} seed {a seed} colour {a colour} inviteCode {an invitation code} other {{what}}} has 1 to {max} characters',
  'INVALID_INPUT.beforeCursor': 'before is not a cursor returned by this list',
  'INVALID_INPUT.afterCursor': 'after is not a cursor returned by this list',
  'INVALID_INPUT.limitRange': 'limit must be between 1 and {max}',
  'INVALID_INPUT.moveOrNotation': 'send exactly one of move (the move as JSON) or notation (the move as text, e.g. "pass")',
  'INVALID_INPUT.seatRange': 'seat {seat} is out of range: this game has seats 0 to {last}',
  'INVALID_INPUT.notation': '{problem}{count, plural, =0 {; this seat has no legal move now} other {; legal now: {legal}{more, plural, =0 {} other {, and # more}}}}',
  'INVALID_INPUT.mailNoMove': "the mail has no move: write it on the first line, in the game''s notation (your legal moves: {count, plural, =0 {none now} other {{legal}}})",
  'INVALID_INPUT.mailNotAMove': '"{line}" is not a move here: {problem} (your legal moves: {count, plural, =0 {none now} other {{legal}}})',
  // Request validation (Fastify's Ajv): `where` is body, querystring, params or headers with the path.
  'INVALID_INPUT.required': "{where} must have required property ''{field}''",
  'INVALID_INPUT.additionalProperties': '{where} must NOT have additional properties ("{field}")',
  'INVALID_INPUT.type': '{where} must be {type}',
  'INVALID_INPUT.fewer': '{where} must NOT have fewer than {limit} {unit, select, items {items} other {characters}}',
  'INVALID_INPUT.more': '{where} must NOT have more than {limit} {unit, select, items {items} other {characters}}',
  'INVALID_INPUT.minimum': '{where} must be >= {limit}',
  'INVALID_INPUT.maximum': '{where} must be <= {limit}',
  'INVALID_INPUT.enum': '{where} must be equal to one of the allowed values ({values})',

  // ---- UNAUTHORIZED, FORBIDDEN ---------------------------------------------------------------------------
  'UNAUTHORIZED.bearerFormat': 'the Authorization header must be "Bearer <token>"',
  'UNAUTHORIZED.neitherToken': 'the bearer token is neither a seat token of this game nor a player token',
  'UNAUTHORIZED.seatTokenNeeded': 'moves and legal moves need a seat token (Authorization: Bearer <token>)',
  'UNAUTHORIZED.operatorTokenNeeded': 'this operation needs the operator token (Authorization: Bearer)',
  'UNAUTHORIZED.playerTokenNeeded': 'this needs a player token (Authorization: Bearer <token from POST /api/v1/players>)',
  'UNAUTHORIZED.notPlayerToken': 'the bearer token is not a player token',
  'FORBIDDEN.operatorCannotPlay': 'the operator cannot play: moves need the token of the seat that makes them',
  'FORBIDDEN.operatorOnly': 'this operation is reserved to the operator',
  'FORBIDDEN.noSeat': 'this token holds no seat in this game',

  // ---- NOT_FOUND -------------------------------------------------------------------------------------------
  'NOT_FOUND.game': 'no game {id}',
  'NOT_FOUND.route': 'no route {method} {path}',
  'NOT_FOUND.player': 'no player {id}',
  'NOT_FOUND.gameType': 'no game type "{type}"; known: {known}',
  'NOT_FOUND.notification': 'no notification {id}',

  // ---- game state ----------------------------------------------------------------------------------------
  'VERSION_CONFLICT.stale': 'the game is at version {version}, not {expected}: reload it and decide again',
  'VERSION_CONFLICT.tooBusy': 'the game is too busy: the move lost the race for a version too many times; send it again',
  'VERSION_CONFLICT.movedOn': 'the game moved on meanwhile: send it again',
  'ENGINE_VERSION_UNSUPPORTED.game': 'game {id} was started under {type} engine version {version}, which this server no longer has (it has {count, plural, =0 {none} other {{versions}}})',
  'ENGINE_VERSION_UNSUPPORTED.record': 'this server has no {type} engine version {version} (it has {versions}): the record cannot be replayed under its own rules',
  'IDEMPOTENCY_KEY_REUSED.key': 'the Idempotency-Key "{key}" was already used by this seat for another move ({move}); use a new key for a new move',
  'SEAT_RESIGNED.seat': 'seat {seat} has resigned: the server plays its moves now',
  'ALREADY_RESIGNED.seat': 'seat {seat} has already resigned',
  'BOT_SEAT.seat': `seat {seat} is played by the bot "{bot}": no person''s token moves for it`,
  'NOT_RETRYABLE.status': 'notification {id} is {status}: only pending and dead notifications are retried',

  // ---- the lobby's refusals (src/app/lobby/lobby.ts) -----------------------------------------------------
  'LOBBY.NEEDS_CODE': 'this game is not public: joining it takes its invitation code (inviteCode)',
  'LOBBY.WRONG_CODE': "the invitation code is not this game''s",
  'LOBBY.FINISHED': 'the game is finished',
  'LOBBY.FULL': 'every seat of the game is taken (it has started): the invitation no longer admits anyone',
  'LOBBY.STARTED': 'the game has started: seats can be left and games cancelled only while they wait for players (resign instead)',
  'LOBBY.ALREADY_SEATED': 'this player already has a seat in this game',
  'LOBBY.COLOUR_TAKEN': 'another seat of this game has already chosen this colour (ruling M7: all different)',
  'LOBBY.SEAT_TAKEN': 'the requested seat is not open; leave out "seat" to take the first open one',
  'LOBBY.NOT_SEATED': 'that seat is open: nobody holds it',
  'LOBBY.BOT_SEAT': 'that seat is played by a bot: it has no token, and none is given to it',
  'LOBBY.RATED': 'this game was created with rated: true: its seats are taken by player identities only; join with a player token (POST /api/v1/players)',

  // ---- records (import) ------------------------------------------------------------------------------------
  'IMPORT_INVALID.format': 'unknown record format "{format}"; expected {expected}',
  'IMPORT_INVALID.unknownGameType': 'unknown game type "{type}"',
  'IMPORT_INVALID.noSeed': 'the record has no seed: records of games still running omit it, so they cannot be replayed',
  'IMPORT_INVALID.hidden': 'move {n} is hidden in this record; export the record after the game is over',
  'IMPORT_INVALID.notASeat': 'move {n}: seat {seat} is not a seat of this game',
  'IMPORT_INVALID.moveShape': 'move {n}: {problem}',
  'IMPORT_INVALID.illegal': 'move {n} is illegal: {problem}',
  'IMPORT_INVALID.illegalText': 'move {n} ({text}) is illegal: {problem}',
  'IMPORT_INVALID.textShape': '"{text}" {problem}',
  'RECORD.line': 'line {line}: {problem}',

  // ---- limits ------------------------------------------------------------------------------------------------
  'RATE_LIMITED.limit': 'rate limit of {max} requests per minute for this {scope, select, token {token} other {address}} exceeded; retry in {retry} s (Retry-After)',
  'RATE_LIMITED.graphql': 'rate limit of {max} requests per minute exceeded; retry in {retry} s',
  'TOO_MANY_SUBSCRIPTIONS.max': 'a connection holds at most {max} subscriptions; complete one first',
};
