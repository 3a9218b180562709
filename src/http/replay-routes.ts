import { Type } from '@sinclair/typebox';
import { logWithLabels, pictureLang } from '../app/board-picture.js';
import type { GameService } from '../app/game-service.js';
import { AnalysisQuery, EventsQuery, GameIdParams, Version } from '../app/shapes.js';
import { readTextRecord, textRecordOf } from '../app/text-record.js';
import type { Config } from '../config.js';
import { botLevel, ref } from './contract.js';
import { createdGame } from './game-routes.js';
import { includeParam, includes } from './move-routes.js';
import { tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const EventsWithLabels = Type.Object(
  {
    ...EventsQuery.properties,
    include: includeParam(['labels'], '`labels`: each move also in words for people (`label`), in the language of Accept-Language'),
  },
  { additionalProperties: false },
);
const ReplayQuery = Type.Object({ at: Version }, { additionalProperties: false });
const RecordQuery = Type.Object(
  {
    format: Type.Optional(Type.Unsafe<'json' | 'text'>({ type: 'string', enum: ['json', 'text'], description: 'json (default) or text' })),
  },
  { additionalProperties: false },
);

const analysisAnswer = closed(
  {
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
        properties: {
          move: ref('AnyMove'),
          notation: { type: 'string' },
          visits: { type: 'integer', minimum: 0 },
          chance: {
            type: ['number', 'null'],
            minimum: 0,
            maximum: 1,
            description: 'Estimated chance to win after this move; null when not searched (a single legal move)',
          },
        },
      },
    },
    best: { anyOf: [ref('AnyMove'), { type: 'null' }], description: 'The move the search prefers; null without a legal move' },
  },
  ['version', 'seat', 'level', 'iterations', 'seed', 'searched', 'moves', 'best'],
);

/** A game's past: its log, the game at a version, the analysis of a position, its record, and importing a record. */
export function replayRoutes(service: GameService, config: Config): Routes {
  return async function routes(app) {
    app.get(
      '/games/:id/events',
      {
        schema: operation({
          operationId: 'getEvents',
          summary: 'The event log, move by move',
          description:
            "The moves after version `after` (at most `limit`) with their events, as the token's seat (or a spectator) may read them.",
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          querystring: EventsWithLabels,
          success: answer('A page of the log', ref('EventLog')),
          errors: [400, 401, 404, 409],
        }),
      },
      async (req) => {
        const page = await service.events(req.params.id, tokenOf(req), req.query.after, req.query.limit);
        if (!includes(req.query).labels) return page;
        return logWithLabels(service.registry, page, pictureLang(req.headers['accept-language']));
      },
    );

    app.get(
      '/games/:id/replay',
      {
        schema: operation({
          operationId: 'replayGame',
          summary: 'The game as the viewer saw it at a version',
          description:
            "The game right after version `at`, as the token's seat (or a spectator) saw it then: the " +
            'same shape as getGame. A spectator of a delayed game reaches no further than the version ' +
            'it may see (spectatorDelay behind; 400 past it); of a hidden one, nothing until the end ' +
            '(403). Once a game that reveals (reveal: true, the default) is finished, `revealed` holds ' +
            "every seat's view at that version, for anyone.",
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          querystring: ReplayQuery,
          success: answer('The game at that version', ref('Game')),
          errors: [400, 401, 403, 404, 409],
          errorDescriptions: {
            403: 'FORBIDDEN: the game hides itself from spectators until it ends (spectators: hidden)',
          },
        }),
      },
      async (req) => service.replay(req.params.id, tokenOf(req), req.query.at),
    );

    app.get(
      '/games/:id/analysis',
      {
        schema: operation({
          operationId: 'analyseGame',
          summary: "Analysis of a position: each legal move's chance to win",
          description:
            'For the position right after version `at` as `seat` saw it (its view and events then, ' +
            'never what it could not see): each of its legal moves with the visits and the estimated ' +
            "chance to win (the seat's mean reward, 0 to 1) from an information-set MCTS search of " +
            '`iterations` (default 1000), seeded by `seed` (default: from the game, version and seat), ' +
            'so the same request gives the same answer; and the move the search prefers (`best`). ' +
            'Finished games, for anyone; a game created with `analysis: true` also while it runs, for ' +
            'the seat itself. Otherwise 403 ANALYSIS_NOT_ALLOWED: never a live aid. Bounded (issue ' +
            "31): `iterations` at most the server's ANALYSIS_MAX_ITERATIONS (else 400); each caller " +
            '(its token, or its address without one) spends from a budget of ' +
            "ANALYSIS_ITERATIONS_PER_MINUTE iterations a minute (more than a minute's budget in one " +
            'request: 400; not refilled yet: 429 with Retry-After); the search runs on the analysis ' +
            "threads, never the bots' (games do not wait for it), and when their line (ANALYSIS_QUEUE) " +
            'is full the answer is 503 UNAVAILABLE with Retry-After at once.',
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          querystring: AnalysisQuery,
          success: answer('The analysis of that position', analysisAnswer),
          errors: [400, 401, 403, 404, 429, 503],
        }),
      },
      async (req) =>
        service.analysis(req.params.id, tokenOf(req), req.query.at, req.query.seat, {
          iterations: req.query.iterations,
          seed: req.query.seed,
        }),
    );

    app.get(
      '/games/:id/record',
      {
        schema: operation({
          operationId: 'getRecord',
          summary: 'The game record',
          description:
            'Type, options, players, engine version and moves (as this viewer may read them); the seed ' +
            'once the game is over, so that a finished record can be replayed and imported. JSON by ' +
            "default; the text record (citybuilder-text/1, moves in notation, like chess's PGN) with " +
            '?format=text or Accept: text/plain.',
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          querystring: RecordQuery,
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
      },
      async (req, reply) => {
        const text = req.query.format === 'text' || (req.query.format === undefined && /^\s*text\/plain/i.test(req.headers.accept ?? ''));
        if (!text) return app.recordKeys.sign(await service.record(req.params.id, tokenOf(req)));
        return reply.type('text/plain; charset=utf-8').send(await textRecordOf(service, req.params.id, tokenOf(req)));
      },
    );

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
      scope.post(
        '/games/import',
        {
          bodyLimit: config.importBodyLimitBytes,
          // The service checks the record against GameRecord (src/app/record-schema.ts) with the one
          // shape validator, the same check for REST and GraphQL; Fastify's own (coercing) validator
          // would be a second, different one. The document shows the typed records (Record).
          validatorCompiler: () => () => true,
          schema: operation({
            operationId: 'importGame',
            summary: 'Import a game record',
            description:
              'A JSON record (application/json) or a text record (text/plain, citybuilder-text/1). Every ' +
              'move of the record is validated again by the named engine version and stored as a new ' +
              "game with new tokens; nothing is written if any move is refused. A text record's errors " +
              'name their line: a missing header, a bad move number or seat is INVALID_INPUT; an ' +
              "unreadable or illegal move IMPORT_INVALID with the engine's `violation` and `rule`.",
            tags: ['replay'],
            access: 'public',
            documentedBody: {
              content: {
                'application/json': { schema: ref('Record') },
                'text/plain': { schema: { type: 'string', description: 'A text record (docs/api.md, "Text records")' } },
              },
            },
            success: answer('The record was replayed into a new game; its seat tokens are shown only now', createdGame, 201),
            errors: [400, 403, 409, 413, 415, 422],
          }),
        },
        async (req, reply) => reply.status(201).send(await service.importRecord(req.body)),
      );
    });
  };
}
