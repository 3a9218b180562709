import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logWithLabels, pictureLang, withLabels } from '../app/board-picture.js';
import { AppError } from '../app/errors.js';
import type { GameRecord, GameService } from '../app/game-service.js';
import { readTextRecord, textRecordOf } from '../app/text-record.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import type { PlayerEntry } from '../app/lobby/lobby.js';
import { INT_BOUNDS } from '../app/limits.js';
import { moveRefSchema } from '../app/record-schema.js';
import { TAKEBACK_SETTINGS, TIMEOUT_ACTIONS, type TimeControl, type TimeoutAction } from '../store/types.js';
import { BOT_LEVELS } from '../engine/index.js';
import type { Config } from '../config.js';
import { botLevel, playerEntrySchema, players, ref, seatList, status, STATUSES, timeControlSchema } from './contract.js';
import { operation, pageOfGames } from './route-schema.js';

export { colourField, STATUSES } from './contract.js';

/** The bearer token of a request, if any. A malformed Authorization header is a client error. */
export function bearer(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization === '') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw AppError.of('UNAUTHORIZED', 'UNAUTHORIZED.bearerFormat');
  return m[1];
}

const tokenOf = (req: FastifyRequest) => bearer(req.headers.authorization);

const idParam = { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' } }, required: ['id'] } as const;
const createdGame = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'engineVersion', 'version', 'status', 'toMove', 'seedChosen', 'seats'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string', description: 'The game type' },
    engineVersion: { type: 'integer' },
    version: { type: 'integer' },
    status,
    toMove: seatList,
    seedChosen: { type: 'boolean', description: 'True when a client chose the seed: whoever chose it can foresee every hidden draw' },
    rated: { type: 'boolean', description: 'A rated game: its result updates the players\' ratings' },
    seats: {
      type: 'array',
      description: 'One secret token per seated seat. Shown only once: the server keeps only a hash. An open seat has open: true and no token; a bot seat has bot (its level) and no token.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seat'],
        properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string' }, open: { type: 'boolean', const: true }, colour: { type: 'string' }, bot: botLevel },
      },
    },
    invite: { type: 'object', additionalProperties: false, required: ['code'], description: 'With open seats: the invitation code others join with (shown once)', properties: { code: { type: 'string' } } },
  },
} as const;

const expectedVersion = { ...INT_BOUNDS.version, description: 'Apply the move only if the game is still at this version' };
/** `?include=a,b`: extra parts of an answer, from a fixed list (one request per move: docs/api.md). */
const includeQuery = (parts: string[], description: string) => {
  const one = `(${parts.join('|')})`;
  return { type: 'object', additionalProperties: false, properties: { include: { type: 'string', pattern: `^${one}(,${one})*$`, description } } } as const;
};
const includes = (q: { include?: string }) => {
  const parts = new Set((q.include ?? '').split(','));
  return { view: parts.has('view'), legalMoves: parts.has('legalMoves'), labels: parts.has('labels'), undoable: parts.has('undoable') };
};

/** The running turn deadlines of a game (play by mail). */
export type DeadlinesOf = (gameId: string) => Promise<{ seat: number; at: string }[]>;
/** Each seat's clock of a game with a time control (src/app/notify/clock.ts). */
export type ClocksOf = (gameId: string, control: TimeControl, status: string) => Promise<{ seat: number; remainingSeconds: number; running: boolean; deadline: string | null }[]>;

/** The game answer with its running deadlines and, with a time control, each seat's clock. */
export async function withClocks<G extends { id: string; status: string; timeControl?: TimeControl }>(g: G, deadlines: DeadlinesOf, clocks: ClocksOf) {
  if (!g.timeControl) return g;
  return { ...g, ...(g.status === 'active' ? { deadlines: await deadlines(g.id) } : {}), clocks: await clocks(g.id, g.timeControl, g.status) };
}

