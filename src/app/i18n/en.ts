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
  SEED_NOT_ALLOWED:
    'This server does not accept a chosen seed (CLIENT_SEEDS=off): whoever chooses the seed can foresee every hidden draw; leave out seed',
  ANALYSIS_NOT_ALLOWED: 'Analysis is only for finished games, or games created with analysis: true (never a live aid in a rated game)',
  TOURNAMENT_STARTED: 'This tournament has started: it takes no more entries',
  TOURNAMENT_FULL: 'This tournament is full',
  ALREADY_ENTERED: 'This player is already entered in this tournament',
  TOO_FEW_PLAYERS: 'Too few players to start this tournament',
  RELIABILITY_TOO_LOW: 'Your reliability is below the minimum this game or tournament requires',
  BOT_SEAT: "This seat is played by a bot: no person''s token plays for it",
  NOT_FOUND: 'Not found',
  REQUEST_TIMEOUT: 'The request (headers and body) did not arrive in time (REQUEST_TIMEOUT_MS)',
  METHOD_NOT_ALLOWED: 'A GraphQL mutation needs POST; GET runs queries only',
  NOT_YOUR_TURN: "It is not this seat''s turn to act.",
  CONDITIONAL_NOT_ALLOWED: 'Conditional lines cannot be set now',
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
  NOT_IMPLEMENTED: 'The server does not give this',
  UNAVAILABLE: 'the database is unavailable or too slow right now; retry shortly',
  TAKEBACK_NOT_ALLOWED: 'this move cannot be taken back',

  // ---- INVALID_INPUT ---------------------------------------------------------------------------------
  'INVALID_INPUT.malformedJson': 'malformed JSON body: {detail}',
  'INVALID_INPUT.contentLength': 'the Content-Length header does not match the body',
  'INVALID_INPUT.unknownGameType': 'unknown game type "{type}"; known: {known}',
  'FORBIDDEN.gifSeat':
    "seat {seat}''s view needs that seat''s token or game link (anyone may once a game that " +
    "reveals is finished); leave out seat for a spectator''s view",
  'INVALID_INPUT.gifTo': "to ({to}) is past the game''s version, {max}: a replay shows no move not yet made",
  'INVALID_INPUT.gifFrom': 'from ({from}) must not be after to ({to})',
  'INVALID_INPUT.gifFrames': 'a replay GIF shows at most {max} positions; this range has {frames}: narrow from and to',
  'NOT_IMPLEMENTED.oembedFormat': 'oEmbed answers format=json only, not {format}',
  'NOT_FOUND.oembedUrl': 'this server embeds its game pages only (/games/<id> or /embed/games/<id> on this host), not {url}',
  'INVALID_INPUT.atVersion': 'at must be a version between 0 and {max}',
  'INVALID_INPUT.lastEventId': 'Last-Event-ID (or after) must be a version number, the id of the last event received; got "{given}"',
  'INVALID_INPUT.resumeAhead': 'resuming after version {after}, but the game is at version {version}: it is not a version this game sent',
  'INVALID_INPUT.graphqlMoveField': "this game is {game}: send the move as '{ '{field}: '{ <moveType>: ... } }'",
  'INVALID_INPUT.oneMoveType': 'a move needs exactly one move type field',
  'INVALID_INPUT.beforeCursor': 'before is not a cursor returned by this list',
  'INVALID_INPUT.afterCursor': 'after is not a cursor returned by this list',
  'INVALID_INPUT.seatRange': 'seat {seat} is out of range: this game has seats 0 to {last}',
  'INVALID_INPUT.notation':
    '{problem}{count, plural, =0 {; this seat has no legal move now} other {; legal now: ' +
    '{legal}{more, plural, =0 {} other {, and # more}}}}',
  'INVALID_INPUT.mailNoMove':
    "the mail has no move: write it on the first line, in the game''s notation (your legal " +
    'moves: {count, plural, =0 {none now} other {{legal}}})',
  'INVALID_INPUT.mailNotAMove': '"{line}" is not a move here: {problem} (your legal moves: {count, plural, =0 {none now} other {{legal}}})',
  // Request validation (Fastify's Ajv): `where` is body, querystring, params or headers with the path.
  'INVALID_INPUT.required': "{where} must have required property ''{field}''",
  'INVALID_INPUT.additionalProperties': '{where} must NOT have additional properties ("{field}")',
  'INVALID_INPUT.type': '{where} must be {type}',
  'INVALID_INPUT.fewer':
    '{where} must NOT have fewer than {limit} {unit, select, items {items} properties {properties} other {characters}}',
  'INVALID_INPUT.more': '{where} must NOT have more than {limit} {unit, select, items {items} properties {properties} other {characters}}',
  'INVALID_INPUT.minimum': '{where} must be >= {limit}',
  'INVALID_INPUT.maximum': '{where} must be <= {limit}',
  'INVALID_INPUT.enum': '{where} must be equal to one of the allowed values ({values})',
  'QUERY_TOO_DEEP.limit': 'The GraphQL query goes past its depth limit of {limit} (GRAPHQL_MAX_DEPTH)',
  'TOO_MANY_ALIASES.limit': 'The GraphQL query has more aliases than its limit of {limit} (GRAPHQL_MAX_ALIASES)',
  'QUERY_TOO_COSTLY.limit': 'The GraphQL query costs more than its limit of {limit} (GRAPHQL_MAX_COST): ask for less at once',
  'QUERY_TOO_COSTLY.weight':
    'the operation reads too much at once (weight over {limit}: a record weighs 20, a replay ' +
    '10, 20 events 1, legal moves 5, a view 2); split it into several requests',
  'INVALID_INPUT.pattern':
    '{where} must be {rule, select, uuid {a UUID} email {an e-mail address (name@domain.example)} other {in its documented form}}',

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
  'ENGINE_VERSION_UNSUPPORTED.game':
    'game {id} was started under {type} engine version {version}, which this server no longer ' +
    'has (it has {count, plural, =0 {none} other {{versions}}})',
  'ENGINE_VERSION_UNSUPPORTED.record':
    'this server has no {type} engine version {version} (it has {versions}): the record cannot be replayed under its own rules',
  'ENGINE_VERSION_UNSUPPORTED.server': 'this server has no {type} engine version {version} (it has {versions})',
  'ENGINE_VERSION_UNSUPPORTED.noVersion': 'this server has no {type} engine version {version}',
  'IDEMPOTENCY_KEY_REUSED.key':
    'the Idempotency-Key "{key}" was already used by this seat for another move ({move}); use a new key for a new move',
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
  'LOBBY.RATED':
    'this game was created with rated: true: its seats are taken by player identities only; ' +
    'join with a player token (POST /api/v1/players)',

  // ---- records (import) ------------------------------------------------------------------------------------
  'IMPORT_INVALID.format': 'unknown record format "{format}"; expected {expected}',
  'IMPORT_INVALID.unknownGameType': 'unknown game type "{type}"',
  'IMPORT_INVALID.noSeed': 'the record has no seed: records of games still running omit it, so they cannot be replayed',
  'IMPORT_INVALID.hidden': 'move {n} is hidden in this record; export the record after the game is over',
  'IMPORT_INVALID.notASeat': 'move {n}: seat {seat} is not a seat of this game',
  'IMPORT_INVALID.takebackShape': 'move {n}: a takeback entry is \'{ "type": "takeback", "undo": <an earlier version> }\'',
  'IMPORT_INVALID.takebackEntry': 'move {n}: a takeback entry has origin "takeback" and move \'{ "type": "takeback", "undo": <version> }\'',
  'IMPORT_INVALID.takebackTarget': 'move {n}: version {undo} is not a move in effect to take back',
  'IMPORT_INVALID.takebackNotOwn': "move {n}: version {undo} is not seat {seat}''s own move",
  'IMPORT_INVALID.takebackBlocked': 'move {n}: version {version} cannot be taken back (a resignation, a random draw or a hidden reveal)',
  'IMPORT_INVALID.moveShape': 'move {n}: {problem}',
  'IMPORT_INVALID.verify.order': 'entry {n} carries version {version}: an entry was moved, removed or added',
  'IMPORT_INVALID.verify.setup': "the state set up by the record''s seed, options and players is not the one its setupHash names",
  'IMPORT_INVALID.verify.events': 'version {version}: the events the record carries are not those its move gives',
  'IMPORT_INVALID.verify.state': 'version {version}: the state after it is not the one its stateHash names',
  'IMPORT_INVALID.verify.chain': 'version {version}: its chain hash does not follow from the entries before it',
  'IMPORT_INVALID.verify.unchained': 'version {version} carries no state hash or chain hash: export the record again from the server',
  'IMPORT_INVALID.alternative': 'move {n}, alternative {k}: {problem}',
  'RECORD.alternative': 'an alternative is written (<move> [mark] [a comment in braces]), not {got}',
  'RECORD.annotationPlace': 'a comment or an alternative belongs under a move: none comes before it',
  'IMPORT_INVALID.illegal': 'move {n} is illegal: {problem}',
  'IMPORT_INVALID.illegalText': 'move {n} ({text}) is illegal: {problem}',
  'IMPORT_INVALID.textShape': '"{text}" {problem}',
  'RECORD.line': 'line {line}: {problem}',

  // ---- limits ------------------------------------------------------------------------------------------------
  'RATE_LIMITED.limit':
    'rate limit of {max} requests per minute for this {scope, select, token {token} other ' +
    '{address}} exceeded; retry in {retry} s (Retry-After)',
  'RATE_LIMITED.graphql': 'rate limit of {max} requests per minute exceeded; retry in {retry} s',
  'TOO_MANY_SUBSCRIPTIONS.max': 'a connection holds at most {max} subscriptions; complete one first',
  // ---- more errors by id ----
  'ALREADY_SEATED.twoSeats': "one player cannot take two seats: give '{ me: true }' once",
  'COLOUR_TAKEN.twice': "two seats chose the same colour; each seat''s colour is different (ruling M7)",
  'UNAUTHORIZED.joinToken': 'joining takes a player token, or no token at all',
  'UNAUTHORIZED.reliabilityNeedsPlayer':
    '{what, select, game {this game} other {this tournament}} requires a reliability of at ' +
    'least {min}: join with a player token, whose record gives the figure',
  'NOT_FOUND.tournament': "no tournament has the id ''{id}''",
  'TOURNAMENT_STARTED.join': 'the tournament is {status}: players join only until it starts',
  'TOURNAMENT_STARTED.start': 'the tournament is {status}: only an open tournament can be started',
  'TOURNAMENT_FULL.join': 'the tournament is full: it takes at most {max} players',
  'ALREADY_ENTERED.join': 'this player is already entered in the tournament: a player enters once',
  'TOO_FEW_PLAYERS.start': 'the tournament has {entries} players: it needs at least {seats}, one table',
  'FORBIDDEN.tournamentCreatorOnly': 'only the creator of a tournament (or the operator) may start it before its time',
  'INVALID_INPUT.tournamentGame': "game ''{type}'' is not hosted here; known: {known}",
  'INVALID_INPUT.tournamentSeats': 'seatsPerGame {seats} is outside what {type} seats: {min} to {max} (and at least 2)',
  'INVALID_INPUT.roundRobinSeats':
    'a round robin seats 2 players a game (every two players meet once), not {seats}: use format swiss for larger tables',
  'INVALID_INPUT.swissRounds': 'a Swiss tournament needs rounds: how many rounds to play',
  'INVALID_INPUT.tournamentMaxPlayers': 'maxPlayers {max} is less than one table of {seats}',
  'INVALID_INPUT.tournamentStartsAt': "startsAt ''{given}'' is not a date and time (RFC 3339)",
  'RELIABILITY_TOO_LOW.below':
    '{what, select, game {this game} other {this tournament}} requires a reliability of at ' +
    'least {min}; yours is {figure} (games finished / (finished + abandoned + timed out) over ' +
    'the last 90 days)',
  'INVALID_INPUT.minReliability': 'minReliability is a figure from 0 to 1 (finished / (finished + abandoned + timed out)), not {given}',
  'INVALID_INPUT.joinName': 'name is required when joining without a player token',
  'FORBIDDEN.fillCreatorOnly': "only the creator of a waiting game (the seat made with '{ me: true }') may fill its open seats with bots",
  'UNAUTHORIZED.seatOrPlayerToken': 'this needs the token of your seat, or your player token (Authorization: Bearer)',
  'FORBIDDEN.creatorLeaves': 'the creator cannot leave a waiting game: cancel it instead',
  'UNAUTHORIZED.cancelToken': "cancelling needs the creator''s token (seat or player) or the operator''s",
  'FORBIDDEN.cancelCreatorOnly': "only the creator (the seat made with '{ me: true }') or the operator may cancel a game",
  'UNAUTHORIZED.resignToken': 'resigning needs the token of your seat, or your player token (Authorization: Bearer)',
  'GAME_NOT_STARTED.resign': 'the game has not started: leave it instead of resigning',
  'GAME_OVER.resign': 'the game is finished: there is nothing to resign',
  'UNAUTHORIZED.noLinks': 'this server does not take game links',
  'FORBIDDEN.linkReadOnly':
    "a game link from a mail shows the seat''s view only: play by replying to the mail with the move, or with the seat token",
  'SEED_NOT_ALLOWED.create':
    'this server does not accept a chosen seed (CLIENT_SEEDS=off): whoever chooses the seed can foresee every hidden draw; leave seed out',
  'INVALID_INPUT.analysisRated':
    'analysis: true is for unrated games only: a rated game is never analysed while it runs; leave rated out or set it to false',
  'GAME_NOT_STARTED.seatOpen': 'the game has not started: a seat is still open, and moves are accepted once every seat is taken',
  'ANALYSIS_NOT_ALLOWED.setting': 'analysis is only for finished games, or games created with analysis: true (never a live aid otherwise)',
  'UNAVAILABLE.analysis': 'analysis needs the bot pool (BOTS=on)',
  'SEED_NOT_ALLOWED.import':
    'this server does not accept a chosen seed (CLIENT_SEEDS=off): only records of finished ' +
    "games can be imported, since an unfinished one''s seed foretells the rest of it",
  'INVALID_INPUT.untilPast': 'until must be in the future',
  'INVALID_INPUT.webhookCredentials': 'webhookUrl must not carry a user name or password',
  'UNAVAILABLE.players': 'players are not set up on this server',
  'NOT_FOUND.unsubscribe': 'no notification settings have this unsubscribe token',
  'INVALID_INPUT.deadlineOrControl':
    "turnDeadlineSeconds: give either turnDeadlineSeconds or timeControl, not both (turnDeadlineSeconds d is timeControl '{ d, d, d }')",
  'INVALID_INPUT.timeoutActionAlone': 'timeoutAction: needs turnDeadlineSeconds or timeControl',
  'INVALID_INPUT.incrementOverMax': 'timeControl.incrementSeconds must not exceed timeControl.maxSeconds',
  'INVALID_INPUT.initialOverMax':
    'timeControl.initialSeconds must not exceed timeControl.maxSeconds (a bank never holds more than the maximum)',
  'UNAUTHORIZED.linkMalformed': 'this game link is malformed: open the link of the newest mail of the game',
  'UNAUTHORIZED.linkForged': 'this game link is forged or altered (its signature does not match)',
  'UNAUTHORIZED.linkOtherGame': 'this game link opens another game',
  'UNAUTHORIZED.linkExpired': 'this game link has expired: open the link of a newer mail of the game, or use the seat token',
  'UNAUTHORIZED.linkNoSeat': 'this game link names a seat the game does not have',
  'UNAUTHORIZED.linkRevoked': "this seat''s token was reissued since this link was sent: the link is revoked",
  'UNAVAILABLE.notifications': 'notifications are not set up on this server',
  'UNAVAILABLE.tournaments': 'tournaments are not set up on this server',
  'UNAVAILABLE.conditionalMoves': 'conditional moves are not set up on this server',
  'UNAVAILABLE.ratings': 'ratings are not set up on this server',
  'UNAVAILABLE.gameBusy': 'the game moved on {reads} times while this query read it; retry shortly',
  'UNAVAILABLE.lobby': 'the lobby needs the database',
  'UNAVAILABLE.vacations': 'vacations are not set up on this server',
  'INVALID_INPUT.gqlQuery': 'a GraphQL request needs a "query" string',
  'INVALID_INPUT.gqlQueryString': '"query" must be a string holding a GraphQL document',
  'INVALID_INPUT.gqlOperationName': '"operationName" must be a string',
  'INVALID_INPUT.gqlVariables': '"variables" must be a JSON object',
  'INVALID_INPUT.gqlSubscriptionHttp': 'subscriptions run over WebSocket (graphql-transport-ws protocol) at /graphql, not over HTTP',
  'INVALID_INPUT.gqlMoveId': 'moveId is not the id of a move listed by typedLegalMoves',
  'UNAUTHORIZED.gqlAuthorization': 'authorization must be a string',
  'FORBIDDEN.operatorResigns': 'the operator cannot resign for a seat',
  'GAME_OVER.resigned': 'the game is over (resignations left one seat), no move is accepted',
  'GAME_OVER.over': 'the game is over, no move is accepted',
  'NOTIFY.settingsToken': 'notification settings need the token of the seat (or of its player)',
  'BOT_SEAT.me': "players/{i}: a bot seat has no token, so it cannot be the caller''s seat ('{ me: true }')",
  'INVALID_INPUT.playerKind': "players/{i} must be exactly one of '{ name }', '{ open: true }', '{ me: true }', '{ bot }'",
  'INVALID_INPUT.botLevel': '{field}: unknown bot level "{level}"; known: {known}',
  'INVALID_INPUT.openColour': "players/{i}: an open seat''s colour is chosen by whoever joins it",
  'INVALID_INPUT.noColours': '{type} has no colour to choose: leave out "colour"',
  'INVALID_INPUT.notAColour': '"{colour}" is not a colour of {type}; choose one of {offered} (ruling {rule})',
  'ANALYSIS_NOT_ALLOWED.otherSeat': "while the game runs, only seat {seat}''s own token may analyse its positions",
  'INVALID_INPUT.untilDate': 'until must be a date and time (ISO 8601, e.g. 2026-12-24T18:00:00Z), not "{given}"',
  'VACATION_TOO_LONG.days': "a vacation until {until} takes {days} days, more than the {left} left of this year''s {perYear}",
  'INVALID_INPUT.mailLanguage': 'language: "{given}" is not a language mails are written in ({languages})',
  'INVALID_INPUT.email': 'email "{given}" is not an email address (name@domain.example, at most {max} characters)',
  'INVALID_INPUT.webhookLong': 'webhookUrl is longer than {max} characters',
  'INVALID_INPUT.webhookNotUrl': 'webhookUrl "{given}" is not a URL',
  'INVALID_INPUT.webhookProtocol': 'webhookUrl must be http or https, not {protocol}',
  'CONDITIONAL_NOT_ALLOWED.yourTurn':
    'it is your turn: play your move first; conditional lines answer the moves the others make while you wait',
  'FORBIDDEN.otherSeatLines': "seat {seat}''s conditional lines are its own: this token is seat {own}''s",
  'FORBIDDEN.linesNeedSeat': 'conditional lines belong to a seat: this token holds no seat in this game',
  'UNAUTHORIZED.linesToken': "conditional lines need the token of the seat (or its player''s token): Authorization: Bearer",
  'INVALID_INPUT.conditionalCount': 'at most {max} conditional lines; got {count}',
  'INVALID_INPUT.conditionalAfter': 'line {line}: "after" lists 1 to {max} moves of the others; got {count}',
  'INVALID_INPUT.conditionalLength': 'line {line}: a move in notation has 1 to {max} characters',
  'INVALID_INPUT.conditionalNotation': 'line {line}, move "{move}": {problem}',
  'INVALID_INPUT.conditionalSame': 'line {line} expects the same moves as line {other}: one answer per sequence of moves',
  'INVALID_INPUT.noticeKind': 'events: "{given}" is not a notification kind ({kinds})',
  'INVALID_INPUT.notificationId': 'id must be a notification id (a UUID), got "{given}"',
  'INVALID_INPUT.controlChar':
    '{field} holds a control character (U+{char}): names and other text take printable characters only, on one line',
  'INVALID_INPUT.nulChar': '{where} holds a NUL character or an unpaired surrogate, which no text field accepts',
  'NOT_FOUND.boardPicture': 'games of type {type} have no board picture',
  'INVALID_INPUT.seconds': '{field} must be a whole number of seconds from 1 to {max} (90 days)',
  'INVALID_INPUT.intRange': '{name} must be an integer from {min} to {max}',
  'RATE_LIMITED.creation': 'this address may create at most {max} games, players and imports a minute; retry in {retry} s (Retry-After)',
  'RATE_LIMITED.liveToken': 'this token already holds {max} live streams and subscriptions; close one first',
  'RATE_LIMITED.liveAddress': 'this address already holds {max} live streams and subscriptions; close one first',
  'METHOD_NOT_ALLOWED.get': 'a {operation} needs POST; GET runs queries only',
  'RECORD.header': 'a header is [Name "value"], with the value as a JSON string; got {got}',
  'RECORD.headerTwice': 'the header {name} is given twice',
  'RECORD.missingHeader':
    'missing header [{name} "..."]: a text record starts with the headers Format, Game, ' +
    'EngineVersion, Options, Seat0, Seat1... and, once the game is over, Seed',
  'RECORD.format': 'unknown format "{format}"; expected {expected}',
  'RECORD.engineVersion': 'EngineVersion must be a whole number, not "{given}"',
  'RECORD.optionsJson': `Options must hold the options as a JSON object, e.g. [Options "'{\\"boardSide\\":\\"A\\"}'"]`,
  'RECORD.optionsObject': 'Options must hold a JSON object',
  'RECORD.botLevel': '{name} must name a bot level (random, greedy, ismcts, ismcts-strong), not "{given}"',
  'RECORD.seatGap': '{stray} is given but Seat{missing} is missing: seats are numbered from 0 without gaps',
  'RECORD.noSeed': 'the record has no Seed header: records of games still running omit it, so they cannot be replayed',
  'RECORD.afterResult': 'nothing may follow the result {result}',
  'RECORD.moveNumber': 'bad move number {version}: expected {expected} (moves are numbered 1, 2, 3... without gaps)',
  'RECORD.seat': 'seat {seat} is not a seat of this game (seats 0 to {last})',
  'RECORD.hidden': 'the move is hidden in this record; export the record after the game is over',
  'RECORD.annotation':
    "unknown annotation '{'{note}'}'; expected '{hidden}, {mail}, {resign}, {resigned}, " +
    "{timeout}, {conditional}, {bot <level>}' or '{takeback <version>}'",
  'RECORD.botAnnotation': "a bot seat''s move is annotated '{bot <level>}', e.g. '{bot greedy}'",
  'RECORD.resignation': `a resignation is written "<number>. <seat>: '{resign}'", with no move`,
  'IMPORT_INVALID.sameColour': 'two players of the record have the same colour',
  'IMPORT_INVALID.afterEnd': 'move {n} comes after the end of the game',
  'IMPORT_INVALID.resignEntry': `move {n}: a resignation entry is '{ "type": "resign" }', once per seat`,
  'IMPORT_INVALID.hadResigned': 'move {n}: seat {seat} had resigned; its moves are played by the server (origin "resigned")',
  'IMPORT_INVALID.notResigned': 'move {n}: origin "resigned" but seat {seat} has not resigned',
  'IMPORT_INVALID.botOrigin': 'move {n}: seat {seat} is a bot seat; its moves have origin "bot"',
  'IMPORT_INVALID.notBot': 'move {n}: origin "bot" but seat {seat} is not a bot seat',
  'IMPORT_INVALID.botName': 'move {n}: only moves with origin bot, resigned or timeout name a bot',
  'INVALID_INPUT.gqlNoSuchOperation': 'the document has no operation named "{name}" (it has: {count, plural, =0 {none} other {{names}}})',
  'INVALID_INPUT.gqlWhichOperation':
    '{count, plural, =0 {the document has no operation} other {the document has {count} ' +
    'operations ({names}): name the one to run with "operationName"}}',

  // ---- TAKEBACK_NOT_ALLOWED (src/app/takeback.ts) --------------------------------------------------
  'TAKEBACK_NOT_ALLOWED.none': 'this game was created with takebacks: none: no move can be taken back',
  'TAKEBACK_NOT_ALLOWED.otherActed':
    'seat {seat} acted after version {undo} (version {at}): this game allows takebacks within your own turn only (takebacks: {setting})',
  'TAKEBACK_NOT_ALLOWED.turnEnded':
    'your turn ended with version {undo}: this game allows takebacks within your own turn only ' +
    '(takebacks: {setting}); with-consent games ask the other seats',
  'TAKEBACK_NOT_ALLOWED.pending':
    "seat {seat}''s takeback of version {undo} waits for the other seats: it is accepted, declined or voided by the next move first",
  'TAKEBACK_NOT_ALLOWED.noMove': 'seat {seat} has no move in effect to take back',
  'TAKEBACK_NOT_ALLOWED.notInEffect':
    'version {undo} is not a move in effect: it does not exist, is a resignation or a takeback, or was already taken back',
  'TAKEBACK_NOT_ALLOWED.notOwn': "version {undo} is not seat {seat}''s own move: a seat takes back its own moves only",
  'TAKEBACK_NOT_ALLOWED.resigned': 'seat {seat} resigned at version {at}: nothing before it can be taken back',
  'TAKEBACK_NOT_ALLOWED.randomDraw':
    'version {at} drew at random (a card, tile or cube from a hidden stock): a takeback would let it be drawn again',
  'TAKEBACK_NOT_ALLOWED.hiddenReveal':
    'version {at} showed a seat what it could not see before (a hand, a kept tile): a takeback cannot make it unseen',
  'TAKEBACK_NOT_ALLOWED.noRequest': 'no takeback request waits in this game (a move since voids one)',

  // ---- whole-game analysis, stand-ins after missed deadlines, digests, takebacks -----------------------
  'ANALYSIS_NOT_ALLOWED.wholeUnfinished':
    'a whole game is analysed once it is finished (while it runs, it would show each seat the ' +
    "others'' positions); analyse your own positions one at a time with GET " +
    "/games/'{id}'/analysis when the game was created with analysis: true",
  'NOT_FOUND.wholeAnalysisUnderWay': 'no whole-game analysis of this game is queued or running',
  'NOT_FOUND.wholeAnalysis': "this game has not been analysed: ask for it with POST /games/'{id}'/analysis/whole",
  'INVALID_INPUT.standInAfterTimeouts': 'standInAfterTimeouts must be a whole number from 1 to {max}, not {given}',
  'INVALID_INPUT.standInNeedsClock': 'standInAfterTimeouts needs deadlines: give turnDeadlineSeconds or timeControl',
  'INVALID_INPUT.timeZoneShape': 'timeZone must be an IANA time zone name, e.g. Europe/Paris',
  'INVALID_INPUT.timeZoneUnknown': 'timeZone: "{zone}" is not an IANA time zone name (e.g. Europe/Paris, America/New_York, UTC)',
  'INVALID_INPUT.digestHour': 'digestHour must be a whole hour from 0 to 23, not {given}',
  'INVALID_INPUT.deliveryMode': 'mode: "{mode}" is not a delivery mode ({modes})',
  'INVALID_INPUT.autoVacation': 'autoVacation must be true or false',
  'INVALID_INPUT.digestNeedsHour': 'digestHour: digest mode needs the hour (0-23) the digest is sent at',
  'INVALID_INPUT.digestNeedsZone': 'timeZone: digest mode needs the time zone of the digest hour (an IANA name, e.g. Europe/Paris)',
  'INVALID_INPUT.takebacks': 'takebacks must be one of {settings}; got {given}',
  'INVALID_INPUT.spectators': 'spectators must be one of {settings}; got {given}',
  'INVALID_INPUT.spectatorDelay': 'spectatorDelay must be a whole number of moves from 1 to {max}; got {given}',
  'INVALID_INPUT.reveal': 'reveal must be true or false; got {given}',
  'FORBIDDEN.spectatorsHidden':
    'this game hides itself from spectators until it ends (spectators: hidden): only its ' +
    "header is shown; a seat''s token shows that seat''s view",
  'UNAUTHORIZED.takeback': 'takebacks need the token of your seat, or your player token (Authorization: Bearer)',
  'FORBIDDEN.operatorTakeback': "the operator cannot take part in takebacks: they need a seat''s token",
  'GAME_NOT_STARTED.takeback': 'the game has not started: there is no move to take back',
  'GAME_OVER.takeback': 'the game is over: its moves can no longer be taken back',
  'SEAT_RESIGNED.takeback': 'seat {seat} has resigned: it takes nothing back',
  'FORBIDDEN.ownTakeback': 'the seat that asked for the takeback does not answer its own request: the other seats do',
  'FORBIDDEN.notAsked': 'seat {seat} is not asked about this takeback (bot and resigned seats are not)',
  'VERSION_CONFLICT.takeback': 'the game moved on meanwhile: look at it again',

  // ---- the last refusals made from English words, by id now (issue 22) -------------------------------
  // Request validation: the Ajv keywords without a sentence above, Ajv's own words kept as values.
  'INVALID_INPUT.format': '{where} must match format "{format}"',
  'INVALID_INPUT.patternRaw': '{where} must match pattern "{pattern}"',
  'INVALID_INPUT.compare': '{where} must be {comparison} {limit}',
  'INVALID_INPUT.multipleOf': '{where} must be a multiple of {limit}',
  'INVALID_INPUT.uniqueItems': '{where} must NOT have duplicate items (items {j} and {i} are identical)',
  'INVALID_INPUT.exactlyOne': '{where} must have exactly one of these fields: {fields}',
  'INVALID_INPUT.oneOf': '{where} must match exactly one of the allowed shapes',
  'INVALID_INPUT.anyOf': '{where} must match one of the allowed shapes',
  'INVALID_INPUT.schemaRule': '{where} breaks the schema rule "{keyword}": {detail}',
  'INVALID_INPUT.invalid': '{where} is invalid',
  'INVALID_INPUT.noMoveWords': 'games of type {type} have no moves in words: leave out include=labels',
  'INVALID_INPUT.ratedSeedChosen': 'rated: a rated game is not allowed here: the seed was chosen, so its hidden draws can be foreseen',
  'INVALID_INPUT.ratedSeatNotPlayer':
    'rated: a rated game is not allowed here: a seat is not a player identity (every seat must ' +
    "be '{ me: true }' or '{ open: true }' joined with a player token; no names, no bots)",
  'INVALID_INPUT.webhookTarget': 'webhookUrl: {problem} (webhooks go to public addresses only)',
  'WEBHOOK.noResolve': 'the host "{host}" does not resolve',
  'WEBHOOK.notAllowed': 'the host "{host}" is not allowed: {why}',
  'WEBHOOK.notIp': '"{address}" is not an IP address',
  'WEBHOOK.ipv4Mapped': '{address} is an IPv4-mapped address (of {ipv4})',
  'WEBHOOK.ipv4Compatible': '{address} is an IPv4-compatible address (::/96)',
  'WEBHOOK.range': '{address} is in a {range} range',
  'WEBHOOK.own': "{address} is one of this server''s own addresses",
  'INVALID_INPUT.gqlSyntax': 'the query is not a GraphQL document: {detail}',
  'INVALID_INPUT.gqlNotDocument': 'the query is not a GraphQL document',
  'INVALID_INPUT.graphqlRule': 'the GraphQL request does not fit the schema: {detail}',
  'INVALID_INPUT.httpRefused': 'the request is refused: {detail}',
  'INVALID_INPUT.fileJson': 'the file is not valid JSON: {detail}',
  'RATE_LIMITED.said': 'too many requests: {detail}',
  'UNAVAILABLE.said': 'the server is unavailable right now ({detail}); retry shortly',
  'UNAVAILABLE.server': 'the server is unavailable right now; retry shortly',
  'UNAVAILABLE.busy': 'the server is busy with {count} {what, select, imports {imports} other {{what}}}; retry in {retry} s',
  'UNAVAILABLE.noAnswerWithin': 'the database did not answer within {ms} ms; retry shortly',
  'UNAVAILABLE.notReady': 'the database does not answer',
  'UNAVAILABLE.noAnswer': 'the database does not answer; retry shortly',
  'UNAVAILABLE.overloaded': 'the server is overloaded; retry shortly',
  'UNAVAILABLE.analysisQueue':
    'the analysis line is full ({running} running, {waiting} waiting); retry in {retry} s ' +
    '(Retry-After). Games never wait for analyses: bots and stand-ins have threads of their own',
  'UNAVAILABLE.analysisFailed': 'the analysis failed ({detail}; a failing thread is tried twice, each time on a new thread); retry later',
  'INVALID_INPUT.analysisIterations': 'iterations may be at most {max} on this server (ANALYSIS_MAX_ITERATIONS)',
  'RATE_LIMITED.analysisBudget':
    'analysis budget: at most {max} search iterations a minute for this {scope, select, token ' +
    '{token} other {address}}; {iterations} asked, retry in {retry} s (Retry-After)',
  'INVALID_INPUT.analysisOverBudget':
    'analysis budget: {iterations} iterations asked, more than the {max} a minute this {scope, ' +
    'select, token {token} other {address}} may spend; ask for at most {max}',
  'RATE_LIMITED.wholeAnalysisQueued':
    'this {scope, select, token {token} other {address}} already has a whole-game analysis ' +
    'queued or running (game {gameId}); ask again once it is done (Retry-After)',
  'UNAVAILABLE.wholeAnalysis': 'whole-game analysis needs the bot pool (BOTS=on)',
  'UNAVAILABLE.playerSettings': 'player settings are not set up on this server',
  'RECORD.moveLine': 'expected a move "<number>. <seat>: <move>" (e.g. "{example}") or the result; got "{got}"',
  'RECORD.takeback': `a takeback is written "<number>. <seat>: '{takeback <version undone>}'", with no move, undoing an earlier version`,
  'RECORD.botNote':
    "'{'{note} {bot}'}': only '{bot}, {resigned}' and '{timeout}' name a bot level, one of random, greedy, ismcts, ismcts-strong",
  'RECORD.resultMismatch': 'the {what, select, header {Result header} other {result line}} says {claimed}, but the moves give {result}',
  // ---- the embedded player's words (src/http/embed-routes.ts) ----
  'EMBED.open': 'Open',
  'EMBED.slider': 'Move',
  'EMBED.hidden': 'This game is hidden from spectators until it ends.',
};
