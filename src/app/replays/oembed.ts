/**
 * oEmbed 1.0 (https://oembed.com) for game pages (issue 35): a pasted link to a game becomes a
 * player in forums, blogs and chat. `embedTarget` reads which game a URL names (this host's
 * /games/<id> or /embed/games/<id>, nothing else); `oembedDocument` answers the `rich` type with an
 * iframe of /embed/games/<id> (the spectator's view: no token ever goes into it) sized within
 * maxwidth/maxheight, and the game's board now as a PNG thumbnail.
 */
import { AppError } from '../errors.js';
import { isUuid } from '../ids.js';

/** The embed's natural size, in CSS pixels; smaller when the consumer asks (maxwidth, maxheight). */
export const EMBED_WIDTH = 600;
export const EMBED_HEIGHT = 720;
/** The thumbnail's width in pixels (its height follows the board picture). */
export const THUMBNAIL_WIDTH = 480;

/** The game a URL of this server names, or 404 NOT_FOUND for any other URL. `hosts`: this server's host names (host:port). */
export function embedTarget(url: string, hosts: readonly string[]): { gameId: string; at?: number } {
  const refused = () => AppError.of('NOT_FOUND', 'NOT_FOUND.oembedUrl', { url: url.slice(0, 200) });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw refused();
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !hosts.includes(u.host.toLowerCase())) throw refused();
  const m = /^\/(?:embed\/)?games\/([^/]+)\/?$/.exec(u.pathname);
  if (!m || !isUuid(m[1]!)) throw refused();
  const at = u.searchParams.get('at');
  return { gameId: m[1]!.toLowerCase(), ...(at !== null && /^\d{1,9}$/.test(at) ? { at: Number(at) } : {}) };
}

/** The iframe's size: the natural size, scaled down (never up) to fit maxwidth and maxheight. */
export function embedSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxwidth ? maxwidth / EMBED_WIDTH : 1, maxheight ? maxheight / EMBED_HEIGHT : 1);
  return { width: Math.max(1, Math.floor(EMBED_WIDTH * scale)), height: Math.max(1, Math.floor(EMBED_HEIGHT * scale)) };
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface OembedInput {
  origin: string;
  gameId: string;
  at?: number | undefined;
  title: string;
  maxwidth?: number | undefined;
  maxheight?: number | undefined;
  /** The final board's picture; none for a game hidden from spectators until it ends. */
  thumbnail?: { width: number; height: number } | undefined;
}

/** The oEmbed `rich` answer for a game. */
export function oembedDocument(i: OembedInput) {
  const { width, height } = embedSize(i.maxwidth, i.maxheight);
  const src = `${i.origin}/embed/games/${i.gameId}${i.at !== undefined ? `?at=${i.at}` : ''}`;
  // Thumbnails too are kept within maxwidth/maxheight when asked (oEmbed 1.0, section 2.3.4).
  const shown = i.thumbnail;
  const t = shown ? Math.min(1, i.maxwidth ? i.maxwidth / shown.width : 1, i.maxheight ? i.maxheight / shown.height : 1) : 0;
  const thumbnail =
    !shown || t < 1
      ? {}
      : {
          thumbnail_url: `${i.origin}/embed/games/${i.gameId}/board.png`,
          thumbnail_width: shown.width,
          thumbnail_height: shown.height,
        };
  return {
    version: '1.0',
    type: 'rich',
    title: i.title,
    provider_name: 'City-building games',
    provider_url: `${i.origin}/`,
    cache_age: 300,
    html:
      `<iframe src="${attr(src)}" width="${width}" height="${height}" title="${attr(i.title)}" ` +
      `style="border:0" loading="lazy" referrerpolicy="no-referrer" sandbox="allow-scripts ` +
      `allow-same-origin allow-popups"></iframe>`,
    width,
    height,
    ...thumbnail,
  };
}
