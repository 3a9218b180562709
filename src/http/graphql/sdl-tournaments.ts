/** Tournaments (src/app/tournaments/; REST's /tournaments): the same answers as GET /tournaments/{id}. */
export const TOURNAMENTS_SDL = `
type TournamentEntry { playerId: ID!, name: String! }
type TournamentSeat { seat: Int!, playerId: ID!, name: String! }
type TournamentTable { table: Int!, players: [TournamentSeat!]!, bye: Boolean!, gameId: ID, """the game's status, pending, or
  bye""" status: String!, ranks: [Int!] }
type TournamentRound { round: Int!, tables: [TournamentTable!]! }
"""Best first: points, then Buchholz, then opponents beaten, then entry order"""
type TournamentStanding { rank: Int!, playerId: ID!, name: String!, points: Float!, buchholz: Float!, beaten: Int!, played: Int!,
  byes: Int! }
type Tournament { id: ID!, """its web page""" page: String!, name: String!, game: String!, """round-robin or swiss""" format: String!,
  rounds: Int!, seatsPerGame:
  Int!, maxPlayers: Int!, timeControl: JSON, rated: Boolean!, startsAt: String!, minReliability: Float, creatorId: ID, """open,
  running, finished or cancelled""" status: String!, players: [TournamentEntry!]!, roundsPlayed: [TournamentRound!]!, standings:
  [TournamentStanding!]! }
input CreateTournamentInput { name: String!, game: String!, format: String!, rounds: Int, seatsPerGame: Int!, maxPlayers: Int,
  timeControl: TimeControlInput, rated: Boolean, startsAt: String!, minReliability: Float }

extend type Query {
  """A tournament: players, rounds, tables, games, standings (GET /tournaments/{id})"""
  tournament(id: ID!): Tournament!
}

extend type Mutation {
  """Create a tournament (player token; POST /tournaments)"""
  createTournament(input: CreateTournamentInput!): Tournament!
  """Enter a tournament until it starts (player token)"""
  joinTournament(id: ID!): Tournament!
  """Start a tournament now (its creator or the operator)"""
  startTournament(id: ID!): Tournament!
}
`;
