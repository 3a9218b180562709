import { Type, type Static } from '@sinclair/typebox';
import { GameType, Name, TimeControl } from '../shapes.js';

export const TOURNAMENT_FORMATS = ['round-robin', 'swiss'] as const;
export const TOURNAMENT_STATUSES = ['open', 'running', 'finished', 'cancelled'] as const;
/** The most players a tournament may take, and the most Swiss rounds. */
export const MAX_TOURNAMENT_PLAYERS = 256;
export const MAX_SWISS_ROUNDS = 30;

/** POST /tournaments (GraphQL createTournament's input): the one shape, checked the same way for both. */
export const CreateTournamentBody = Type.Object(
  {
    name: Name,
    game: GameType,
    format: Type.Union(
      TOURNAMENT_FORMATS.map((f) => Type.Literal(f)),
      { description: 'round-robin: every two players meet once (2 seats a game); swiss: tables by score for `rounds` rounds' },
    ),
    rounds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_SWISS_ROUNDS,
        description: 'Swiss: the rounds to play (needed). Round robin: at most this many rounds of the schedule (default: all of it)',
      }),
    ),
    seatsPerGame: Type.Integer({
      minimum: 2,
      maximum: 64,
      description: "Seats at each table: within the game's player counts; 2 for a round robin",
    }),
    maxPlayers: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: MAX_TOURNAMENT_PLAYERS,
        description: 'Entries taken (default 64); joining a full tournament is 409 TOURNAMENT_FULL',
      }),
    ),
    /** Each game's clock (default: 3 days, 1 day more a move, at most 7); a seat whose time runs out resigns, so every round ends. */
    timeControl: Type.Optional(TimeControl),
    rated: Type.Optional(Type.Boolean({ description: 'The games are rated (default true)' })),
    startsAt: Type.String({
      format: 'date-time',
      description: 'When the first round is made (players join until then); the creator may start it earlier',
    }),
    minReliability: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'Players joining need at least this reliability (403 RELIABILITY_TOO_LOW below it)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateTournamentBody = Static<typeof CreateTournamentBody>;

export const TournamentIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'Tournament id (UUID)' }) });
