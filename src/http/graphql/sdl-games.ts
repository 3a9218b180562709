/**
 * The SDL of the games, their moves' answers and live updates (Game, GameAt, MoveEntry, LegalMove,
 * MoveResult, GameUpdate...). Joined in order with the others by schema.ts.
 */
/** Where a game stands: every answer about a game at a version has these. */
const POSITION = `  version: Int!
  status: GameStatus!
  toMove: [Int!]!
`;

/** The fields a created game and a game share, as REST's answers share them. */
const GAME_HEADER = `  id: ID!
  type: String!
  engineVersion: Int!
${POSITION}  \"\"\"True when a client chose the seed: whoever chose it can foresee every hidden draw\"\"\"
  seedChosen: Boolean!
`;

export const GAME_SDL = `
"""Any JSON value. Used for game views, events and options, whose shape each game documents."""
scalar JSON

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

type Player { seat: Int!, """Empty while the seat is open""" name: String!, open: Boolean!, """The stand-in bot plays its moves;
  it ranks last""" resigned: Boolean!, colour: String, """A bot seat: the level playing it""" bot: String, """The bot level
  playing this seat while the game runs (resigned, or handed over after missed deadlines)""" standIn: String }
"""A seat at creation: seated (name and token), open (open: true, no token) or a bot's (bot: its level, no token)."""
type SeatToken { seat: Int!, name: String, """Secret: shown once.""" token: String, open: Boolean, colour: String, bot: String }
"""A bot level: what it does, its think time per move and its search iterations at most."""
type BotLevel { level: String!, description: String!, thinkMs: Int!, iterations: Int! }
type BotSeat { seat: Int!, name: String!, bot: String!, status: GameStatus! }
type Invite { """Secret: shown once; others join with it.""" code: String! }

type CreatedGame {
${GAME_HEADER}  rated: Boolean!
  seats: [SeatToken!]!
  invite: Invite
}

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
${GAME_HEADER}  players: [Player!]!
  viewerSeat: Int
  """The caller's view; null for a spectator of a game that hides itself from spectators until it ends (spectators: hidden)"""
  view: JSON
  """The view, typed per game (a union of the games' view types); null where view is"""
  typedView: GameView
  """A finished game with reveal: every seat's view, by seat (every hand as the engine had it)"""
  revealed: [JSON!]
  outcome: Outcome
  options: JSON!
  """What spectators see while it runs: live, delayed (spectatorDelay moves behind) or hidden (the header only)"""
  spectators: String!
  """With spectators delayed: how many moves behind spectators are"""
  spectatorDelay: Int
  """Once finished, every seat's hidden information opens to everyone (replays' revealed, pictures and GIFs of any seat)"""
  reveal: Boolean!
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
  """The caller's legal moves in words for people, in the order of legalMoves, in the language of Accept-Language (REST's
    include=labels; needs a seat token)"""
  legalMoveLabels: [String!]!
  """Whether each of the caller's legal moves could be taken back once made (it draws nothing at random and reveals nothing
    hidden), in the order of legalMoves (REST's include=undoable; needs a seat token)"""
  legalMovesUndoable: [Boolean!]!
  """The caller's legal moves now, typed, each with an id to submit it by (needs a seat token)"""
  typedLegalMoves: [LegalMove!]!
  events(after: Int = 0, limit: Int = 200): [MoveEntry!]!
  """The game right after version \`at\`"""
  replay(at: Int!): GameAt!
  record: JSON!
}

type Deadline { seat: Int!, at: String!, """The seat's player is on vacation, or it is the seat's weekend (pauseOnWeekends), until
  then: its clock waits""" pausedUntil: String }

type GameAt {
${POSITION}  view: JSON!
  typedView: GameView!
  """A finished game with reveal: every seat's view at this version, by seat (every hand as the engine had it)"""
  revealed: [JSON!]
  outcome: Outcome
  """A later takeback (this version) undid the entry at this version"""
  undoneBy: Int
}

type TakebackRequest { """The seat asking""" seat: Int!, """The version to undo""" undo: Int!, acceptedBy: [Int!]! }
"""A takeback's answer: the takeback entry's result (events: its @restored), or the request as it waits (takebackRequest)"""
type TakebackResult { version: Int!, status: GameStatus!, toMove: [Int!]!, outcome: Outcome, events: [JSON!]!, takebackRequest:
  TakebackRequest }

type MoveResult {
${POSITION}  outcome: Outcome
  events: [JSON!]!
  typedEvents: [GameEvent!]!
}

"""Pushed to each watcher after every accepted move, with that watcher's own view and the move's events."""
type GameUpdate {
  gameId: ID!
"""null in the first update for a spectator of a game hidden from spectators until it ends"""
${POSITION}  view: JSON
  typedView: GameView
  outcome: Outcome
  """The seat that made this move; null in the first update (the game as it was when watching began)"""
  seat: Int
  """What this move caused, as this watcher may read it (empty in the first update), so a client can animate it"""
  events: [JSON!]!
  """With a time control, in the updates that carry the game (the first, and after a seat change): each seat's clock, as
    Game.clocks; null in move updates"""
  clocks: [SeatClock!]
}

`;
