import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import { readTextRecord, textRecordOf } from '../app/text-record.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { PlayerEntry } from '../app/lobby/lobby.js';
import { INT_BOUNDS } from '../app/limits.js';
import { gameRecordSchema, moveRefSchema, outcomeSchema } from '../app/record-schema.js';
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
const outcome = outcomeSchema;
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
  seedChosen: { type: 'boolean', description: 'True when a client chose the seed at creation (or import): whoever chose it can foresee every hidden draw' },
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
    deadlines: { type: 'array', description: 'While the game runs with a turn clock: when each seat that must act runs out of time', items: { type: 'object', required: ['seat', 'at'], properties: { seat: { type: 'integer' }, at: { type: 'string', format: 'date-time' }, pausedUntil: { type: 'string', format: 'date-time', description: 'The seat\'s player is on vacation until then: its clock waits, and starts again from then' } } } },
  },
} as const;
const auth: Record<string, string[]>[] = [{ seatToken: [] }, { playerToken: [] }];
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
            seed: { type: 'string', minLength: 1, maxLength: 128, description: 'Seeds every random draw; random when absent. Whoever chooses it can foresee every hidden draw, so the game then says seedChosen: true to everyone; a server with CLIENT_SEEDS=off refuses it (403 SEED_NOT_ALLOWED). Revealed in the record once the game is over.' },
            options: { type: 'object', description: 'Game options; see /game-types' },
            public: { type: 'boolean', default: false, description: 'List the game in GET /lobby while it waits; otherwise it is reached only through its invitation code' },
            turnDeadlineSeconds: { type: 'integer', minimum: 1, maximum: 90 * 24 * 3600, description: 'Play by mail: seconds each seat has for each of its moves (1 s to 90 days); none: no deadlines' },
            timeoutAction: { type: 'string', enum: TIMEOUT_ACTIONS, description: 'When a seat\'s time runs out: "auto-move" (the server plays a legal move chosen from the seed and version, logged as played on timeout), "resign" (the seat resigns) or "none" (only notify). Default: none. Needs turnDeadlineSeconds.' },
          },
          dependencies: { timeoutAction: ['turnDeadlineSeconds'] },
        },
        response: { 201: createdGame, ...errors(400, 401, 403, 409, 413, 415, 429) },
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
            properties: {
              version: { type: 'integer' },
              seat: { type: 'integer' },
              toMove: seatList,
              moves: { type: 'array', items: { $ref: 'MoveRef#' } },
              notations: { type: 'array', items: { type: 'string' }, description: 'Each move of `moves` in the game\'s notation, in the same order (docs/rules/<game>.md, "Move notation")' },
              view: { ...anyJson, description: 'With ?include=view: the seat\'s view' },
            },
          },
          ...errors(400, 401, 403, 404, 409),
        },
      },
    }, async (req) => service.legalMoves(req.params.id, tokenOf(req), includes(req.query)));

    app.post<{ Params: { id: string }; Querystring: { include?: string }; Body: { move?: unknown; notation?: string; expectedVersion?: number }; Headers: { 'idempotency-key'?: string } }>('/games/:id/moves', {
      schema: {
        summary: 'Submit a move for the token\'s seat',
        description: 'Send exactly one of `move` (JSON) or `notation` (the move in the game\'s notation, read in the current position; the move stored is the parsed move). Validated by the game engine on the server. With expectedVersion, a stale version is a VERSION_CONFLICT; without it, a move that loses a race in a simultaneous phase is decided again against the new state. A retry with the same Idempotency-Key is applied once and gets the first answer.',
        tags: ['moves'],
        params: idParam,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } } },
        querystring: includeQuery(['view', 'legalMoves'], 'Comma-separated: `view` adds the mover\'s view after the move, `legalMoves` its legal moves now (empty unless it must act again). Not in an answer replayed for a repeated Idempotency-Key.'),
        security: auth,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            move: { $ref: 'MoveRef#' },
            notation: { type: 'string', minLength: 1, maxLength: 2000, description: 'The move in notation, e.g. "build residential b4" (docs/rules/<game>.md); instead of move' },
            expectedVersion: INT_BOUNDS.version,
          },
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
              view: { ...anyJson, description: 'With ?include=view: the mover\'s view after the move' },
              legalMoves: { ...moveList, description: 'With ?include=legalMoves: the mover\'s legal moves now; empty unless it must act again' },
            },
          },
          ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    }, async (req) => {
      const { move, notation, expectedVersion } = req.body;
      if ((move === undefined) === (notation === undefined)) throw new AppError('INVALID_INPUT', 'send exactly one of move (the move as JSON) or notation (the move as text, e.g. "pass")');
      return service.submitMove(req.params.id, tokenOf(req), move, { expectedVersion, idempotencyKey: req.headers['idempotency-key'], notation, include: includes(req.query) });
    });

    app.get<{ Params: { id: string }; Querystring: { after?: number; limit?: number } }>('/games/:id/events', {
      schema: {
        summary: 'The event log, move by move, as the token\'s seat (or a spectator) may read it',
        tags: ['replay'],
        params: idParam,
        security: [...auth, {}],
        querystring: { type: 'object', additionalProperties: false, properties: { after: { ...INT_BOUNDS.version, default: 0 }, limit: INT_BOUNDS.eventsLimit } },
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
        querystring: { type: 'object', additionalProperties: false, required: ['at'], properties: { at: INT_BOUNDS.version } },
        response: { 200: gameView, ...errors(400, 401, 404, 409) },
      },
    }, async (req) => service.replay(req.params.id, tokenOf(req), req.query.at));

    app.get<{ Params: { id: string }; Querystring: { format?: 'json' | 'text' } }>('/games/:id/record', {
      schema: {
        summary: 'The game record: type, options, players, engine version, moves; the seed once the game is over',
        description: 'JSON by default; the text record (citybuilder-text/1, moves in notation, like chess\'s PGN) with ?format=text or Accept: text/plain.',
        tags: ['replay'],
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['json', 'text'], description: 'json (default) or text' } } },
        security: [...auth, {}],
        response: {
          200: {
            content: {
              'application/json': { schema: { $ref: 'GameRecord#' } },
              'text/plain': { schema: { type: 'string', description: 'The text record (docs/api.md, "Text records")' } },
            },
          },
          ...errors(400, 401, 404, 409),
        },
      },
    }, async (req, reply) => {
      const text = req.query.format === 'text' || (req.query.format === undefined && /^\s*text\/plain/i.test(req.headers.accept ?? ''));
      if (!text) return service.record(req.params.id, tokenOf(req));
      return reply.type('text/plain; charset=utf-8').send(await textRecordOf(service, req.params.id, tokenOf(req)));
    });

    // The import accepts the text record too: text/plain is read (and replayed) into the JSON
    // record here, then validated like any JSON record. Only this route reads text/plain.
    await app.register(async (scope) => {
      scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
        try {
          done(null, readTextRecord(service.registry, body as string).record);
        } catch (err) {
          done(err as Error, undefined);
        }
      });
      scope.post<{ Body: GameRecord }>('/games/import', {
        bodyLimit: config.importBodyLimitBytes,
        // The service checks the record against GameRecord with the one shape validator, the same
        // check for REST and GraphQL; Fastify's own (coercing) validator would be a second, different one.
        validatorCompiler: () => () => true,
        schema: {
          summary: 'Import a finished game\'s record: every move is validated again, into a new game',
          description: 'A JSON record (application/json) or a text record (text/plain, citybuilder-text/1). A text record\'s errors name their line: a missing header, a bad move number or seat is INVALID_INPUT; an unreadable or illegal move IMPORT_INVALID with the engine\'s `violation` and `rule`.',
          tags: ['replay'],
          body: { $ref: 'GameRecord#' },
          response: { 201: createdGame, ...errors(400, 403, 409, 413, 415, 422, 503) },
        },
      }, async (req, reply) => reply.status(201).send(await service.importRecord(req.body)));
    });

    app.get<{ Querystring: { status?: (typeof STATUSES)[number]; type?: string; limit?: number; before?: string } }>('/games', {
      schema: {
        summary: 'List games, most recently updated first (operator only)',
        tags: ['admin'],
        security: [{ operatorToken: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: STATUSES }, type: { type: 'string' }, limit: INT_BOUNDS.listLimit, before: { type: 'string', maxLength: 200, description: 'The `next` cursor of the previous page' } },
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

/** Shared schemas: an entry of players at creation, a move, a game record (src/app/record-schema.ts). */
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
  moveRefSchema,
  gameRecordSchema,
];
