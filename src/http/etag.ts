import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';

/** The GET routes answered with an ETag (and 304 to a matching If-None-Match): the game, its legal moves, a replay. */
export const ETAG_ROUTES = new Set(['/api/v1/games/:id', '/api/v1/games/:id/legal-moves', '/api/v1/games/:id/replay']);

/**
 * ETag / If-None-Match on the answers a client polls. The tag is a hash of the answer and of the
 * caller's Authorization header, so it differs per viewer (each seat sees its own view) and per
 * version (the answer names its version); a matching If-None-Match gets 304 with no body, judged
 * by `fresh` (lists, weak tags and `*` as HTTP says). `Vary: Authorization` and
 * `Cache-Control: private, no-cache` keep shared caches from serving one seat's view to another.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || reply.statusCode !== 200 || !ETAG_ROUTES.has(req.routeOptions.url ?? '')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `"${createHash('sha256').update(req.headers.authorization ?? '').update('\n').update(payload).digest('base64url').slice(0, 32)}"`;
    reply.header('ETag', tag).header('Vary', 'Authorization').header('Cache-Control', 'private, no-cache');
    if (!fresh(req.headers, { etag: tag })) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

/** What the OpenAPI document says about these routes: the ETag header, If-None-Match, the 304. */
export const etagDocs = {
  header: { ETag: { description: 'A tag of this answer for this viewer: send it back as If-None-Match to get 304 while nothing changed', schema: { type: 'string' } } },
  notModified: { description: 'Not modified: the If-None-Match tag still names this viewer\'s current answer', type: 'null' },
};
