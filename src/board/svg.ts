import type { Json } from '../engine/index.js';

/**
 * The small SVG toolkit the board pictures share: escaping, elements, labels in two languages,
 * and reading JSON views defensively (a picture never throws on a field it does not know).
 * Output is plain strings, built in a fixed order with rounded numbers, so it is deterministic.
 */

export type Lang = 'en' | 'fr';
export type Attrs = Record<string, string | number | null | undefined | false>;

/** Escapes text and attribute values for XML. */
export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // characters XML 1.0 does not allow at all
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

const num = (n: number) => String(Math.round(n * 100) / 100);

export function el(tag: string, attrs: Attrs, ...children: string[]): string {
  let a = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    a += ` ${k}="${typeof v === 'number' ? num(v) : esc(v)}"`;
  }
  return children.length === 0 ? `<${tag}${a}/>` : `<${tag}${a}>${children.join('')}</${tag}>`;
}

export const rect = (x: number, y: number, w: number, h: number, attrs: Attrs = {}) => el('rect', { x, y, width: w, height: h, ...attrs });
export const circle = (cx: number, cy: number, r: number, attrs: Attrs = {}) => el('circle', { cx, cy, r, ...attrs });
export const line = (x1: number, y1: number, x2: number, y2: number, attrs: Attrs = {}) => el('line', { x1, y1, x2, y2, ...attrs });
/** A one-line label at baseline (x, y), drawn as given: callers whose text may be long fit it with fitText (text.ts). */
export function text(x: number, y: number, s: string, attrs: Attrs = {}): string {
  return el('text', { x, y, ...attrs }, esc(s));
}
export const group = (attrs: Attrs, ...children: string[]) => el('g', attrs, ...children);
export const title = (s: string) => el('title', {}, esc(s));

/** One colour per seat, the same in every game and in the web page. */
export const SEAT_COLOURS = ['#d64545', '#2f6fd6', '#2e9e4f', '#d9a400', '#8e44ad', '#e67e22', '#16a5a5', '#6d4c41'];
export const seatColour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length]!;

// ---- reading views ---------------------------------------------------------------------------

