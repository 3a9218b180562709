import { renderAsync } from '@resvg/resvg-js';
import { boardSvg, moveLabels, type GamePicture, type Lang } from '../../board/index.js';
import type { Json, Outcome } from '../../engine/index.js';
import type { NoticeContext } from './messages.js';

/** The width the board picture of a mail is rendered at (mail clients scale it down to fit). */
const WIDTH = 900;

/**
 * The position of a notification as its seat sees it, for a mail: the board SVG (the same picture
 * as GET /board.svg, drawn from the seat's filtered view, its legal moves marked) rendered to PNG
 * with resvg (@resvg/resvg-js, off the event loop), and the seat's moves in words. Called by the
 * mail delivery job only, never on the move path. Text is drawn in DejaVu Sans, the font the
 * picture's labels are measured with (installed on the host: fonts-dejavu-core); null for a game
 * type that has no picture.
 */
export async function mailPicture(
  c: NoticeContext & { view: Json },
  picture: GamePicture | undefined,
): Promise<{ png: Buffer; labels: string[] } | null> {
  const labels = moveWords(c, picture);
  if (labels === null) return null;
  const lang: Lang = c.lang;
  const moves = c.moves.map((move, i) => ({ move, notation: c.legalMoves[i]! }));
  const svg = boardSvg(
    {
      type: c.gameType,
      version: c.version,
      toMove: c.toMove,
      players: c.players,
      view: c.view,
      outcome: (c.outcome as Outcome | null | undefined) ?? null,
      viewerSeat: c.seat,
      moves: c.status === 'active' && c.toMove.includes(c.seat) ? moves : [],
    },
    lang,
    picture,
  );
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: WIDTH },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return { png: image.asPng(), labels };
}

/** The seat's legal moves in words, in the mail's language (null for a game type without pictures). */
export function moveWords(c: NoticeContext, picture: GamePicture | undefined): string[] | null {
  if (!picture) return null;
  return moveLabels(
    c.gameType,
    picture,
    c.moves,
    c.seat,
    c.view,
    c.lang,
    c.players.map((p) => p.name),
  );
}
