import type { Json, Outcome } from '../engine/index.js';
import { circle, el, esc, group, frameSay, label, rect, seatColour, type DrawContext, type GamePicture, type Lang } from './svg.js';
import { fitText } from './text.js';

export type { GamePicture, Lang } from './svg.js';

/** A legal move of the viewer, with its notation: the picture marks where it is played. */
export interface LegalMove {
  move: Json;
  notation: string;
}

export interface BoardInput {
  type: string;
  version: number;
  toMove: number[];
  players: { seat: number; name: string }[];
  /** The view of `viewerSeat` (or a spectator's), as the engine filtered it: the only game data drawn. */
  view: Json;
  outcome: Outcome | null;
  viewerSeat: number | null;
  /** The viewer's legal moves now (none in a replay, for a spectator, or when it is not to move). */
  moves?: LegalMove[];
}

const HEADER = 72;
const ROW = 26;

/** Each game's picture comes with its plug-in (src/games/plugin.ts): the caller finds it in its registry. */
function pictureOf(type: string, picture: GamePicture | undefined): GamePicture {
  if (!picture) throw new Error(`no board picture for game type ${type}`);
  return picture;
}

const nameList = (players: BoardInput['players']) =>
  // An open seat (lobby) may have no name yet.
  players
    .slice()
    .sort((a, b) => a.seat - b.seat)
    .map((p) => (typeof p.name === 'string' && p.name ? p.name : `#${p.seat + 1}`));

/** Where each legal move is played: notations by the key of the element that stands for them. */
function targets(picture: GamePicture, moves: LegalMove[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of moves) {
    const key = picture.targetOf(m.move);
    if (key === null) continue;
    out.set(key, [...(out.get(key) ?? []), m.notation]);
  }
  return out;
}

/**
 * The board as `viewerSeat` (or a spectator) sees it at `version`, as a standalone SVG document:
 * a header (game, version, whose turn, who is looking), the game's own board drawn from `view`
 * only, and the players with their scores (the outcome's once the game is over). Every element a
 * legal move of the viewer is played on carries `data-notations`. Deterministic: the same input
 * gives the same bytes. No stylesheet and no font file: presentation attributes only, so any SVG
 * renderer (a browser, resvg) draws the same picture.
 */