export function restRoutes(service: GameService, config: Config, lobby?: LobbyLayer, deadlines: DeadlinesOf = async () => [], clocks: ClocksOf = async () => []) {
  const layer = () => {
    if (!lobby) throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.lobby');
    return lobby;
  };
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

    app.get('/bots', {
      schema: operation({
        operationId: 'listBots',
        summary: 'The bot levels',
        description: 'The levels a bot seat (players: [{ "bot": level }]) and a stand-in (standInBot) may have: what each does, its think time per move and its search iterations at most. Bots think in worker threads, and see only what their seat sees.',
        tags: ['games'],
        access: 'public',
        success: {
          status: 200,
          description: 'The bot levels, weakest first',
          schema: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['level', 'description', 'thinkMs', 'iterations'],
              properties: {
                level: botLevel,
                description: { type: 'string' },
                thinkMs: { type: 'integer', minimum: 0, description: 'Think time per move, in milliseconds (0: answers at once)' },
                iterations: { type: 'integer', minimum: 0, description: 'Search iterations at most per move (0: no search)' },
              },
            },
          },
        },
        errors: [],
      }),
    }, async () => service.botLevels());

    app.post<{ Body: { type: string; players: PlayerEntry[]; seed?: string; options?: Record<string, unknown>; public?: boolean; turnDeadlineSeconds?: number; timeoutAction?: TimeoutAction; standInBot?: string; standInAfterTimeouts?: number; analysis?: boolean; timeControl?: TimeControl; rated?: boolean; takebacks?: string } }>('/games', {
      schema: operation({
        operationId: 'createGame',
        summary: 'Create a game',
        description: 'Starts a game of the given type and returns one secret bearer token per seated seat, once, and an invitation code when seats are open. Each entry of players is { name, colour? } (seated now), { open: true } (an open seat: the game waits until someone joins it), { me: true, colour? } (seated now and bound to the player whose token is in Authorization) or { bot, name? } (a bot of that level, GET /bots: no token, it moves by itself). standInBot (default greedy) plays resigned seats and timed-out seats (timeoutAction auto-move). Options are checked against the game\'s option schema (unknown options are refused); missing ones take their defaults.',
        tags: ['games'],
        access: 'playerOptional',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'players'],
          properties: {
            type: { type: 'string', description: 'A game type id from /game-types' },
            players: { type: 'array', minItems: 1, maxItems: 64, items: { $ref: 'PlayerEntry#' } },
            seed: { type: 'string', minLength: 1, maxLength: 128 },
            options: { type: 'object' },
            public: { type: 'boolean' },
            turnDeadlineSeconds: { type: 'integer', minimum: 1, maximum: 90 * 24 * 3600 },
            timeControl: timeControlSchema,
            timeoutAction: { type: 'string', enum: TIMEOUT_ACTIONS },
            standInBot: { type: 'string', enum: BOT_LEVELS },
            standInAfterTimeouts: { type: 'integer' },
            analysis: { type: 'boolean' },
            rated: { type: 'boolean' },
            takebacks: { type: 'string', enum: TAKEBACK_SETTINGS },
          },
        },
        documentedBody: ref('NewGame'),
        success: { status: 201, description: 'The game was created; the seat tokens (and the invitation code) are shown only now', schema: createdGame },
        errors: [400, 401, 403, 409, 413, 415],
      }),
    }, async (req, reply) => reply.status(201).send(await layer().lobby.createGame(req.body, tokenOf(req))));

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
    }, async (req) => {
      return withClocks(await service.getGame(req.params.id, tokenOf(req)), deadlines, clocks);
    });

    app.get<{ Params: { id: string }; Querystring: { include?: string } }>('/games/:id/legal-moves', {
      schema: operation({
        operationId: 'getLegalMoves',
        summary: 'The token\'s seat\'s legal moves now',
        description: 'Every move the token\'s seat may make now, complete and exact: each can be sent back as is to submitMove; `notations` has the same moves in the game\'s notation, in the same order. Empty when the seat is not to move, has resigned, or the game is not active.',
        tags: ['moves'],
        access: 'seat',
        params: idParam,
        querystring: includeQuery(['view', 'labels', 'undoable'], 'Comma-separated: `view` adds the seat\'s view of the game, at the same version; `labels` each move in words for people, in the language of Accept-Language; `undoable` whether each move could be taken back once made'),
        success: { status: 200, description: 'The legal moves at this version', schema: ref('LegalMoves') },
        errors: [401, 403, 404, 409],
      }),
    }, async (req) => {
      const inc = includes(req.query);
      if (!inc.labels) return service.legalMoves(req.params.id, tokenOf(req), inc);
      const lm = await service.legalMoves(req.params.id, tokenOf(req), { view: true, undoable: inc.undoable });
      return { ...withLabels(service.registry, lm, pictureLang(req.headers['accept-language'])), ...(inc.view ? { view: lm.view } : {}) };
    });

    app.post<{ Params: { id: string }; Querystring: { include?: string }; Body: { move?: unknown; notation?: string; expectedVersion?: number }; Headers: { 'idempotency-key'?: string } }>('/games/:id/moves', {
      schema: operation({
        operationId: 'submitMove',
        summary: 'Submit a move for the token\'s seat',
        description: 'Send exactly one of `move` (JSON, as listed by getLegalMoves) or `notation` (the move in the game\'s notation, read in the current position; the move stored is the parsed move). Validated by the game engine on the server. With expectedVersion, a stale version is a VERSION_CONFLICT; without it, a move that loses a race in a simultaneous phase is decided again against the new state. A retry with the same Idempotency-Key is applied once and gets the first answer.',
        tags: ['moves'],
        access: 'seat',
        params: idParam,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } } },
        querystring: includeQuery(['view', 'legalMoves'], 'Comma-separated: `view` adds the mover\'s view after the move, `legalMoves` its legal moves now (empty unless it must act again). Not in an answer replayed for a repeated Idempotency-Key.'),
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { move: moveRef, notation: { type: 'string', minLength: 1, maxLength: 2000 }, expectedVersion: INT_BOUNDS.version },
        },
        documentedBody: {
          description: 'Exactly one of move (JSON) or notation (text)',
          oneOf: [
            {
              type: 'object',
              title: 'MoveAsJson',
              additionalProperties: false,
              required: ['move'],
              properties: { move: { ...ref('AnyMove'), description: 'A move of this game\'s type, as listed by getLegalMoves' }, expectedVersion },
            },
            {
              type: 'object',
              title: 'MoveInNotation',
              additionalProperties: false,
              required: ['notation'],
              properties: { notation: { type: 'string', minLength: 1, maxLength: 2000, description: 'The move in notation, e.g. "build residential b4" (docs/rules/<game>.md)' }, expectedVersion },
            },
          ],
        },
        success: { status: 200, description: 'The move was accepted: the new version and what it caused', schema: ref('MoveResult') },
        errors: [400, 401, 403, 404, 409, 413, 415, 422],
      }),
    }, async (req) => {
      const { move, notation, expectedVersion } = req.body;
      if ((move === undefined) === (notation === undefined)) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.moveOrNotation');
      return service.submitMove(req.params.id, tokenOf(req), move, { expectedVersion, idempotencyKey: req.headers['idempotency-key'], notation, include: includes(req.query) });
    });

    app.get<{ Params: { id: string }; Querystring: { after?: number; limit?: number; include?: string } }>('/games/:id/events', {
      schema: operation({
        operationId: 'getEvents',
        summary: 'The event log, move by move',
        description: 'The moves after version `after` (at most `limit`) with their events, as the token\'s seat (or a spectator) may read them.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, properties: { after: { ...INT_BOUNDS.version, default: 0 }, limit: INT_BOUNDS.eventsLimit, include: includeQuery(['labels'], '`labels`: each move also in words for people (`label`), in the language of Accept-Language').properties.include } },
        success: { status: 200, description: 'A page of the log', schema: ref('EventLog') },
        errors: [400, 401, 404, 409],
      }),
    }, async (req) => {
      const page = await service.events(req.params.id, tokenOf(req), req.query.after, req.query.limit);
      if (!includes(req.query).labels) return page;
      return logWithLabels(service.registry, page, pictureLang(req.headers['accept-language']));
    });

    app.get<{ Params: { id: string }; Querystring: { at: number } }>('/games/:id/replay', {
      schema: operation({
        operationId: 'replayGame',
        summary: 'The game as the viewer saw it at a version',
        description: 'The game right after version `at`, as the token\'s seat (or a spectator) saw it then: the same shape as getGame.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, required: ['at'], properties: { at: INT_BOUNDS.version } },
        success: { status: 200, description: 'The game at that version', schema: ref('Game') },
        errors: [400, 401, 404, 409],
      }),
    }, async (req) => service.replay(req.params.id, tokenOf(req), req.query.at));

    app.get<{ Params: { id: string }; Querystring: { at: number; seat: number; iterations?: number; seed?: string } }>('/games/:id/analysis', {
      schema: operation({
        operationId: 'analyseGame',
        summary: 'Analysis of a position: each legal move\'s chance to win',
        description: 'For the position right after version `at` as `seat` saw it (its view and events then, never what it could not see): each of its legal moves with the visits and the estimated chance to win (the seat\'s mean reward, 0 to 1) from an information-set MCTS search of `iterations` (default 1000), seeded by `seed` (default: from the game, version and seat), so the same request gives the same answer; and the move the search prefers (`best`). Finished games, for anyone; a game created with `analysis: true` also while it runs, for the seat itself. Otherwise 403 ANALYSIS_NOT_ALLOWED: never a live aid.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, required: ['at', 'seat'], properties: { at: INT_BOUNDS.version, seat: INT_BOUNDS.seat, iterations: INT_BOUNDS.analysisIterations, seed: { type: 'string', minLength: 1, maxLength: 128 } } },
        success: {
          status: 200,
          description: 'The analysis of that position',
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['version', 'seat', 'level', 'iterations', 'seed', 'searched', 'moves', 'best'],
            properties: {
              version: { type: 'integer', minimum: 0 },
              seat: { type: 'integer', minimum: 0 },
              level: botLevel,
              iterations: { type: 'integer', description: 'The search budget asked' },
              seed: { type: 'string' },
              searched: { type: 'integer', description: 'Iterations the search ran (0 with a single legal move)' },
              moves: {
                type: 'array',
                description: 'Every legal move of the seat then, most visited first (empty when it had none)',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['move', 'visits', 'chance'],
                  properties: { move: ref('AnyMove'), notation: { type: 'string' }, visits: { type: 'integer', minimum: 0 }, chance: { type: ['number', 'null'], minimum: 0, maximum: 1, description: 'Estimated chance to win after this move; null when not searched (a single legal move)' } },
                },
              },
              best: { anyOf: [ref('AnyMove'), { type: 'null' }], description: 'The move the search prefers; null without a legal move' },
            },
          },
        },
        errors: [400, 401, 403, 404, 503],
      }),
    }, async (req) => service.analysis(req.params.id, tokenOf(req), req.query.at, req.query.seat, { iterations: req.query.iterations, seed: req.query.seed }));

    app.get<{ Params: { id: string }; Querystring: { format?: 'json' | 'text' } }>('/games/:id/record', {
      schema: operation({
        operationId: 'getRecord',
        summary: 'The game record',
        description: 'Type, options, players, engine version and moves (as this viewer may read them); the seed once the game is over, so that a finished record can be replayed and imported. JSON by default; the text record (citybuilder-text/1, moves in notation, like chess\'s PGN) with ?format=text or Accept: text/plain.',
        tags: ['replay'],
        access: 'seatOrSpectator',
        params: idParam,
        querystring: { type: 'object', additionalProperties: false, properties: { format: { type: 'string', enum: ['json', 'text'], description: 'json (default) or text' } } },
        success: {
          status: 200,
          description: 'The game record, as this viewer may read it',
          content: {
            'application/json': { schema: ref('Record') },
            'text/plain': { schema: { type: 'string', description: 'The text record (docs/api.md, "Text records")' } },
          },
        },
        errors: [400, 401, 404, 409],
      }),
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
        // The service checks the record against GameRecord (src/app/record-schema.ts) with the one
        // shape validator, the same check for REST and GraphQL; Fastify's own (coercing) validator
        // would be a second, different one. The document shows the typed records (Record).
        validatorCompiler: () => () => true,
        schema: operation({
          operationId: 'importGame',
          summary: 'Import a game record',
          description: 'A JSON record (application/json) or a text record (text/plain, citybuilder-text/1). Every move of the record is validated again by the named engine version and stored as a new game with new tokens; nothing is written if any move is refused. A text record\'s errors name their line: a missing header, a bad move number or seat is INVALID_INPUT; an unreadable or illegal move IMPORT_INVALID with the engine\'s `violation` and `rule`.',
          tags: ['replay'],
          access: 'public',
          documentedBody: {
            content: {
              'application/json': { schema: ref('Record') },
              'text/plain': { schema: { type: 'string', description: 'A text record (docs/api.md, "Text records")' } },
            },
          },
          success: { status: 201, description: 'The record was replayed into a new game; its seat tokens are shown only now', schema: createdGame },
          errors: [400, 403, 409, 413, 415, 422],
        }),
      }, async (req, reply) => reply.status(201).send(await service.importRecord(req.body)));
    });

    app.get<{ Querystring: { status?: (typeof STATUSES)[number]; type?: string; limit?: number; before?: string } }>('/games', {
      schema: operation({
        operationId: 'listGames',
        summary: 'List games (operator only)',
        description: 'Games, most recently updated first, filtered by status and type, a page at a time (`before` takes the `next` cursor of the previous page).',
        tags: ['admin'],
        access: 'operator',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: STATUSES }, type: { type: 'string' }, limit: INT_BOUNDS.listLimit, before: { type: 'string', maxLength: 200, description: 'The `next` cursor of the previous page' } },
        },
        success: {
          status: 200,
          description: 'A page of games',
          schema: pageOfGames({
            type: 'object',
            additionalProperties: false,
            required: ['id', 'type', 'version', 'status', 'toMove', 'players', 'createdAt', 'updatedAt'],
            properties: { id: { type: 'string' }, type: { type: 'string' }, version: { type: 'integer' }, status, toMove: seatList, players, createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' } },
          }),
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
const { $id: _moveRefId, ...moveRef } = moveRefSchema;

/** Shared schemas the routes reference: an entry of players at creation. */
export const sharedSchemas = [playerEntrySchema];
