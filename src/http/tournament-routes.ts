import type { Tournaments } from '../app/tournaments/tournaments.js';
import { CreateTournamentBody, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES, TournamentIdParams } from '../app/tournaments/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const uuid = { type: 'string', format: 'uuid' } as const;
const int = { type: 'integer' } as const;

/** A tournament as GET /tournaments/{id} gives it (and the other routes answer). */
export const tournamentSchema = closed({
  id: uuid,
  page: {
    type: 'string',
    description: "The tournament's web page (name, format, rounds, games with their links, standings), under PUBLIC_URL",
  },
  name: { type: 'string' },
  game: { type: 'string', description: 'The game type' },
  format: { type: 'string', enum: TOURNAMENT_FORMATS },
  rounds: {
    ...int,
    description:
      'Rounds it plays: Swiss, as asked; a round robin, its schedule for the players entered (n - 1, n when odd), at most the rounds asked',
  },
  seatsPerGame: int,
  maxPlayers: int,
  timeControl: {
    type: 'object',
    description:
      "Each game's time control ({ initialSeconds, incrementSeconds, maxSeconds, pauseOnWeekends? }); a seat whose time runs out resigns",
  },
  rated: { type: 'boolean' },
  startsAt: { type: 'string', format: 'date-time' },
  minReliability: { type: ['number', 'null'] },
  creatorId: { type: ['string', 'null'], format: 'uuid' },
  status: {
    type: 'string',
    enum: TOURNAMENT_STATUSES,
    description: 'open (taking entries), running, finished, or cancelled (fewer players than a table at its start time)',
  },
  players: { type: 'array', items: closed({ playerId: uuid, name: { type: 'string' } }) },
  roundsPlayed: {
    type: 'array',
    description: 'The rounds made so far, each with its tables',
    items: closed({
      round: int,
      tables: {
        type: 'array',
        items: closed({
          table: int,
          players: { type: 'array', items: closed({ seat: int, playerId: uuid, name: { type: 'string' } }) },
          bye: { type: 'boolean', description: 'A bye: one player, no game; it scores (seatsPerGame - 1) / 2' },
          gameId: { type: ['string', 'null'], format: 'uuid' },
          status: { type: 'string', description: "The game's status (active, finished), pending while its game is being made, or bye" },
          ranks: { type: ['array', 'null'], items: int, description: "Each seat's rank once the game is finished (1: first)" },
        }),
      },
    }),
  },
  standings: {
    type: 'array',
    description:
      "Best first: points (1 per opponent beaten, 1/2 per tie), then Buchholz (the opponents' " +
      'points), then opponents beaten, then entry order',
    items: closed({
      rank: int,
      playerId: uuid,
      name: { type: 'string' },
      points: { type: 'number' },
      buchholz: { type: 'number' },
      beaten: int,
      played: int,
      byes: int,
    }),
  },
});

/** Tournaments (src/app/tournaments/): create, read, join, start. */
export function tournamentRoutes(get: () => Tournaments | undefined): Routes {
  const tournaments = needed(get, 'tournaments');
  return async function routes(app) {
    app.post(
      '/tournaments',
      {
        schema: operation({
          operationId: 'createTournament',
          summary: 'Create a tournament (player token)',
          description:
            'Round robin (2 seats a game; every two players meet once) or Swiss (tables of ' +
            'seatsPerGame by score for `rounds` rounds, no two players meeting again while that can be ' +
            'avoided, byes for the players left over). Players join until startsAt (or until the ' +
            "creator starts it); the server makes each round's games when the round before has ended. " +
            'Each game has the timeControl (default: 3 days, 1 day more a move, at most 7 days) and a ' +
            'seat whose time runs out resigns, so every round ends. The creator is not entered: they ' +
            'join like anyone.',
          tags: ['tournaments'],
          access: 'player',
          body: CreateTournamentBody,
          success: answer('The tournament, open for entries', tournamentSchema, 201),
          errors: [400, 401, 413, 415],
        }),
      },
      async (req, reply) => reply.status(201).send(await tournaments().create(req.body, tokenOf(req))),
    );

    app.get(
      '/tournaments/:id',
      {
        schema: operation({
          operationId: 'getTournament',
          summary: 'A tournament: its players, rounds, tables, games and standings',
          description:
            'Public. Standings: points (1 for each opponent beaten at a table, 1/2 for each tie, ' +
            '(seatsPerGame - 1) / 2 for a bye), then the tie-breaks Buchholz (the sum of the points of ' +
            'every opponent met), opponents beaten, entry order.',
          tags: ['tournaments'],
          access: 'public',
          params: TournamentIdParams,
          success: answer('The tournament', tournamentSchema),
          errors: [404],
        }),
      },
      async (req) => tournaments().get(req.params.id),
    );

    app.post(
      '/tournaments/:id/join',
      {
        schema: operation({
          operationId: 'joinTournament',
          summary: 'Enter the tournament (player token)',
          description:
            'Until it starts. 409 TOURNAMENT_STARTED after the start, 409 TOURNAMENT_FULL when it has ' +
            'maxPlayers, 409 ALREADY_ENTERED a second time, 403 RELIABILITY_TOO_LOW (with ' +
            '`reliability` and `minReliability`) below its minimum.',
          tags: ['tournaments'],
          access: 'player',
          params: TournamentIdParams,
          success: answer('The tournament with the player entered', tournamentSchema),
          errors: [401, 403, 404, 409],
        }),
      },
      async (req) => tournaments().join(req.params.id, tokenOf(req)),
    );

    app.post(
      '/tournaments/:id/start',
      {
        schema: operation({
          operationId: 'startTournament',
          summary: 'Start the tournament now (its creator or the operator)',
          description:
            'Makes its first round at once instead of at startsAt. 409 TOO_FEW_PLAYERS with fewer ' +
            'players than a table, 409 TOURNAMENT_STARTED when not open, 403 for anyone but the ' +
            'creator and the operator.',
          tags: ['tournaments'],
          access: 'player',
          params: TournamentIdParams,
          success: answer('The tournament, running', tournamentSchema),
          errors: [401, 403, 404, 409],
        }),
      },
      async (req) => tournaments().startNow(req.params.id, tokenOf(req)),
    );
  };
}
