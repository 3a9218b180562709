import { boardPicture, pictureLang } from '../app/board-picture.js';
import type { GameService } from '../app/game-service.js';
import { BoardQuery, GameIdParams } from '../app/shapes.js';
import { tokenOf, type Routes } from './route-kit.js';
import { operation } from './route-schema.js';

/** GET /api/v1/games/{id}/board.svg: the board picture (src/board) of a game, now or at a version. */
export function boardRoutes(service: GameService): Routes {
  return async function routes(app) {
    app.get(
      '/games/:id/board.svg',
      {
        schema: operation({
          operationId: 'getBoardPicture',
          summary: "The board as the token's seat (or a spectator) sees it, now or right after version `at`, as an SVG picture",
          description:
            "Drawn on the server from the viewer's view only, so it shows nothing that viewer may not " +
            'see. Labels are in English or French, chosen by Accept-Language (or `lang`). The same ' +
            'input always gives the same picture.',
          tags: ['replay'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          querystring: BoardQuery,
          success: {
            status: 200,
            description: 'The board picture, an SVG document (Content-Language names the label language)',
            content: { 'image/svg+xml': { schema: { type: 'string' } } },
          },
          errors: [400, 401, 403, 404, 409],
          errorDescriptions: {
            400:
              "INVALID_INPUT: `at` is not a version between 0 and the game's version (a spectator's: the " +
              'version it may see), or `lang` is not en or fr',
            401: "UNAUTHORIZED: the token is not one of this game's seat tokens",
            403:
              "FORBIDDEN: `seat` is not the token's seat (and the game does not reveal it), or the game " +
              'hides itself from spectators until it ends',
            404: 'NOT_FOUND: no game has this id (or its type has no board picture)',
            409: 'ENGINE_VERSION_UNSUPPORTED: the game needs an engine version this server does not have',
          },
        }),
      },
      async (req, reply) => {
        const lang = req.query.lang ?? pictureLang(req.headers['accept-language']);
        const svg = await boardPicture(service, req.params.id, tokenOf(req), req.query.at, lang, req.query.seat);
        return (
          reply
            .type('image/svg+xml; charset=utf-8')
            .header('Content-Language', lang)
            .header('Vary', 'Accept-Language, Authorization')
            .header('Cache-Control', 'private, no-cache')
            // Opened on its own, the picture runs nothing and loads nothing; never sniffed as another type.
            .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
            .header('X-Content-Type-Options', 'nosniff')
            .send(svg)
        );
      },
    );
  };
}