export function boardSvg(input: BoardInput, lang: Lang, picture: GamePicture | undefined): string {
  const board = pictureOf(input.type, picture);
  const names = nameList(input.players);
  const hot = targets(board, input.moves ?? []);
  const ctx: DrawContext = {
    lang,
    viewerSeat: input.viewerSeat,
    names,
    toMove: input.toMove,
    t: (k) => label(lang, k),
    isTarget: (key) => hot.has(key),
    targetKeys: [...hot.keys()],
    hotspot: (key, x, y, w, h, rx = 3) => {
      const n = hot.get(key);
      return n
        ? rect(x, y, w, h, {
            class: 'target',
            'data-notations': n.join('|'),
            fill: '#ffffff',
            'fill-opacity': 0,
            stroke: '#e07b00',
            'stroke-width': 2.5,
            'stroke-dasharray': '6 3',
            rx,
            cursor: 'pointer',
          })
        : '';
    },
  };
  const body = board.draw(input.view, ctx);
  const seats = names.length;
  const scores = input.outcome ? input.outcome.scores.map((s) => s as number | null) : board.scores(input.view, seats);
  const width = Math.max(560, Math.ceil(body.width) + 24);
  const panelH = 16 + seats * ROW;
  const height = HEADER + Math.ceil(body.height) + 12 + panelH;

  const nameOf = (s: number) => names[s] ?? `#${s + 1}`;
  const turn = input.outcome
    ? `${ctx.t('over')} · ${ctx.t('winner')}: ${input.outcome.winners.map(nameOf).join(', ')}`
    : `${ctx.t('toMove')}: ${input.toMove.map(nameOf).join(', ') || '—'}`;
  const who = input.viewerSeat === null ? ctx.t('spectator') : `${ctx.t('seatView')} ${nameOf(input.viewerSeat)}`;
  const header = [
    fitText(12, 6, `${board.name[lang]} · ${ctx.t('version')} ${input.version}`, { width: width - 44, size: 18, bold: true }).svg,
    fitText(12, 30, `${turn} · ${board.status(input.view, ctx)}`, { width: width - 24, size: 13, min: 8, attrs: { class: 'turn' } }).svg,
    fitText(12, 51, who, { width: width - 24, size: 12, min: 8, attrs: { fill: '#555' } }).svg,
  ].join('');

  const py = HEADER + Math.ceil(body.height) + 12;
  const rows: string[] = [rect(8, py, width - 16, panelH - 4, { fill: '#f7f7f4', stroke: '#ccc', rx: 6 })];
  // Columns: swatch, name, rank, score, turn or winner.
  const rankX = width - 300,
    scoreX = width - 262,
    stateX = width - 136;
  for (let s = 0; s < seats; s++) {
    const y = py + 8 + s * ROW;
    const moving = !input.outcome && input.toMove.includes(s);
    const won = !!input.outcome && input.outcome.winners.includes(s);
    const score = scores[s];
    rows.push(
      group(
        { class: 'player', 'data-seat': s },
        rect(16, y + 4, 14, 14, { fill: board.seatColour?.(input.view, s) ?? seatColour(s), rx: 3 }),
        fitText(38, y + 3, `${nameOf(s)}${input.viewerSeat === s ? ` (${ctx.t('you')})` : ''}`, {
          width: rankX - 46,
          size: 13,
          min: 9,
          bold: moving || won,
        }).svg,
        input.outcome
          ? fitText(rankX, y + 4, `#${input.outcome.ranks[s] ?? '?'}`, { width: 34, size: 12, attrs: { fill: '#555' } }).svg
          : '',
        score === null || score === undefined ? '' : fitText(scoreX, y + 3, `${ctx.t('score')} ${score}`, { width: 118, size: 13 }).svg,
        moving ? fitText(stateX, y + 4, `▶ ${ctx.t('toMove')}`, { width: 124, size: 12, attrs: { fill: '#b00' } }).svg : '',
        won ? fitText(stateX, y + 4, `★ ${ctx.t('winner')}`, { width: 124, size: 12, attrs: { fill: '#8a6d00' } }).svg : '',
      ),
    );
  }
  const svgTitle = `${board.name[lang]}, ${ctx.t('version')} ${input.version}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': svgTitle,
      lang,
      'font-family': 'DejaVu Sans, Verdana, sans-serif',
      'data-type': input.type,
      'data-version': input.version,
    },
    el('title', {}, esc(svgTitle)),
    rect(0, 0, width, height, { fill: '#ffffff' }),
    header,
    group({ transform: `translate(12 ${HEADER})`, class: 'board' }, body.svg),
    ...rows,
    circle(width - 14, 14, 5, { fill: input.outcome ? '#888' : '#2e9e4f' }),
  )}\n`;
}

/**
 * Each move in words, in `lang`: the legal moves of `seat` in the position `view` (what
 * GET /legal-moves?include=labels answers), never an internal id.
 */
export function moveLabels(
  type: string,
  picture: GamePicture | undefined,
  moves: readonly Json[],
  seat: number,
  view: Json | null,
  lang: Lang,
  names: string[] = [],
): string[] {
  const p = pictureOf(type, picture);
  return moves.map((move) => p.describe(move, { lang, seat, view, events: [], names }));
}

/** A logged move in words, from the move (null when hidden from the reader) and the events it caused. */
export function loggedMoveLabel(
  type: string,
  picture: GamePicture | undefined,
  move: Json | null,
  seat: number,
  events: readonly Json[],
  lang: Lang,
  names: string[] = [],
): string {
  // A resignation is a log entry of every game (docs/api.md, Resignation), not a move of the game.
  if (move !== null && typeof move === 'object' && !Array.isArray(move) && move.type === 'resign') return frameSay(lang, 'resign');
  // So is a takeback (docs/shapes.md): it undoes the seat's entries from `undo` on.
  if (move !== null && typeof move === 'object' && !Array.isArray(move) && move.type === 'takeback')
    return frameSay(lang, 'takeback', { undo: String(move.undo) });
  return pictureOf(type, picture).describe(move, { lang, seat, view: null, events: events.slice(), names });
}
