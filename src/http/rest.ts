import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import type { Config } from '../config.js';
import { players, ref, seatList, status } from './contract.js';
import { operation } from './route-schema.js';

/** The bearer token of a request, if any. A malformed Authorization header is a client error. */
export function bearer(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization === '') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw new AppError('UNAUTHORIZED', 'the Authorization header must be "Bearer <token>"');
  return m[1];
}

const tokenOf = (req: FastifyRequest) => bearer(req.headers.authorization);

const idParam = { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' } }, required: ['id'] } as const;
/** A record's outcome (records are also import bodies, so it is as lenient as it always was). */
const outcome = {
  type: 'object',
  properties: {
    scores: { type: 'array', items: { type: 'number' } },
    ranks: { type: 'array', items: { type: 'integer' } },
    winners: seatList,
    detail: { description: 'The game\'s breakdown (typed per game in <Game>Outcome)' },
  },
} as const;
const createdGame = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'engineVersion', 'version', 'status', 'toMove', 'seats'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', description: 'The game type' },
    engineVersion: { type: 'integer' },
    version: { type: 'integer' },
    status,
    toMove: seatList,
    seats: {
      type: 'array',
      description: 'One secret token per seat. Shown only once: the server keeps only a hash.',
      items: { type: 'object', additionalProperties: false, required: ['seat', 'name', 'token'], properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string' } } },
    },
  },
} as const;

