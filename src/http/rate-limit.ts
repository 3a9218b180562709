import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GameService } from '../app/game-service.js';
import { AppError } from '../app/errors.js';
import { bearerToken } from '../app/shapes.js';
import { hashToken } from '../app/tokens.js';
import type { Config } from '../config.js';

/** The bearer token of a request, or undefined (a malformed header is refused later, by the route). */
function tokenOf(req: FastifyRequest): string | undefined {
  try {
    return bearerToken(req.headers.authorization);
  } catch {
    return undefined;
  }
}

/**
 * The bucket a request counts against. A request with a valid token (a seat token of a game this
 * process holds, or the operator's) has its own bucket, so many players behind one address (a
 * school, a bot host) do not share one allowance. Anything else, including a made-up token, counts
 * against its address: inventing tokens buys no fresh allowance, and the test reads no database.
 */
export function rateKey(service: GameService, req: FastifyRequest): string {
  const token = tokenOf(req);
  return token !== undefined && service.knowsToken(token) ? `token:${hashToken(token)}` : `ip:${req.ip}`;
}

/**
 * Rate limits that fit real clients: RATE_LIMIT_PER_TOKEN_PER_MINUTE per valid token (the default
 * lets one client play a game at full speed through REST, three requests a move), and
 * RATE_LIMIT_PER_MINUTE per address for everything else. A 429 carries Retry-After (seconds), on
 * REST and GraphQL alike. RATE_LIMIT_PER_MINUTE=0 disables both.
 */
export async function registerRateLimit(app: FastifyInstance, service: GameService, config: Config): Promise<void> {
  if (config.rateLimitPerMinute <= 0) return;
  await app.register(rateLimit, {
    timeWindow: 60_000,
    keyGenerator: (req) => rateKey(service, req),
    max: (_req, key) => (key.startsWith('token:') ? config.rateLimitPerTokenPerMinute : config.rateLimitPerMinute),
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url.startsWith('/graphiql'),
    errorResponseBuilder: (req, ctx) => {
      const scope = rateKey(service, req).startsWith('token:') ? 'token' : 'address';
      return Object.assign(AppError.of('RATE_LIMITED', 'RATE_LIMITED.limit', { max: ctx.max, scope, retry: Math.ceil(ctx.ttl / 1000) }), {
        statusCode: 429,
      });
    },
  });
}
