/**
 * The SDL of people and operations: listings, creation inputs, clocks, players, lobby, inbox,
 * notifications, ratings and analysis, and the Query, Mutation and Subscription roots. Joined in
 * order with the others by schema.ts.
 */
export const PEOPLE_SDL = `
type GameSummary { id: ID!, type: String!, version: Int!, status: GameStatus!, toMove: [Int!]!, players: [Player!]!, updatedAt: String! }
type GamePage { games: [GameSummary!]!, next: String }

"""Exactly one of: name (seated now), open: true (an open seat), me: true (the caller's player), bot (a bot of that level:
  random, greedy, ismcts, ismcts-strong; name optional)."""
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
  """Players joining need at least this reliability (0 to 1; REST's minReliability)"""
  minReliability: Float
  """none, own-turn (default) or with-consent"""
  takebacks: String
  """What spectators see while it runs: live (default), delayed or hidden"""
  spectators: String
  """With spectators delayed: moves behind (1-20, default 2)"""
  spectatorDelay: Int
  """Once finished, every seat's hidden information opens to everyone (default true)"""
  reveal: Boolean
}

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
type InboxGame { id: ID!, type: String!, seat: Int!, version: Int!, status: GameStatus!, toMove: [Int!]!, isMyTurn: Boolean!,
  resigned: Boolean!, lastMoveAt: String, updatedAt: String! }
type InboxPage { games: [InboxGame!]!, next: String }

"""Where a seat (or a player) is told of its turns: from says whose settings apply (seat, player or none). The webhook secret is
  never shown again."""
type NotificationSettings { seat: Int, playerId: ID, from: String, email: String, webhookUrl: String, events: [String!]!, """en
  or fr: the language of the mails""" language: String! }
`;

export const OPERATIONS_SDL = `

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
  """The token's seat's conditional lines (PUT /games/{id}/seats/me/conditional-moves): seen by that seat only"""
  conditionalMoves(gameId: ID!): ConditionalLines!
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
  """Whether a game changed the ratings, or why not (aborted, pair-limit)"""
  gameRating(gameId: ID!): GameRating!
  """A finished game's whole analysis: its progress and each move's loss of winning chance (GET /games/{id}/analysis/whole)"""
  wholeAnalysis(gameId: ID!): WholeAnalysis!
}

type AnalysedMove { version: Int!, seat: Int!, choices: Int!, notation: String, chance: Float, best: JSON, bestNotation: String,
  bestChance: Float, """bestChance - chance, at least 0""" loss: Float }
type WholeAnalysis { gameId: ID!, iterations: Int!, """queued, running, done or failed""" status: String!, total: Int!, done:
  Int!, error: String, moves: [AnalysedMove!]! }

type RatingEntry { gameType: String!, mu: Float!, sigma: Float!, ordinal: Float!, """sigma at or above
  RATING_PROVISIONAL_SIGMA""" provisional: Boolean!, games: Int!, lastGameAt: String! }
type PlayerRatings { playerId: ID!, name: String!, ratings: [RatingEntry!]! }
type PlayerSettings { playerId: ID!, """immediate or digest""" mode: String!, digestHour: Int, timeZone: String, autoVacation:
  Boolean!, nextDigestAt: String }
type PlayerRecord { finished: Int!, abandoned: Int!, timedOut: Int!, playing: Int!, expired: Int! }
"""finished / (finished + abandoned + timed out) over the last days (each game in one class: timed out, else abandoned, else
  finished); figure null before any game counts"""
type Reliability { finished: Int!, abandoned: Int!, timedOut: Int!, days: Int!, figure: Float }
type PlayerProfile { id: ID!, name: String!, games: PlayerRecord!, reliability: Reliability! }
type LeaderboardEntry { rank: Int!, playerId: ID!, name: String!, mu: Float!, sigma: Float!, ordinal: Float!, provisional:
  Boolean!, games: Int!, lastGameAt: String!, recentGames: Int!, recentOpponents: Int! }
type Leaderboard { gameType: String!, minGames: Int!, minOpponents: Int!, recentDays: Int!, provisionalSigma: Float!, players:
  [LeaderboardEntry!]!, next: String }
type GameRating { gameId: ID!, rated: Boolean!, """unrated, pending, counted, aborted or pair-limit (GET /games/{id}/rating)"""
  status: String! }
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
  """Takes back the caller's last move (or from version undo on) within its own turn; after it, in a with-consent game, asks the
    other seats. Refused: TAKEBACK_NOT_ALLOWED with extensions.reason. A retry with the same idempotencyKey of a takeback that
    was appended gets the first answer and undoes nothing more."""
  takeback(gameId: ID!, undo: Int, idempotencyKey: String): TakebackResult!
  """Accepts the waiting takeback request; the last acceptance appends the takeback"""
  acceptTakeback(gameId: ID!): TakebackResult!
  """Declines the waiting takeback request"""
  declineTakeback(gameId: ID!): TakebackResult!
  """Operator only: a new token for a seat; the old one stops working"""
  reissueSeatToken(gameId: ID!, seat: Int!): SeatToken!
  """Sets the token's seat's conditional lines, replacing the ones before (an empty list clears them). Each notation's form is checked (INVALID_INPUT naming the line and the move), never the others' moves' legality; refused during the seat's own turn (CONDITIONAL_NOT_ALLOWED)."""
  setConditionalMoves(gameId: ID!, lines: [ConditionalLineInput!]!): ConditionalLines!
  """Clears the token's seat's conditional lines"""
  clearConditionalMoves(gameId: ID!): ConditionalLines!
}

"""A conditional line: the others' moves expected since the lines were set (in notation, as the seat reads them in its log; {hidden} for a move it may not see), then the seat's answer"""
input ConditionalLineInput { after: [String!]!, play: String! }
type ConditionalLine { after: [String!]!, play: String! }
"""A seat's conditional lines still waiting, and the version they were set at (null: none)"""
type ConditionalLines { seat: Int!, setVersion: Int, lines: [ConditionalLine!]! }

type Subscription {
  """
  The game now, then after every accepted move (on any server process) once and in order; each
  watcher gets its own seat's view. \`after\`: resume after that version (the last one received):
  the game is not sent again, only the moves after it.
  """
  gameUpdated(gameId: ID!, after: Int): GameUpdate!
}

`;
