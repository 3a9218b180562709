import type { FastifyInstance } from 'fastify';
import { boardPicture, pictureLang } from '../app/board-picture.js';
import type { GameService } from '../app/game-service.js';
import { bearer } from './rest.js';

const problem = { $ref: 'Problem#' };

/** GET /api/v1/games/{id}/board.svg: the board picture (src/board) of a game, now or at a version. */
export function boardRoutes(service: GameService) {
  return async function routes(app: FastifyInstance) {
    app.get<{ Params: { id: string }; Querystring: { at?: number; lang?: 'en' | 'fr' } }>('/games/:id/board.svg', {
      schema: {
        summary: 'The board as the token\'s seat (or a spectator) sees it, now or right after version `at`, as an SVG picture',
        description: 'Drawn on the server from the viewer\'s view only, so it shows nothing that viewer may not see. Labels are in English or French, chosen by Accept-Language (or `lang`). The same input always gives the same picture.',
        tags: ['replay'],
        params: { type: 'object', properties: { id: { type: 'string', description: 'Game id (UUID)' } }, required: ['id'] },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            at: { type: 'integer', minimum: 0, description: 'A version between 0 and the game\'s version; the current one when absent' },
            lang: { type: 'string', enum: ['en', 'fr'], description: 'The label language; overrides Accept-Language' },
          },
        },
        security: [{ seatToken: [] }, {}],
        response: {
          200: { description: 'An SVG document', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
          400: problem,
          401: problem,
          404: problem,
          409: problem,
        },
      },
    }, async (req, reply) => {
      const lang = req.query.lang ?? pictureLang(req.headers['accept-language']);
      const svg = await boardPicture(service, req.params.id, bearer(req.headers.authorization), req.query.at, lang);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Content-Language', lang)
        .header('Vary', 'Accept-Language, Authorization')
        .header('Cache-Control', 'private, no-cache')
        .send(svg);
    });
  };
}
