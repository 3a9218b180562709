import type { Json, Outcome } from '../engine/index.js';
import { cityTycoonBoard } from './city-tycoon.js';
import { maPetiteVilleBoard } from './ma-petite-ville.js';
import { circle, el, esc, group, label, rect, seatColour, text, type DrawContext, type Drawn, type Lang } from './svg.js';
import { townCenterBoard } from './town-center.js';
import { villeDeDemainBoard } from './ville-de-demain.js';

export type { Lang } from './svg.js';

export interface BoardInput {
  type: string;
  version: number;
  toMove: number[];
  players: { seat: number; name: string }[];
  /** The view of `viewerSeat` (or a spectator's), as the engine filtered it: the only game data drawn. */
  view: Json;
  outcome: Outcome | null;
  viewerSeat: number | null;
}

/** What each game's picture module gives: its name, its running scores and its board. */
export interface GameBoard {
  name: Record<Lang, string>;
  /** The score of each seat while the game runs (null where the view has none). */
  scores(view: Json, seats: number): (number | null)[];
  /** A short status line: round, phase. */
  status(view: Json, ctx: DrawContext): string;
  draw(view: Json, ctx: DrawContext): Drawn;
  /** The game's own seat colours, where it has them (else the shared palette). */
  seatColour?(view: Json, seat: number): string | null;
}

const BOARDS: Record<string, GameBoard> = {
  'town-center': townCenterBoard,
  'ma-petite-ville': maPetiteVilleBoard,
  'city-tycoon': cityTycoonBoard,
  'ville-de-demain': villeDeDemainBoard,
};

export const boardTypes = (): string[] => Object.keys(BOARDS);

const HEADER = 74;
const ROW = 26;

/**
 * The board as `viewerSeat` (or a spectator) sees it at `version`, as a standalone SVG document:
 * a header (game, version, whose turn, who is looking), the game's own board drawn from `view`
 * only, and the players with their scores (the outcome's once the game is over). Deterministic:
 * the same input gives the same bytes.
 */
export function boardSvg(input: BoardInput, lang: Lang): string {
  const board = BOARDS[input.type];
  if (!board) throw new Error(`no board picture for game type ${input.type}`);
  // An open seat (lobby) may have no name yet.
  const names = input.players.slice().sort((a, b) => a.seat - b.seat).map((p) => (typeof p.name === 'string' && p.name ? p.name : `#${p.seat}`));
  const ctx: DrawContext = { lang, viewerSeat: input.viewerSeat, names, toMove: input.toMove, t: (k) => label(lang, k) };
  const body = board.draw(input.view, ctx);
  const seats = names.length;
  const scores = input.outcome ? input.outcome.scores.map((s) => s as number | null) : board.scores(input.view, seats);
  const width = Math.max(560, Math.ceil(body.width) + 24);
  const panelH = 16 + seats * ROW;
  const height = HEADER + Math.ceil(body.height) + 12 + panelH;

  const nameOf = (s: number) => names[s] ?? `#${s}`;
  const turn = input.outcome
    ? `${ctx.t('over')} · ${ctx.t('winner')}: ${input.outcome.winners.map(nameOf).join(', ')}`
    : `${ctx.t('toMove')}: ${input.toMove.map(nameOf).join(', ') || '—'}`;
  const who = input.viewerSeat === null ? ctx.t('spectator') : `${ctx.t('seatView')} ${nameOf(input.viewerSeat)}`;
  const header = [
    text(12, 24, `${board.name[lang]} · ${ctx.t('version')} ${input.version}`, { 'font-size': 18, 'font-weight': 'bold' }),
    text(12, 46, `${turn} · ${board.status(input.view, ctx)}`, { 'font-size': 13, class: 'turn' }, 90),
    text(12, 64, who, { 'font-size': 12, fill: '#555' }),
  ].join('');

  const py = HEADER + Math.ceil(body.height) + 12;
  const rows: string[] = [rect(8, py, width - 16, panelH - 4, { fill: '#f7f7f4', stroke: '#ccc', rx: 6 })];
  for (let s = 0; s < seats; s++) {
    const y = py + 10 + s * ROW;
    const moving = !input.outcome && input.toMove.includes(s);
    const won = !!input.outcome && input.outcome.winners.includes(s);
    const score = scores[s];
    rows.push(group({ class: 'player', 'data-seat': s },
      rect(16, y + 2, 14, 14, { fill: board.seatColour?.(input.view, s) ?? seatColour(s), rx: 3 }),
      text(38, y + 14, `${nameOf(s)}${input.viewerSeat === s ? ` (${ctx.t('you')})` : ''}`, { 'font-size': 13, 'font-weight': moving || won ? 'bold' : null }, 28),
      text(width - 220, y + 14, score === null || score === undefined ? '' : `${ctx.t('score')} ${score}`, { 'font-size': 13 }),
      moving ? text(width - 120, y + 14, `▶ ${ctx.t('toMove')}`, { 'font-size': 12, fill: '#b00' }) : '',
      won ? text(width - 120, y + 14, `★ ${ctx.t('winner')}`, { 'font-size': 12, fill: '#8a6d00' }) : '',
      input.outcome ? text(width - 250, y + 14, `#${input.outcome.ranks[s] ?? '?'}`, { 'font-size': 12, fill: '#555' }) : '',
    ));
  }
  const svgTitle = `${board.name[lang]}, ${ctx.t('version')} ${input.version}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': svgTitle,
    lang,
    'font-family': 'DejaVu Sans, Verdana, Arial, sans-serif',
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
