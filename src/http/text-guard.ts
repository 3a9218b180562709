import type { FastifyInstance } from 'fastify';
import { AppError } from '../app/errors.js';

/** Postgres text and jsonb cannot hold a NUL character, nor an unpaired UTF-16 surrogate. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);
/** The same, still escaped inside JSON text (GraphQL's GET variables): `\u0000`, or a surrogate escape. */
const ESCAPED = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** The path of the first string in `value` that could not be stored, or null. */
function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (depth > 200 || typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findUnstorable(value[i], `${path}[${i}]`, depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (unstorable(key)) return `${path} (a key)`;
    const p = findUnstorable((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    if (p) return p;
  }
  return null;
}

/**
 * Refuses, before any route runs, a body or query string holding text the database cannot store
 * (a NUL character, an unpaired surrogate): a clear 400 instead of a failed write (a 500).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const where = findUnstorable(req.body, 'body') ?? findUnstorable(req.query, 'querystring');
    const escaped =
      !where &&
      req.query &&
      typeof req.query === 'object' &&
      Object.values(req.query as Record<string, unknown>).some((v) => typeof v === 'string' && ESCAPED.test(v));
    if (where || escaped) {
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.nulChar', { where: where ?? 'querystring' });
    }
  });
}
