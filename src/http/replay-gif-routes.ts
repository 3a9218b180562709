import fresh from 'fresh';
import { pictureLang } from '../app/board-picture.js';
import { INT_BOUNDS } from '../app/limits.js';
import type { ReplayGifs } from '../app/replays/replay-gifs.js';
import { GameIdParams, ReplayGifQuery } from '../app/shapes.js';
import { tokenOf, type Routes } from './route-kit.js';
import { closed, operation } from './route-schema.js';

/** A year: what "immutable" means for a finished game's GIF (its positions never change again). */
const IMMUTABLE = 'max-age=31536000, immutable';

function gifOperation() {
  const schema = operation({
    operationId: 'getReplayGif',
    summary: 'The game as an animated GIF, from one version to another, as a seat or a spectator saw it',
    description:
      'One frame per position from `from` to `to` (to - from + 1 frames), the last held longer; ' +
      "each frame after the first holds only the pixels that changed. Drawn from the viewer's " +
      'views only (the same pictures as board.svg), never past the version the game has when ' +
      'asked. GIFs of more than a few dozen positions are rendered in the background: 202 with ' +
      "Location (this address) and Retry-After, then the file. Kept once made: a finished game's " +
      "GIF is immutable (ETag, a year's max-age).",
    tags: ['replay'],
    access: 'seatOrSpectator',
    params: GameIdParams,
    querystring: ReplayGifQuery,
    success: {
      status: 200,
      description: 'The animated GIF (ETag; Content-Language names the label language)',
      content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } },
    },
    errors: [400, 401, 403, 404, 409],
    errorDescriptions: {
      400:
        "INVALID_INPUT: `to` is past the game's version, `from` after `to`, more than 1000 " +
        'positions, or `size`, `delay`, `lang` out of bounds',
      403:
        "FORBIDDEN: `seat` is not the token's seat (and the game does not reveal it), or the game " +
        'hides itself from spectators until it ends',
      404: 'NOT_FOUND: no game has this id',
      503: 'UNAVAILABLE: too many GIFs being rendered; retry after Retry-After seconds',
    },
  });
  (schema.response as Record<number, unknown>)[202] = {
    description: 'Being rendered: ask Location again after Retry-After seconds',
    content: { 'application/json': { schema: closed({ status: { type: 'string', const: 'rendering' }, location: { type: 'string' } }) } },
  };
  return schema;
}

/** GET /api/v1/games/{id}/replay.gif (src/app/replays/replay-gifs.ts). */
export function replayGifRoutes(gifs: ReplayGifs): Routes {
  return async function routes(app) {
    app.get('/games/:id/replay.gif', { schema: gifOperation() }, async (req, reply) => {
      const lang = req.query.lang ?? pictureLang(req.headers['accept-language']);
      const got = await gifs.get({
        gameId: req.params.id,
        token: tokenOf(req),
        seat: req.query.seat,
        from: req.query.from,
        to: req.query.to,
        lang,
        size: req.query.size ?? INT_BOUNDS.gifSize.default,
        delay: req.query.delay ?? INT_BOUNDS.gifDelay.default,
      });
      if (got.kind === 'pending') {
        return reply
          .code(202)
          .header('Location', req.url)
          .header('Retry-After', String(got.retryAfter))
          .header('Cache-Control', 'no-store')
          .send({ status: 'rendering', location: req.url });
      }
      // A seat's view is that seat's own: private; a spectator's GIF of a finished game may be kept by any cache.
      const scope = got.seat === null ? 'public' : 'private';
      reply
        .header('ETag', got.etag)
        .header('Vary', 'Authorization, Accept-Language')
        .header('Cache-Control', got.finished ? `${scope}, ${IMMUTABLE}` : 'private, no-cache')
        .header('Content-Language', lang)
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Replay-Cache', got.cached ? 'hit' : 'miss');
      if (fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag: got.etag })) return reply.code(304).send();
      return reply.type('image/gif').send(got.bytes);
    });
  };
}
