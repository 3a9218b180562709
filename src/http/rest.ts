import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { PlayerEntry } from '../app/lobby/lobby.js';
import { TIMEOUT_ACTIONS, type TimeoutAction } from '../store/types.js';
import type { Config } from '../config.js';

/** The bearer token of a request, if any. A malformed Authorization header is a client error. */
export function bearer(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization === '') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw new AppError('UNAUTHORIZED', 'the Authorization header must be "Bearer <token>"');
  return m[1];
}

const tokenOf = (req: FastifyRequest) => bearer(req.headers.authorization);

const problem = { $ref: 'Problem#' };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, problem]));
const idParam = { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' } }, required: ['id'] } as const;
const seatList = { type: 'array', items: { type: 'integer', minimum: 0 } } as const;
const anyJson = { description: 'Game-specific JSON; see the game\'s docs/rules document' } as const;
const outcome = {
  type: 'object',
  properties: {
    scores: { type: 'array', items: { type: 'number' } },
    ranks: { type: 'array', items: { type: 'integer' } },
    winners: seatList,
    detail: anyJson,
  },
} as const;
const players = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      seat: { type: 'integer' },
      name: { type: 'string', description: 'Empty while the seat is open' },
      open: { type: 'boolean', description: 'Nobody holds the seat yet: the game waits' },
      resigned: { type: 'boolean', description: 'The seat resigned: the server plays its moves, and it ranks last' },
      colour: { type: 'string', description: 'The colour chosen when the seat was taken (Ma Petite Ville, ruling M7)' },
    },
  },
} as const;
export const STATUSES = ['waiting', 'active', 'finished'] as const;
/** The colour a seat chooses when it is taken (Ma Petite Ville: blue, green, yellow, red). */
export const colourField = { type: 'string', minLength: 1, maxLength: 32, description: 'A colour, in games where each seat chooses one (Ma Petite Ville, ruling M7: blue, green, yellow, red)' } as const;
/** The fields every answer about a game starts with. */
const gameHeader = {
  id: { type: 'string' },
  type: { type: 'string' },
  engineVersion: { type: 'integer' },
  version: { type: 'integer' },
  status: { type: 'string', enum: STATUSES, description: 'waiting: a seat is still open, nobody moves yet' },
  toMove: seatList,
} as const;
const createdGame = {
  type: 'object',
  properties: {
    ...gameHeader,
    seats: {
      type: 'array',
      description: 'One secret token per seated seat. Shown only once: the server keeps only a hash. An open seat has open: true and no token.',
      items: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string' }, open: { type: 'boolean' }, colour: { type: 'string' } } },
    },
    invite: { type: 'object', description: 'With open seats: the invitation code others join with (shown once)', properties: { code: { type: 'string' } } },
  },
} as const;
const gameView = {
  type: 'object',
  properties: {
    ...gameHeader,
    players,
    viewer: { type: 'object', properties: { seat: { type: ['integer', 'null'] } } },
    view: { ...anyJson, description: 'What the token\'s seat (or, without a token, a spectator) may see' },
    outcome,
    options: anyJson,
    createdAt: { type: 'string', format: 'date-time' },
    turnDeadlineSeconds: { type: 'integer', description: 'The turn clock: seconds each seat has for each of its moves (absent: no deadlines)' },
    timeoutAction: { type: 'string', enum: TIMEOUT_ACTIONS, description: 'What happens when a seat\'s time runs out' },
    deadlines: { type: 'array', description: 'While the game runs with a turn clock: when each seat that must act runs out of time', items: { type: 'object', required: ['seat', 'at'], properties: { seat: { type: 'integer' }, at: { type: 'string', format: 'date-time' } } } },
  },
} as const;
const auth: Record<string, string[]>[] = [{ seatToken: [] }, { playerToken: [] }];

/** The running turn deadlines of a game (play by mail). */
export type DeadlinesOf = (gameId: string) => Promise<{ seat: number; at: string }[]>;

