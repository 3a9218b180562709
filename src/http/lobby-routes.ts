import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { JoinInput } from '../app/lobby/lobby.js';
import type { GameStatus } from '../store/types.js';
import { bearer, colourField, STATUSES } from './rest.js';

const problem = { $ref: 'Problem#' };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, problem]));
const idParam = { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' } }, required: ['id'] } as const;
const seatList = { type: 'array', items: { type: 'integer', minimum: 0 } } as const;
const name = { type: 'string', minLength: 1, maxLength: 64 } as const;
const cursor = { type: 'string', description: 'The `next` cursor of the previous page' } as const;
const playerAuth: Record<string, string[]>[] = [{ playerToken: [] }];
const seatOrPlayer: Record<string, string[]>[] = [{ seatToken: [] }, { playerToken: [] }];
const moveAnswer = {
  type: 'object',
  properties: { version: { type: 'integer' }, status: { type: 'string', enum: STATUSES }, toMove: seatList, outcome: { type: ['object', 'null'], additionalProperties: true }, events: { type: 'array', items: {} } },
} as const;

/** REST routes of the lobby and player layer: players, the inbox, join/leave/cancel, resign, the lobby, token reissue. */
export function lobbyRoutes(lobby: LobbyLayer | undefined) {
  const layer = () => {
    if (!lobby) throw new AppError('UNAVAILABLE', 'the lobby needs the database');
    return lobby;
  };
  return async function routes(app: FastifyInstance) {
    const tokenOf = (req: { headers: { authorization?: string } }) => bearer(req.headers.authorization);

    app.post<{ Body: { name: string; email?: string } }>('/players', {
      schema: {
        summary: 'Create a player identity; returns its token once (one token for all of a person\'s seats)',
        tags: ['players'],
        body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name, email: { type: 'string', format: 'email', maxLength: 254 } } },
        response: { 201: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, token: { type: 'string', description: 'Secret: shown once, the server keeps only a hash' } } }, ...errors(400, 413, 415, 429) },
      },
    }, async (req, reply) => reply.status(201).send(await layer().players.create(req.body)));

    app.get('/players/me', {
      schema: {
        summary: 'The player whose token is in Authorization',
        tags: ['players'],
        security: playerAuth,
        response: { 200: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } } }, ...errors(401) },
      },
    }, async (req) => layer().players.me(tokenOf(req)));

    app.get<{ Querystring: { status?: GameStatus; toMove?: boolean; limit?: number; before?: string } }>('/players/me/games', {
      schema: {
        summary: 'The player\'s games (the inbox), newest activity first, paged',
        tags: ['players'],
        security: playerAuth,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: STATUSES },
            toMove: { type: 'boolean', description: 'true: only the games where it is the player\'s turn' },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            before: cursor,
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              games: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    type: { type: 'string' },
                    seat: { type: 'integer' },
                    version: { type: 'integer' },
                    status: { type: 'string', enum: STATUSES },
                    toMove: seatList,
                    isMyTurn: { type: 'boolean' },
                    resigned: { type: 'boolean' },
                    lastMoveAt: { type: ['string', 'null'], format: 'date-time' },
                    updatedAt: { type: 'string', format: 'date-time' },
                  },
                },
              },
              next: { type: ['string', 'null'] },
            },
          },
          ...errors(400, 401),
        },
      },
    }, async (req) => layer().inbox.list(tokenOf(req), req.query));

    app.get<{ Querystring: { type?: string; limit?: number; before?: string } }>('/lobby', {
      schema: {
        summary: 'Public games waiting for players, newest first, paged',
        tags: ['lobby'],
        querystring: { type: 'object', additionalProperties: false, properties: { type: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, before: cursor } },
        response: {
          200: {
            type: 'object',
            properties: {
              games: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    type: { type: 'string' },
                    options: { description: 'The game\'s options' },
                    seats: { type: 'array', items: { type: 'object', properties: { seat: { type: 'integer' }, open: { type: 'boolean' }, name: { type: 'string' }, colour: { type: 'string' } } } },
                    seatsTaken: { type: 'integer' },
                    seatsOpen: { type: 'integer' },
                    createdAt: { type: 'string', format: 'date-time' },
                  },
                },
              },
              next: { type: ['string', 'null'] },
            },
          },
          ...errors(400),
        },
      },
    }, async (req) => layer().lobby.lobby(req.query));

    app.post<{ Params: { id: string }; Body: JoinInput }>('/games/:id/join', {
      schema: {
        summary: 'Take an open seat with the invitation code; with a player token the seat is bound to that player',
        description: 'Takes the requested open seat, or the first open one. The join that fills the last open seat starts the game. Two people racing for the last seat: exactly one gets it.',
        tags: ['lobby'],
        params: idParam,
        security: [...playerAuth, {}],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['inviteCode'],
          properties: {
            inviteCode: { type: 'string', minLength: 1, maxLength: 128 },
            name: { ...name, description: 'Required without a player token; with one, the player\'s name by default' },
            seat: { type: 'integer', minimum: 0 },
            colour: colourField,
          },
        },
        response: {
          201: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string', description: 'The seat\'s token, shown once' }, colour: { type: 'string' }, status: { type: 'string', enum: STATUSES } } },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    }, async (req, reply) => reply.status(201).send(await layer().lobby.join(req.params.id, tokenOf(req), req.body)));

    app.post<{ Params: { id: string } }>('/games/:id/leave', {
      schema: {
        summary: 'Free your seat of a game that has not started (seat or player token)',
        tags: ['lobby'],
        params: idParam,
        security: seatOrPlayer,
        response: { 200: { type: 'object', properties: { seat: { type: 'integer' } } }, ...errors(401, 403, 404, 409) },
      },
    }, async (req) => layer().lobby.leave(req.params.id, tokenOf(req)));

    app.post<{ Params: { id: string } }>('/games/:id/cancel', {
      schema: {
        summary: 'Cancel (delete) a game that has not started: its creator or the operator',
        tags: ['lobby'],
        params: idParam,
        security: [...seatOrPlayer, { operatorToken: [] }],
        response: { 204: { type: 'null' }, ...errors(401, 403, 404, 409) },
      },
    }, async (req, reply) => {
      await layer().lobby.cancel(req.params.id, tokenOf(req));
      return reply.status(204).send();
    });

    app.post<{ Params: { id: string } }>('/games/:id/resign', {
      schema: {
        summary: 'Resign your seat (seat or player token)',
        description: 'With two seats the other wins at once. With more the game goes on: the server plays a deterministic legal move whenever the resigned seat must act, and the resigned seat ranks last.',
        tags: ['moves'],
        params: idParam,
        security: seatOrPlayer,
        response: { 200: moveAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    }, async (req) => layer().resignation.resign(req.params.id, tokenOf(req)));

    app.post<{ Params: { id: string; seat: number } }>('/games/:id/seats/:seat/token', {
      schema: {
        summary: 'Give a seat a new token; the old one stops working at once (operator only)',
        tags: ['admin'],
        params: { type: 'object', properties: { id: { type: 'string' }, seat: { type: 'integer', minimum: 0 } }, required: ['id', 'seat'] },
        security: [{ operatorToken: [] }],
        response: { 200: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string' } } }, ...errors(400, 401, 403, 404) },
      },
    }, async (req) => layer().lobby.reissue(req.params.id, req.params.seat, tokenOf(req)));
  };
}
