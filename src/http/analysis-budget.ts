import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnalysisBudget, budgetKey } from '../app/bots/analysis-budget.js';
import { AppError } from '../app/errors.js';
import { INT_BOUNDS } from '../app/limits.js';
import type { Config } from '../config.js';
import { tokenOf } from './route-kit.js';

const ROUTE = 'GET /api/v1/games/:id/analysis';

/**
 * GET /games/{id}/analysis within the server's bounds (issue 31): at most ANALYSIS_MAX_ITERATIONS
 * a request (400 naming it), and each caller's budget of iterations a minute
 * (ANALYSIS_ITERATIONS_PER_MINUTE, src/app/bots/analysis-budget.ts: 400 above a minute's budget,
 * 429 with Retry-After when it has not refilled yet). An analysis that is not answered (refused,
 * its line full, its search failed) gives its iterations back.
 */
export function registerAnalysisBudget(app: FastifyInstance, config: Config): void {
  const budget = new AnalysisBudget(config.analysisIterationsPerMinute);
  const spent = new WeakMap<FastifyRequest, { key: string; iterations: number }>();
  app.addHook('preHandler', async (req) => {
    if (`${req.method} ${req.routeOptions.url}` !== ROUTE) return;
    const iterations = (req.query as { iterations?: number }).iterations ?? INT_BOUNDS.analysisIterations.default;
    if (iterations > config.analysisMaxIterations)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.analysisIterations', { max: config.analysisMaxIterations });
    const { key, scope } = budgetKey(tokenOf(req), req.ip);
    budget.spend(key, scope, iterations);
    spent.set(req, { key, iterations });
  });
  app.addHook('onResponse', async (req, reply) => {
    const s = spent.get(req);
    if (s && reply.statusCode !== 200) budget.refund(s.key, s.iterations);
  });
}
