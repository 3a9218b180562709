import type { FastifyInstance } from 'fastify';
import { RECORD_KEYS_PATH, type RecordKeys } from '../app/replays/record-signing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key that signs exported records and the public keys published (src/app/replays/record-signing.ts). */
    recordKeys: RecordKeys;
  }
}

/**
 * GET /.well-known/citybuilder-record-keys.json: the JWK Set of the public keys exported records
 * are signed with (the current key first, then retired ones still trusted). Public, cacheable for
 * an hour: a rotation publishes the new key beside the old one before it signs with it.
 */
export async function recordKeyRoutes(app: FastifyInstance): Promise<void> {
  app.get(RECORD_KEYS_PATH, { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    reply.type('application/jwk-set+json');
    return app.recordKeys.jwks();
  });
}
