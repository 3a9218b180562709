import type { FastifyInstance } from 'fastify';

/** A small city skyline: the site's icon, drawn here so that it needs no file. */
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f4e79"/>' +
  '<path fill="#f4d35e" d="M5 27V15h6v12zm8 0V7h7v20zm9 0V12h5v15z"/>' +
  '<path fill="#1f4e79" d="M15 10h3v2h-3zm0 5h3v2h-3zm0 5h3v2h-3zM7 18h2v2H7zm0 4h2v2H7zm17-7h1v2h-1zm0 4h1v2h-1z"/></svg>';

/** GET /favicon.ico (what browsers ask for on every page): the icon, as SVG, cached for a day. */
export async function favicon(app: FastifyInstance): Promise<void> {
  app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').header('X-Content-Type-Options', 'nosniff').send(ICON),
  );
}