export function restRoutes(service: GameService, config: Config, lobby?: LobbyLayer, deadlines: DeadlinesOf = async () => []) {
  const layer = () => {
    if (!lobby) throw new AppError('UNAVAILABLE', 'the lobby needs the database');
    return lobby;
  };
  return async function routes(app: FastifyInstance) {
    app.get('/game-types', {
      schema: {
        summary: 'The games this server hosts, with their player counts, options and move shapes',
        tags: ['games'],
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                minPlayers: { type: 'integer' },
                maxPlayers: { type: 'integer' },
                engineVersion: { type: 'integer' },
                options: { description: 'JSON Schema of the options object' },
                moves: { description: 'JSON Schema of each move type\'s fields, by type' },
              },
            },
          },
        },
      },
    }, async () => service.gameTypes());

    app.post<{ Body: { type: string; players: PlayerEntry[]; seed?: string; options?: Record<string, unknown>; public?: boolean; turnDeadlineSeconds?: number; timeoutAction?: TimeoutAction } }>('/games', {
      schema: {
        summary: 'Create a game; returns one secret token per seated seat, and an invitation code when seats are open',
        description: 'Each entry of players is { name, colour? } (seated now), { open: true } (an open seat: the game waits until someone joins it) or { me: true, colour? } (seated now and bound to the player whose token is in Authorization).',
        tags: ['games'],
        security: [{ playerToken: [] }, {}],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'players'],
          properties: {
            type: { type: 'string', description: 'A game type id from /game-types' },
            players: { type: 'array', minItems: 1, maxItems: 64, items: { $ref: 'PlayerEntry#' } },
            seed: { type: 'string', minLength: 1, maxLength: 128, description: 'Seeds every random draw; random when absent. Revealed in the record once the game is over.' },
            options: { type: 'object', description: 'Game options; see /game-types' },
            public: { type: 'boolean', default: false, description: 'List the game in GET /lobby while it waits; otherwise it is reached only through its invitation code' },
            turnDeadlineSeconds: { type: 'integer', minimum: 1, maximum: 90 * 24 * 3600, description: 'Play by mail: seconds each seat has for each of its moves (1 s to 90 days); none: no deadlines' },
            timeoutAction: { type: 'string', enum: TIMEOUT_ACTIONS, description: 'When a seat\'s time runs out: "auto-move" (the server plays a legal move chosen from the seed and version, logged as played on timeout), "resign" (the seat resigns) or "none" (only notify). Default: none. Needs turnDeadlineSeconds.' },
          },
          dependencies: { timeoutAction: ['turnDeadlineSeconds'] },
        },
        response: { 201: createdGame, ...errors(400, 401, 409, 413, 415, 429) },
      },
    }, async (req, reply) => reply.status(201).send(await layer().lobby.createGame(req.body, tokenOf(req))));

    app.get<{ Params: { id: string } }>('/games/:id', {
      schema: {
        summary: 'A game as the token\'s seat sees it; without a token, the spectator view',
        tags: ['games'],
        params: idParam,
        security: [...auth, {}],
        response: { 200: gameView, ...errors(401, 404, 409) },
      },
    }, async (req) => {
      const g = await service.getGame(req.params.id, tokenOf(req));
      return g.turnDeadlineSeconds && g.status === 'active' ? { ...g, deadlines: await deadlines(g.id) } : g;
    });

    app.get<{ Params: { id: string } }>('/games/:id/legal-moves', {
      schema: {
        summary: 'Every legal move of the token\'s seat now (empty when it is not to move)',
        tags: ['moves'],
        params: idParam,
        security: auth,
        response: {
          200: {
            type: 'object',
            properties: { version: { type: 'integer' }, seat: { type: 'integer' }, toMove: seatList, moves: { type: 'array', items: { $ref: 'MoveRef#' } } },
          },
          ...errors(401, 403, 404, 409),
        },
      },
    }, async (req) => service.legalMoves(req.params.id, tokenOf(req)));

    app.post<{ Params: { id: string }; Body: { move: unknown; expectedVersion?: number }; Headers: { 'idempotency-key'?: string } }>('/games/:id/moves', {
      schema: {
        summary: 'Submit a move for the token\'s seat',
        description: 'Validated by the game engine on the server. With expectedVersion, a stale version is a VERSION_CONFLICT; without it, a move that loses a race in a simultaneous phase is decided again against the new state. A retry with the same Idempotency-Key is applied once and gets the first answer.',
        tags: ['moves'],
        params: idParam,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } } },
        security: auth,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['move'],
          properties: { move: { $ref: 'MoveRef#' }, expectedVersion: { type: 'integer', minimum: 0 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              version: { type: 'integer' },
              status: { type: 'string', enum: STATUSES },
              toMove: seatList,
              outcome: { anyOf: [outcome, { type: 'null' }] },
              events: { type: 'array', items: anyJson, description: 'What the move caused, as this seat may read it' },
            },
          },
          ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    }, async (req) => service.submitMove(req.params.id, tokenOf(req), req.body.move, { expectedVersion: req.body.expectedVersion, idempotencyKey: req.headers['idempotency-key'] }));

    app.get<{ Params: { id: string }; Querystring: { after?: number; limit?: number } }>('/games/:id/events', {
      schema: {
        summary: 'The event log, move by move, as the token\'s seat (or a spectator) may read it',
        tags: ['replay'],
        params: idParam,
        security: [...auth, {}],
        querystring: { type: 'object', additionalProperties: false, properties: { after: { type: 'integer', minimum: 0, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 } } },
        response: {
          200: {
            type: 'object',
            properties: {
              version: { type: 'integer' },
              moves: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { version: { type: 'integer' }, seat: { type: 'integer' }, origin: { type: 'string', enum: ['resign', 'resigned', 'timeout'], description: 'Absent when the seat played the move itself' }, at: { type: 'string', format: 'date-time' }, move: { description: 'The move, or null while it is hidden from this viewer' }, events: { type: 'array', items: anyJson } },
                },
              },
            },
          },
          ...errors(400, 401, 404, 409),
        },
      },
    }, async (req) => service.events(req.params.id, tokenOf(req), req.query.after, req.query.limit));

    app.get<{ Params: { id: string }; Querystring: { at: number } }>('/games/:id/replay', {
      schema: {
        summary: 'The game as the viewer saw it right after version `at`',
        tags: ['replay'],
        params: idParam,
        security: [...auth, {}],
        querystring: { type: 'object', additionalProperties: false, required: ['at'], properties: { at: { type: 'integer', minimum: 0 } } },
        response: { 200: gameView, ...errors(400, 401, 404, 409) },
      },
    }, async (req) => service.replay(req.params.id, tokenOf(req), req.query.at));

    app.get<{ Params: { id: string } }>('/games/:id/record', {
      schema: {
        summary: 'The game record: type, options, players, engine version, moves; the seed once the game is over',
        tags: ['replay'],
        params: idParam,
        security: [...auth, {}],
        response: { 200: { $ref: 'GameRecord#' }, ...errors(401, 404, 409) },
      },
    }, async (req) => service.record(req.params.id, tokenOf(req)));

    app.post<{ Body: GameRecord }>('/games/import', {
      bodyLimit: config.importBodyLimitBytes,
      schema: {
        summary: 'Import a finished game\'s record: every move is validated again, into a new game',
        tags: ['replay'],
        body: { $ref: 'GameRecord#' },
        response: { 201: createdGame, ...errors(400, 409, 413, 415, 422) },
      },
    }, async (req, reply) => reply.status(201).send(await service.importRecord(req.body)));

    app.get<{ Querystring: { status?: (typeof STATUSES)[number]; type?: string; limit?: number; before?: string } }>('/games', {
      schema: {
        summary: 'List games, most recently updated first (operator only)',
        tags: ['admin'],
        security: [{ operatorToken: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: STATUSES }, type: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, before: { type: 'string', description: 'The `next` cursor of the previous page' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              games: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' }, version: { type: 'integer' }, status: { type: 'string' }, toMove: seatList, players, createdAt: { type: 'string' }, updatedAt: { type: 'string' } } },
              },
              next: { type: ['string', 'null'] },
            },
          },
          ...errors(400, 401, 403),
        },
      },
    }, async (req) => service.listGames(tokenOf(req), req.query));

    app.delete<{ Params: { id: string } }>('/games/:id', {
      schema: { summary: 'Delete a game and its whole log (operator only)', tags: ['admin'], params: idParam, security: [{ operatorToken: [] }], response: { 204: { type: 'null' }, ...errors(401, 403, 404) } },
    }, async (req, reply) => {
      await service.deleteGame(tokenOf(req), req.params.id);
      return reply.status(204).send();
    });
  };
}