export type Obj = { [k: string]: Json };
export const obj = (v: Json | undefined): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
export const arr = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
export const int = (v: Json | undefined, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
export const str = (v: Json | undefined, d = ''): string => (typeof v === 'string' ? v : d);

// ---- labels ----------------------------------------------------------------------------------

const LABELS = {
  version: { en: 'version', fr: 'version' },
  toMove: { en: 'to move', fr: 'au tour de' },
  over: { en: 'game over', fr: 'partie terminée' },
  winner: { en: 'winner', fr: 'vainqueur' },
  score: { en: 'score', fr: 'score' },
  you: { en: 'you', fr: 'vous' },
  spectator: { en: 'spectator view', fr: 'vue spectateur' },
  seatView: { en: 'as seen by', fr: 'vu par' },
  round: { en: 'round', fr: 'manche' },
  phase: { en: 'phase', fr: 'phase' },
  money: { en: 'money', fr: 'argent' },
  hand: { en: 'hand', fr: 'main' },
  bag: { en: 'bag', fr: 'sac' },
  towers: { en: 'towers', fr: 'tours' },
  drawn: { en: 'drawn', fr: 'tirés' },
  row: { en: 'row', fr: 'rangée' },
  pile: { en: 'tiles in the pile', fr: 'tuiles dans la pioche' },
  drawnTile: { en: 'drawn tile', fr: 'tuile tirée' },
  silhouettes: { en: 'silhouettes', fr: 'silhouettes' },
  objectsLeft: { en: 'objects left', fr: 'objets restants' },
  rank: { en: 'rank', fr: 'rang' },
  vp: { en: 'VP', fr: 'PV' },
  goods: { en: 'goods', fr: 'marchandises' },
  kept: { en: 'kept tiles', fr: 'tuiles gardées' },
  pending: { en: 'tile to place', fr: 'tuile à poser' },
  plants: { en: 'next plants', fr: 'prochaines centrales' },
  power: { en: 'power', fr: 'électricité' },
  water: { en: 'water', fr: 'eau' },
  terrainLeft: { en: 'terrain tiles left', fr: 'tuiles terrain restantes' },
  stacks: { en: 'round stacks', fr: 'piles des manches' },
  hidden: { en: 'hidden', fr: 'cachées' },
  market: { en: 'market', fr: 'marché' },
  decks: { en: 'decks', fr: 'pioches' },
  deck: { en: 'deck', fr: 'pioche' },
  cards: { en: 'cards', fr: 'cartes' },
  habitations: { en: 'habitations', fr: 'habitations' },
  specials: { en: 'special buildings', fr: 'bâtiments spéciaux' },
  coins: { en: 'coins', fr: 'pièces' },
  income: { en: 'income', fr: 'revenu' },
  inhabitants: { en: 'inhabitants', fr: 'habitants' },
  leaves: { en: 'leaves', fr: 'feuilles' },
  left: { en: 'left', fr: 'restant' },
  city: { en: 'city', fr: 'ville' },
  finalRound: { en: 'final round', fr: 'dernier tour' },
  empty: { en: 'empty', fr: 'vide' },
  levels: { en: 'height limit', fr: 'hauteur max.' },
} as const;
export type LabelKey = keyof typeof LABELS;
export const label = (lang: Lang, key: LabelKey): string => LABELS[key][lang];

/** The games' phase and step names, in words (an unknown one is shown as it is). */
const PHASES: Record<string, { en: string; fr: string }> = {
  cityHall: { en: 'city halls', fr: 'mairies' },
  arrange: { en: 'towers', fr: 'tours' },
  pick: { en: 'picks', fr: 'choix des cubes' },
  soloReturn: { en: 'return a cube', fr: 'rendre un cube' },
  construction: { en: 'construction', fr: 'construction' },
  development: { en: 'development', fr: 'développement' },
  publicWorks: { en: 'public works', fr: 'travaux publics' },
  turn: { en: 'turn', fr: 'tour' },
  placeTile: { en: 'place the tile', fr: 'poser la tuile' },
  finalRound: { en: 'final round', fr: 'dernier tour' },
  draft: { en: 'draft', fr: 'draft' },
  supply: { en: 'supply', fr: 'approvisionnement' },
  discard: { en: 'discard', fr: 'défausse' },
  refill: { en: 'refill', fr: 'réassort' },
  build: { en: 'build', fr: 'construction' },
  special: { en: 'special building', fr: 'bâtiment spécial' },
  over: { en: 'over', fr: 'terminée' },
};
export const phaseName = (lang: Lang, phase: string): string => PHASES[phase]?.[lang] ?? phase;

/** What each game's picture needs besides the view. */
export interface DrawContext {
  lang: Lang;
  viewerSeat: number | null;
  names: string[];
  toMove: number[];
  t: (key: LabelKey) => string;
  /**
   * The element that stands for the viewer's legal moves played on `key` (the key the game's
   * targetOf gives those moves): a transparent rect over (x, y, w, h) carrying `data-notations`,
   * the moves' notations separated by `|`, drawn last so a click reaches it. '' when no legal move
   * is played there.
   */
  hotspot(key: string, x: number, y: number, w: number, h: number, rx?: number): string;
  /** Whether some legal move of the viewer is played on `key`. */
  isTarget(key: string): boolean;
  /** Every key some legal move of the viewer is played on, in the order of the legal moves. */
  targetKeys: readonly string[];
}

/** A drawn part: its size and its SVG, placed at (0, 0). */
export interface Drawn {
  width: number;
  height: number;
  svg: string;
}

/** What a move's words are drawn from: the position it is played in, or (in a log) what it did. */
export interface DescribeContext {
  lang: Lang;
  /** The seat that plays (or played) the move. */
  seat: number;
  /** The view of the position the move is played in, as the seat sees it; null in a log. */
  view: Json | null;
  /** In a log: the move's events as the reader may see them; [] for a legal move. */
  events: Json[];
  names: string[];
}

/**
 * One game's picture: a pure function from a viewer's view to SVG, the game's words for its
 * moves, and where on the picture each move is played. Deterministic: the same input, the same bytes.
 */
export interface GamePicture {
  name: Record<Lang, string>;
  /** The score of each seat while the game runs (null where the view has none). */
  scores(view: Json, seats: number): (number | null)[];
  /** A short status line: round, phase. */
  status(view: Json, ctx: DrawContext): string;
  draw(view: Json, ctx: DrawContext): Drawn;
  /** The game's own seat colours, where it has them (else the shared palette). */
  seatColour?(view: Json, seat: number): string | null;
  /** The key of the element a legal move is played on (draw asks ctx.hotspot for it), or null: a button beside the board. */
  targetOf(move: Json): string | null;
  /** A move in words for people ("Keep Sawmill I"), never an internal id. A hidden move is null. */
  describe(move: Json | null, ctx: DescribeContext): string;
}
