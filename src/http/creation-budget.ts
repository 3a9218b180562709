import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST, Kind, type DocumentNode } from 'graphql';
import { AppError } from '../app/errors.js';
import type { Config } from '../config.js';

/** The REST routes that mint a token or a game: each call spends one unit of the address's budget. */
const CREATING_ROUTES = new Set(['POST /api/v1/games', 'POST /api/v1/players', 'POST /api/v1/games/import']);
/** The GraphQL mutations that do the same: each field run (aliases included) spends one unit. */
const CREATING_FIELDS = new Set(['createGame', 'createPlayer', 'importRecord']);

/** How many creating fields the operation that runs holds at its root. */
function creationsIn(document: DocumentNode, operationName: string | undefined): number {
  const op = getOperationAST(document, operationName);
  if (op?.operation !== 'mutation') return 0;
  return op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && CREATING_FIELDS.has(s.name.value)).length;
}

/**
 * The creation budget: games, players and imports made from one address, CREATE_LIMIT_PER_MINUTE
 * (60) a minute over REST and GraphQL together, whatever token the requests carry, so that nobody
 * mints tokens (each game brings a fresh allowance per seat token) faster than that. Past it: 429
 * RATE_LIMITED with Retry-After. It rides on the request limiter (@fastify/rate-limit, one count per
 * server process); RATE_LIMIT_PER_MINUTE=0 turns it off with every other limit.
 */
export function registerCreationBudget(app: FastifyInstance, config: Config): void {
  if (config.rateLimitPerMinute <= 0 || config.createLimitPerMinute <= 0 || !app.hasDecorator('createRateLimit')) return;
  const limiter = app.createRateLimit({
    keyGenerator: (req: FastifyRequest) => `create:${req.ip}`,
    max: config.createLimitPerMinute,
    timeWindow: 60_000,
  });
  const spend = async (req: FastifyRequest, units: number) => {
    for (let i = 0; i < units; i++) {
      const r = await limiter(req);
      if (!r.isAllowed && r.isExceeded) {
        throw AppError.of('RATE_LIMITED', 'RATE_LIMITED.creation', { max: r.max, retry: r.ttlInSeconds }, { retryAfter: r.ttlInSeconds });
      }
    }
  };
  app.addHook('onRequest', async (req) => {
    if (CREATING_ROUTES.has(`${req.method} ${req.routeOptions.url}`)) await spend(req, 1);
  });
  app.graphql?.addHook('preExecution', async (_schema, document, context) => {
    const req = (context as { reply?: { request: FastifyRequest } }).reply?.request;
    if (!req) return; // subscriptions: no creation happens there
    const body = (req.method === 'GET' ? req.query : req.body) as { operationName?: string } | undefined;
    const units = creationsIn(document, body?.operationName ?? undefined);
    if (units > 0) await spend(req, units);
  });
}