/** Shared schemas: the problem document, a move, a game record, an entry of players at creation. */
export const sharedSchemas = [
  {
    $id: 'PlayerEntry',
    type: 'object',
    description: 'A seat at creation: { name, colour? } seated now; { open: true } open, for someone to join with the invitation; { me: true, colour? } seated now and bound to the player whose token is in Authorization.',
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 64 },
      open: { type: 'boolean', const: true },
      me: { type: 'boolean', const: true },
      colour: colourField,
    },
  },
  {
    $id: 'MoveRef',
    type: 'object',
    description: 'A move: { type, ...fields }. The shapes of each game\'s moves are in components.schemas (<Game>Move) and /game-types.',
    required: ['type'],
    properties: { type: { type: 'string' } },
    additionalProperties: true,
  },
  {
    $id: 'GameRecord',
    type: 'object',
    additionalProperties: false,
    required: ['format', 'type', 'engineVersion', 'options', 'players', 'moves'],
    properties: {
      format: { type: 'string', const: 'citybuilder-record/1' },
      type: { type: 'string' },
      engineVersion: { type: 'integer' },
      options: { type: 'object' },
      players: { type: 'array', minItems: 1, items: { type: 'object', additionalProperties: false, required: ['name'], properties: { seat: { type: 'integer' }, name: { type: 'string', minLength: 1, maxLength: 64 }, colour: colourField } } },
      seed: { type: 'string', minLength: 1, maxLength: 128 },
      status: { type: 'string', enum: STATUSES },
      version: { type: 'integer' },
      moves: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['seat', 'move'],
          properties: {
            version: { type: 'integer' },
            seat: { type: 'integer' },
            move: { anyOf: [{ $ref: 'MoveRef#' }, { type: 'null' }] },
            origin: { type: 'string', enum: ['seat', 'resign', 'resigned', 'timeout'], description: 'Absent or seat: played by the seat; resign: the seat resigned here (move { type: resign }); resigned: played by the server for a resigned seat; timeout: played on a turn deadline' },
          },
        },
      },
      outcome: { anyOf: [outcome, { type: 'null' }] },
    },
  },
];
