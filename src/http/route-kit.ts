import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../app/errors.js';
import { bearerToken } from '../app/shapes.js';

/**
 * What every REST route module shares. `Routes` is a Fastify plugin on the TypeBox type provider:
 * a route's `schema` (operation({...}) with shapes from src/app/shapes.ts) types its request, so no
 * route writes its params, query or body type by hand.
 */
export type Routes = FastifyPluginAsyncTypebox;

/** The bearer token of a request (undefined without one; 401 for a header that is not `Bearer <token>`). */
export const tokenOf = (req: { headers: { authorization?: string } }): string | undefined => bearerToken(req.headers.authorization);

/**
 * A part of the service a server may run without (the lobby without a database, notifications,
 * ratings, the bot pool): the part when it runs, else 503 UNAVAILABLE with the catalogue's
 * sentence `UNAVAILABLE.<what>`.
 */
export function needed<T>(
  get: () => T | undefined,
  what: 'lobby' | 'players' | 'notifications' | 'vacations' | 'ratings' | 'analysis' | 'wholeAnalysis' | 'tournaments' | 'conditionalMoves',
): () => T {
  return () => {
    const part = get();
    if (part === undefined) throw AppError.of('UNAVAILABLE', `UNAVAILABLE.${what}`);
    return part;
  };
}
