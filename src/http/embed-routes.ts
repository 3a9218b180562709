import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { boardPicture, pictureLang } from '../app/board-picture.js';
import { AppError } from '../app/errors.js';
import { APP_MESSAGES } from '../app/i18n/index.js';
import type { GameService } from '../app/game-service.js';
import { embedTarget, oembedDocument, THUMBNAIL_WIDTH } from '../app/replays/oembed.js';
import { renderPng } from '../app/replays/replay-gif.js';
import { GameIdParams, literals } from '../app/shapes.js';
import { hiddenFromSpectators } from '../app/use-cases/spectating.js';
import type { Routes } from './route-kit.js';

/**
 * Embeds (issue 35): GET /embed/games/{id} (the board and a move slider, nothing else: the
 * spectator's view, live while the game runs; `at`, `lang`, `theme`), safe in an iframe on any
 * site: `frame-ancestors *`, no cookie is set or read, no token is taken (the page sends none).
 * GET /embed/games/{id}/board.png: the board now as a spectator sees it (the oEmbed thumbnail).
 * GET /oembed?url=...&format=json: oEmbed 1.0 for this server's game pages (src/app/replays/oembed.ts).
 */
const EMBED_CSP =
  "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src " +
  "'self'; base-uri 'none'; form-action 'none'; frame-ancestors *";

const EmbedQuery = Type.Object(
  {
    at: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    lang: Type.Optional(literals(['en', 'fr'] as const)),
    theme: Type.Optional(literals(['light', 'dark'] as const)),
  },
  { additionalProperties: false },
);

const OembedQuery = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    format: Type.Optional(Type.String({ maxLength: 16 })),
    maxwidth: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    maxheight: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  },
  { additionalProperties: false },
);

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** This server as the request reached it: the origin its answers link to. */
export const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export function embedRoutes(service: GameService): Routes {
  return async function routes(app) {
    // The thumbnail of a game at a version never changes; a few hundred are kept.
    const thumbnails = new LRUCache<string, { width: number; height: number; png: Buffer }>({ max: 256 });
    /** The board now as a spectator sees it; none for a game hidden from spectators (spectators: hidden, not ended). */
    const thumbnail = async (gameId: string) => {
      const g = await service.getGame(gameId, undefined);
      if (g.view === undefined) return { game: g, hidden: true } as const;
      const key = `${gameId}|${g.version}`;
      let t = thumbnails.get(key);
      if (!t) {
        t = await renderPng(await boardPicture(service, gameId, undefined, g.version, 'en'), THUMBNAIL_WIDTH);
        thumbnails.set(key, t);
      }
      return { ...t, game: g, hidden: false } as const;
    };

    app.get('/embed/games/:id', { schema: { hide: true, params: GameIdParams, querystring: EmbedQuery } }, async (req, reply) => {
      const g = await service.getGame(req.params.id, undefined);
      const lang = req.query.lang ?? pictureLang(req.headers['accept-language']);
      const at = Math.min(req.query.at ?? g.version, g.version);
      const theme = req.query.theme ?? 'light';
      const name = service.registry.current(g.type)?.name ?? g.type;
      const title = `${name}: ${g.players.map((p) => p.name).join(', ')}`;
      const words = APP_MESSAGES[lang];
      // A game hidden from spectators shows its players and a sentence until it ends, never a board.
      const hidden = g.view === undefined;
      const player = hidden
        ? `<p id="hidden">${html(words['EMBED.hidden']!)}</p>`
        : `<img id="board" src="/api/v1/games/${html(g.id)}/board.svg?at=${at}&amp;lang=${lang}" alt="${html(title)}">
<div class="bar">
<input type="range" id="slider" min="0" max="${g.version}" value="${at}" aria-label="${html(words['EMBED.slider']!)}">
<output id="at" for="slider">${at} / ${g.version}</output>
<a id="open" href="/games/${html(g.id)}${at !== g.version ? `?at=${at}` : ''}" target="_blank"
  rel="noopener noreferrer">${html(words['EMBED.open']!)}</a>
</div>`;
      const page = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${html(title)}</title>
<link rel="stylesheet" href="/assets/embed.css">
<script type="module" src="/assets/embed.js"></script>
</head>
<body class="embed theme-${theme}" data-game="${html(g.id)}" data-version="${g.version}" data-at="${at}" data-lang="${lang}"
  data-status="${html(g.status)}" data-hidden="${hidden}">
<main>
${player}
</main>
</body>
</html>
`;
      return reply
        .header('Content-Security-Policy', EMBED_CSP)
        .header('Cache-Control', 'no-cache')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(page);
    });

    app.get('/embed/games/:id/board.png', { schema: { hide: true, params: GameIdParams } }, async (req, reply) => {
      const t = await thumbnail(req.params.id);
      if (t.hidden) throw hiddenFromSpectators();
      return reply
        .header('Cache-Control', t.game.status === 'finished' ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/png')
        .send(t.png);
    });

    app.get('/oembed', { schema: { hide: true, querystring: OembedQuery } }, async (req, reply) => {
      const format = req.query.format ?? 'json';
      if (format !== 'json') throw AppError.of('NOT_IMPLEMENTED', 'NOT_IMPLEMENTED.oembedFormat', { format });
      const origin = originOf(req);
      const target = embedTarget(req.query.url, [req.host.toLowerCase()]);
      const t = await thumbnail(target.gameId);
      const name = service.registry.current(t.game.type)?.name ?? t.game.type;
      const doc = oembedDocument({
        origin,
        gameId: t.game.id,
        at: target.at,
        title: `${name}: ${t.game.players.map((p) => p.name).join(', ')}`,
        maxwidth: req.query.maxwidth,
        maxheight: req.query.maxheight,
        thumbnail: t.hidden ? undefined : t,
      });
      return reply.header('Cache-Control', 'public, max-age=300').type('application/json; charset=utf-8').send(doc);
    });
  };
}