export function restRoutes(service: GameService, config: Config) {
  return async function routes(app: FastifyInstance) {
    app.get('/game-types', {
      schema: operation({
        operationId: 'listGameTypes',
        summary: 'The games this server hosts',
        description: 'Each game type with its player counts, engine version, and the JSON Schemas of its options and of each move type\'s fields. The same shapes are in this document\'s components (<Game>Options, <Game>Move).',
        tags: ['games'],
        access: 'public',
        success: {
          status: 200,
          description: 'The hosted game types',
          schema: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'name', 'minPlayers', 'maxPlayers', 'engineVersion', 'options', 'moves'],
              properties: {
                id: { type: 'string' },
                name: { type: 'string' },
                minPlayers: { type: 'integer' },
                maxPlayers: { type: 'integer' },
                engineVersion: { type: 'integer' },
                options: { type: 'object', additionalProperties: true, description: 'JSON Schema of the options object' },
                moves: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true }, description: 'JSON Schema of each move type\'s fields, by type' },
              },
            },
          },
        },
        errors: [],
      }),
    }, async () => service.gameTypes());

    app.post<{ Body: { type: string; players: { name: string }[]; seed?: string; options?: Record<string, unknown> } }>('/games', {
      schema: operation({
        operationId: 'createGame',
        summary: 'Create a game',
        description: 'Starts a game of the given type and returns one secret bearer token per seat, once. Options are checked against the game\'s option schema (unknown options are refused); missing ones take their defaults.',
        tags: ['games'],
        access: 'public',
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
        documentedBody: ref('NewGame'),
        success: { status: 201, description: 'The game was created; the seat tokens are shown only now', schema: createdGame },
        errors: [400, 413, 415],
      }),
    }, async (req, reply) => reply.status(201).send(await service.createGame(req.body)));

    app.get<{ Params: { id: string } }>('/games/:id', {
      schema: operation({
        operationId: 'getGame',
        summary: 'A game as the token\'s seat sees it',
        description: 'The game\'s header, players and the view of the token\'s seat; without a token, the spectator\'s view (public information only). The view\'s shape depends on the game type (<Game>View).',
        tags: ['games'],
        access: 'seatOrSpectator',
        params: idParam,
        success: { status: 200, description: 'The game, as this caller may see it', schema: ref('Game') },
        errors: [401, 404, 409],
      }),
    }, async (req) => service.getGame(req.params.id, tokenOf(req)));

    app.get<{ Params: { id: string } }>('/games/:id/legal-moves', {
      schema: operation({
        operationId: 'getLegalMoves',
        summary: 'The token\'s seat\'s legal moves now',
        description: 'Every move the token\'s seat may make now, complete and exact: each can be sent back as is to submitMove. Empty when the seat is not to move or the game is over.',
        tags: ['moves'],
        access: 'seat',
        params: idParam,
        success: { status: 200, description: 'The legal moves at this version', schema: ref('LegalMoves') },
        errors: [401, 403, 404, 409],
      }),
    }, async (req) => service.legalMoves(req.params.id, tokenOf(req)));

    app.post<{ Params: { id: string }; Body: { move: unknown; expectedVersion?: number }; Headers: { 'idempotency-key'?: string } }>('/games/:id/moves', {
      schema: operation({
        operationId: 'submitMove',
        summary: 'Submit a move for the token\'s seat',
        description: 'Validated by the game engine on the server. With expectedVersion, a stale version is a VERSION_CONFLICT; without it, a move that loses a race in a simultaneous phase is decided again against the new state. A retry with the same Idempotency-Key is applied once and gets the first answer.',
        tags: ['moves'],
        access: 'seat',
        params: idParam,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['move'],
          properties: { move: moveRef, expectedVersion: { type: 'integer', minimum: 0 } },
        },
        documentedBody: {
          type: 'object',
          additionalProperties: false,
          required: ['move'],
          properties: {
            move: { ...ref('AnyMove'), description: 'A move of this game\'s type, as listed by getLegalMoves' },
            expectedVersion: { type: 'integer', minimum: 0, description: 'Apply the move only if the game is still at this version' },
          },
        },
        success: { status: 200, description: 'The move was accepted: the new version and what it caused', schema: ref('MoveResult') },
        errors: [400, 401, 403, 404, 409, 413, 415, 422],
      }),
    }, async (req) => service.submitMove(req.params.id, tokenOf(req), req.body.move, { expectedVersion: req.body.expectedVersion, idempotencyKey: req.headers['idempotency-key'] }));

    app.get<{ Params: { id: string }; Querystring: { after?: number; limit?: number } }>('/games/:id/events', {
      schema: operation({
        operationId: 'getEvents',
        summary: 'The event log, move by move',
        description: 'The moves after version `after` (at most `limit`) with their events, as the token\'s seat (or a spectator) may read them.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, properties: { after: { type: 'integer', minimum: 0, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 } } },
        success: { status: 200, description: 'A page of the log', schema: ref('EventLog') },
        errors: [400, 401, 404, 409],
      }),
    }, async (req) => service.events(req.params.id, tokenOf(req), req.query.after, req.query.limit));

    app.get<{ Params: { id: string }; Querystring: { at: number } }>('/games/:id/replay', {
      schema: operation({
        operationId: 'replayGame',
        summary: 'The game as the viewer saw it at a version',
        description: 'The game right after version `at`, as the token\'s seat (or a spectator) saw it then: the same shape as getGame.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, required: ['at'], properties: { at: { type: 'integer', minimum: 0 } } },
        success: { status: 200, description: 'The game at that version', schema: ref('Game') },
        errors: [400, 401, 404, 409],
      }),
    }, async (req) => service.replay(req.params.id, tokenOf(req), req.query.at));

    app.get<{ Params: { id: string } }>('/games/:id/record', {
      schema: operation({
        operationId: 'getRecord',
        summary: 'The game record',
        description: 'Type, options, players, engine version and moves (as this viewer may read them); the seed once the game is over, so that a finished record can be replayed and imported.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        success: { status: 200, description: 'The game record, as this viewer may read it', schema: ref('Record') },
        errors: [401, 404, 409],
      }),
    }, async (req) => service.record(req.params.id, tokenOf(req)));

    app.post<{ Body: GameRecord }>('/games/import', {
      bodyLimit: config.importBodyLimitBytes,
      schema: operation({
        operationId: 'importGame',
        summary: 'Import a game record',
        description: 'Every move of the record is validated again by the named engine version and stored as a new game with new tokens; nothing is written if any move is refused.',
        tags: ['replay'],
        access: 'public',
        body: gameRecordBody,
        documentedBody: ref('Record'),
        success: { status: 201, description: 'The record was replayed into a new game; its seat tokens are shown only now', schema: createdGame },
        errors: [400, 409, 413, 415, 422],
      }),
    }, async (req, reply) => reply.status(201).send(await service.importRecord(req.body)));

    app.get<{ Querystring: { status?: 'active' | 'finished'; type?: string; limit?: number; before?: string } }>('/games', {
      schema: operation({
        operationId: 'listGames',
        summary: 'List games (operator only)',
        description: 'Games, most recently updated first, filtered by status and type, a page at a time (`before` takes the `next` cursor of the previous page).',
        tags: ['admin'],
        access: 'operator',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: ['active', 'finished'] }, type: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 }, before: { type: 'string', description: 'The `next` cursor of the previous page' } },
        },
        success: {
          status: 200,
          description: 'A page of games',
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['games', 'next'],
            properties: {
              games: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['id', 'type', 'version', 'status', 'toMove', 'players', 'createdAt', 'updatedAt'],
                  properties: { id: { type: 'string' }, type: { type: 'string' }, version: { type: 'integer' }, status, toMove: seatList, players, createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' } },
                },
              },
              next: { type: ['string', 'null'], description: 'The cursor of the next page; null on the last page' },
            },
          },
        },
        errors: [400, 401, 403],
      }),
    }, async (req) => service.listGames(tokenOf(req), req.query));

    app.delete<{ Params: { id: string } }>('/games/:id', {
      schema: operation({
        operationId: 'deleteGame',
        summary: 'Delete a game (operator only)',
        description: 'Deletes the game and its whole log. It cannot be undone.',
        tags: ['admin'],
        access: 'operator',
        params: idParam,
        success: { status: 204, description: 'The game is deleted' },
        errors: [401, 403, 404],
      }),
    }, async (req, reply) => {
      await service.deleteGame(tokenOf(req), req.params.id);
      return reply.status(204).send();
    });
  };
}

/**
 * What the routes check of a move: an object with a string `type`. Its fields are checked by the
 * service against the game's move schemas, with messages naming the rule; the document shows the
 * typed moves (`AnyMove`).
 */
const moveRef = {
  type: 'object',
  description: 'A move: { type, ...fields }',
  required: ['type'],
  properties: { type: { type: 'string' } },
  additionalProperties: true,
} as const;

/** A game record as an import body (validated by the route; the service replays every move). Documented per game as `Record`. */
const gameRecordBody = {
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
      items: { type: 'object', additionalProperties: false, required: ['seat', 'move'], properties: { version: { type: 'integer' }, seat: { type: 'integer' }, move: { anyOf: [moveRef, { type: 'null' }] } } },
    },
    outcome: { anyOf: [outcome, { type: 'null' }] },
  },
} as const;

