import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
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
const players = { type: 'array', items: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' } } } } as const;
/** The fields every answer about a game starts with. */
const gameHeader = {
  id: { type: 'string' },
  type: { type: 'string' },
  engineVersion: { type: 'integer' },
  version: { type: 'integer' },
  status: { type: 'string', enum: ['active', 'finished'] },
  toMove: seatList,
} as const;
const createdGame = {
  type: 'object',
  properties: {
    ...gameHeader,
    seats: {
      type: 'array',
      description: 'One secret token per seat. Shown only once: the server keeps only a hash.',
      items: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string' } } },
    },
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
  },
} as const;
const auth = [{ seatToken: [] }];
/** `?include=a,b`: extra parts of an answer, from a fixed list. */
const includeQuery = (parts: string[], description: string) => {
  const one = `(${parts.join('|')})`;
  return { type: 'object', additionalProperties: false, properties: { include: { type: 'string', pattern: `^${one}(,${one})*$`, description } } } as const;
};
const includes = (q: { include?: string }) => {
  const parts = new Set((q.include ?? '').split(','));
  return { view: parts.has('view'), legalMoves: parts.has('legalMoves') };
};
const moveList = { type: 'array', items: { $ref: 'MoveRef#' } } as const;

export function restRoutes(service: GameService, config: Config) {
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

    app.post<{ Body: { type: string; players: { name: string }[]; seed?: string; options?: Record<string, unknown> } }>('/games', {
      schema: {
        summary: 'Create a game; returns one secret token per seat',
        tags: ['games'],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'players'],
          properties: {
            type: { type: 'string', description: 'A game type id from /game-types' },
            players: { type: 'array', minItems: 1, maxItems: 64, items: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 64 } } } },
            seed: { type: 'string', minLength: 1, maxLength: 128, description: 'Seeds every random draw; random when absent. Revealed in the record once the game is over.' },
            options: { type: 'object', description: 'Game options; see /game-types' },
          },
        },
        response: { 201: createdGame, ...errors(400, 413, 415, 429) },
      },
    }, async (req, reply) => reply.status(201).send(await service.createGame(req.body)));

    app.get<{ Params: { id: string } }>('/games/:id', {
      schema: {
        summary: 'A game as the token\'s seat sees it; without a token, the spectator view',
        tags: ['games'],
        params: idParam,
        security: [...auth, {}],
        response: { 200: gameView, ...errors(401, 404, 409) },
      },
    }, async (req) => service.getGame(req.params.id, tokenOf(req)));

    app.get<{ Params: { id: string }; Querystring: { include?: string } }>('/games/:id/legal-moves', {
      schema: {
        summary: 'Every legal move of the token\'s seat now (empty when it is not to move)',
        tags: ['moves'],
        params: idParam,
        querystring: includeQuery(['view'], '`view`: the answer also carries the seat\'s view of the game, at the same version'),
        security: auth,
        response: {
          200: {
            type: 'object',
            properties: { version: { type: 'integer' }, seat: { type: 'integer' }, toMove: seatList, moves: moveList, view: { ...anyJson, description: 'With ?include=view: the seat\'s view' } },
          },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    }, async (req) => service.legalMoves(req.params.id, tokenOf(req), includes(req.query)));

    app.post<{ Params: { id: string }; Querystring: { include?: string }; Body: { move: unknown; expectedVersion?: number }; Headers: { 'idempotency-key'?: string } }>('/games/:id/moves', {
      schema: {
        summary: 'Submit a move for the token\'s seat',
        description: 'Validated by the game engine on the server. With expectedVersion, a stale version is a VERSION_CONFLICT; without it, a move that loses a race in a simultaneous phase is decided again against the new state. A retry with the same Idempotency-Key is applied once and gets the first answer.',
        tags: ['moves'],
        params: idParam,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } } },
        querystring: includeQuery(['view', 'legalMoves'], 'Comma-separated: `view` adds the mover\'s view after the move, `legalMoves` its legal moves now (empty unless it must act again). Not in an answer replayed for a repeated Idempotency-Key.'),
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
              status: { type: 'string', enum: ['active', 'finished'] },
              toMove: seatList,
              outcome: { anyOf: [outcome, { type: 'null' }] },
              events: { type: 'array', items: anyJson, description: 'What the move caused, as this seat may read it' },
              view: { ...anyJson, description: 'With ?include=view: the mover\'s view after the move' },
              legalMoves: { ...moveList, description: 'With ?include=legalMoves: the mover\'s legal moves now; empty unless it must act again' },
            },
          },
          ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    }, async (req) => service.submitMove(req.params.id, tokenOf(req), req.body.move, { expectedVersion: req.body.expectedVersion, idempotencyKey: req.headers['idempotency-key'], include: includes(req.query) }));

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
                  properties: { version: { type: 'integer' }, seat: { type: 'integer' }, at: { type: 'string', format: 'date-time' }, move: { description: 'The move, or null while it is hidden from this viewer' }, events: { type: 'array', items: anyJson } },
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

    app.get<{ Querystring: { status?: 'active' | 'finished'; type?: string; limit?: number; before?: string } }>('/games', {
      schema: {
        summary: 'List games, most recently updated first (operator only)',
        tags: ['admin'],
        security: [{ operatorToken: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['active', 'finished'] }, type: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, before: { type: 'string', description: 'The `next` cursor of the previous page' } },
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

/** Shared schemas: the problem document, a move, a game record. */
export const sharedSchemas = [
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
      players: { type: 'array', minItems: 1, items: { type: 'object', additionalProperties: false, required: ['name'], properties: { seat: { type: 'integer' }, name: { type: 'string', minLength: 1, maxLength: 64 } } } },
      seed: { type: 'string', minLength: 1, maxLength: 128 },
      status: { type: 'string', enum: ['active', 'finished'] },
      version: { type: 'integer' },
      moves: {
        type: 'array',
        items: { type: 'object', additionalProperties: false, required: ['seat', 'move'], properties: { version: { type: 'integer' }, seat: { type: 'integer' }, move: { anyOf: [{ $ref: 'MoveRef#' }, { type: 'null' }] } } },
      },
      outcome: { anyOf: [outcome, { type: 'null' }] },
    },
  },
];
