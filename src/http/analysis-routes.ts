import type { WholeAnalysis } from '../app/bots/whole-analysis.js';
import { GameIdParams, WholeAnalysisBody } from '../app/shapes.js';
import { ref } from './contract.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const analysisSchema = closed(
  {
    gameId: { type: 'string', format: 'uuid' },
    iterations: { type: 'integer', description: 'Search iterations per position' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
    total: { type: 'integer', minimum: 0, description: "Moves to analyse: the log's entries, resignations left out" },
    done: { type: 'integer', minimum: 0, description: 'Moves analysed so far' },
    error: { type: ['string', 'null'], description: 'Why the analysis failed (status failed)' },
    moves: {
      type: 'array',
      description: 'The moves analysed so far, in log order',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['version', 'seat', 'choices', 'notation', 'chance', 'best', 'bestNotation', 'bestChance', 'loss'],
        properties: {
          version: { type: 'integer', minimum: 1, description: 'The log entry (the move played from the position at version - 1)' },
          seat: { type: 'integer', minimum: 0 },
          choices: {
            type: 'integer',
            minimum: 0,
            description: "Legal moves the seat had (0: none to choose, a stand-in's move for a resigned seat)",
          },
          notation: { type: ['string', 'null'], description: 'The move played, in notation' },
          chance: { type: ['number', 'null'], minimum: 0, maximum: 1, description: 'Estimated chance to win after the move played' },
          best: { anyOf: [ref('AnyMove'), { type: 'null' }], description: 'The move the search prefers' },
          bestNotation: { type: ['string', 'null'] },
          bestChance: { type: ['number', 'null'], minimum: 0, maximum: 1 },
          loss: {
            type: ['number', 'null'],
            minimum: 0,
            maximum: 1,
            description: 'bestChance - chance, at least 0 (0 with a single legal move); null without a legal move',
          },
        },
      },
    },
  },
  ['gameId', 'iterations', 'status', 'total', 'done', 'error', 'moves'],
);

/** A whole finished game analysed in the background (src/app/bots/whole-analysis.ts): ask, then read the progress and each move's loss. */
export function analysisRoutes(get: () => WholeAnalysis | undefined): Routes {
  const analyses = needed(get, 'analysis');
  return async function routes(app) {
    app.post(
      '/games/:id/analysis/whole',
      {
        schema: operation({
          operationId: 'analyseWholeGame',
          summary: 'Analyse every move of a finished game in the background',
          description:
            'Queues a background job that searches, for every move of the log, the position it was ' +
            'played in as the seat that played it saw it (never what it could not see), with ' +
            "`iterations` per position (default 300, at most the server's ANALYSIS_MAX_ITERATIONS, " +
            "else 400) and the seed GET /games/{id}/analysis uses by default (so a move's figures " +
            "equal that request's with the same iterations). Anyone may ask, for a finished game; " +
            "asking again answers the analysis there is (its iterations are the first request's). One " +
            'analysis queued or running per caller (its token, or its address without one): another is ' +
            '429 RATE_LIMITED naming the game it waits on, with Retry-After. Its searches run on the ' +
            "analysis threads, never the bots': games do not wait for it. Follow the progress with " +
            'GET. An unfinished game: 403 ANALYSIS_NOT_ALLOWED.',
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          body: WholeAnalysisBody,
          success: answer('The analysis, queued or under way (or done, when asked before)', analysisSchema, 202),
          errors: [400, 401, 403, 404, 429],
        }),
      },
      async (req, reply) => {
        const { analysis } = await analyses().request(req.params.id, tokenOf(req), req.body?.iterations, req.ip);
        return reply.code(202).send(analysis);
      },
    );

    app.get(
      '/games/:id/analysis/whole',
      {
        schema: operation({
          operationId: 'getWholeGameAnalysis',
          summary: "A whole-game analysis: its progress and each move's loss of winning chance",
          description:
            'The analysis POST /games/{id}/analysis/whole asked for: its status (queued, running, ' +
            'done, failed), how many moves are analysed of how many, and for each move analysed so far ' +
            'the chance to win after the move played, the move the search prefers with its chance, and ' +
            'the loss (the difference, at least 0). 404 when the game was never analysed.',
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          success: answer('The analysis as it stands', analysisSchema),
          errors: [401, 404],
        }),
      },
      async (req) => analyses().get(req.params.id, tokenOf(req)),
    );

    app.delete(
      '/games/:id/analysis/whole',
      {
        schema: operation({
          operationId: 'cancelWholeGameAnalysis',
          summary: 'Cancel a whole-game analysis (operator)',
          description:
            'The operator ends a queued or running whole-game analysis: it stops at its next position ' +
            'and stays failed with the error "cancelled by the operator" (the moves analysed so far ' +
            'are kept). 404 when none is queued or running; 403 for any token but OPERATOR_TOKEN.',
          tags: ['replay'],
          access: 'operator',
          params: GameIdParams,
          success: answer('The analysis, now failed (cancelled)', analysisSchema),
          errors: [401, 403, 404],
        }),
      },
      async (req) => analyses().cancel(req.params.id, tokenOf(req)),
    );
  };
}
