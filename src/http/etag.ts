import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fresh from 'fresh';

/** The GET routes answered with an ETag (and 304 to a matching If-None-Match): the game, its legal moves, a replay. */
export const ETAG_ROUTES = new Set(['/api/v1/games/:id', '/api/v1/games/:id/legal-moves', '/api/v1/games/:id/replay']);

/**
 * ETag / If-None-Match on the answers a client polls. The tag is a hash of the answer and of the
 * caller's Authorization header, so it differs per viewer (each seat sees its own view) and per
 * version (the answer names its version); a matching If-None-Match gets 304 with no body, judged
 * by `fresh` (lists, weak tags and `*` as HTTP says) whatever the request's Cache-Control; HEAD
 * gets the same headers as GET. `Vary: Authorization` and
 * `Cache-Control: private, no-cache` keep shared caches from serving one seat's view to another.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200 || !ETAG_ROUTES.has(req.routeOptions.url ?? ''))
      return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `"${createHash('sha256')
      .update(req.headers.authorization ?? '')
      .update('\n')
      .update(payload)
      .digest('base64url')
      .slice(0, 32)}"`;
    reply.header('ETag', tag).header('Vary', 'Authorization').header('Cache-Control', 'private, no-cache');
    // The server is the origin: it revalidates every request, so a request's Cache-Control (which
    // fetch adds as no-cache to every conditional request) never forces a full answer.
    if (!fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: tag })) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

/** The OpenAPI document of an ETag route: the If-None-Match header, the ETag on 200, the 304. */
export function withEtagDocs<S extends { headers?: unknown; response?: unknown }>(url: string, schema: S): S {
  const response = schema?.response as Record<string, unknown> | undefined;
  if (!ETAG_ROUTES.has(url) || !response) return schema;
  const headers = (schema.headers ?? { type: 'object', properties: {} }) as { type: string; properties: Record<string, unknown> };
  const ok = response[200] as Record<string, unknown>;
  return {
    ...schema,
    headers: {
      ...headers,
      properties: {
        ...headers.properties,
        'if-none-match': {
          type: 'string',
          description: "The ETag of an answer already held: 304 while it is still this viewer's current answer",
        },
      },
    },
    response: {
      ...response,
      200: {
        ...ok,
        headers: {
          ETag: {
            type: 'string',
            description: 'A tag of this answer for this viewer (differs per viewer and per version); send it back as If-None-Match',
          },
        },
      },
      304: { type: 'null', description: "Not modified: the If-None-Match tag still names this viewer's current answer (no body)" },
    },
  };
}
