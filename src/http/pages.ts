import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The web page's files (public/ at the repository root, next to src/ and dist/). */
export const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));

/** Everything the page loads comes from this server; it talks only to the public API. */
const CSP =
  "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self' " +
  "'unsafe-inline'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors " +
  "'none'";

const page = (reply: FastifyReply, file: string) =>
  reply.header('Content-Security-Policy', CSP).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);

/**
 * The web page: GET / (game types, create a game, open games), GET /games/{id} (play, watch,
 * replay with ?at=N), GET /tournaments/{id} (a tournament's rounds, games and standings) and its
 * static assets under /assets/. Plain HTML, CSS and JS modules.
 */
export async function webPages(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: '/assets/', index: false, cacheControl: true, schemaHide: true });
  app.get('/', { schema: { hide: true } }, (_req, reply) => page(reply, 'index.html'));
  // The game page (and its replays, ?at=N) names its oEmbed document in its head: a pasted link becomes a player (issue 35).
  const gameHtml = readFileSync(join(PUBLIC_DIR, 'game.html'), 'utf8');
  app.get('/games/:id', { schema: { hide: true } }, (req, reply) => {
    const { id } = req.params as { id: string }; // any text: the page itself reads the game
    const url = `${req.protocol}://${req.host}/games/${encodeURIComponent(id)}`;
    const href = `/oembed?url=${encodeURIComponent(url)}&format=json`.replace(/&/g, '&amp;');
    const discovery = `<link rel="alternate" type="application/json+oembed" href="${href}" title="oEmbed">\n</head>`;
    return reply
      .header('Content-Security-Policy', CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(gameHtml.replace('</head>', discovery));
  });
  // A tournament's page: it reads GET /api/v1/tournaments/{id} (the REST answer's `page` links here).
  app.get('/tournaments/:id', { schema: { hide: true } }, (_req, reply) => page(reply, 'tournament.html'));
  // The operator's outbox page: the page is public, what it shows needs OPERATOR_TOKEN (outbox-routes.ts).
  app.get('/operator', { schema: { hide: true } }, (_req, reply) => page(reply, 'operator.html'));
}
