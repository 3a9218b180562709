import { formatMsg, type Json, type Messages, type Params } from '../engine/index.js';
import { BOARD_MESSAGES } from './messages.js';

/**
 * The small SVG toolkit the board pictures share: escaping, elements, labels in two languages,
 * and reading JSON views defensively (a picture never throws on a field it does not know).
 * Output is plain strings, built in a fixed order with rounded numbers, so it is deterministic.
 */

export type Lang = 'en' | 'fr';
export type Attrs = Record<string, string | number | null | undefined | false>;

/** Escapes text and attribute values for XML. */
export const esc = (s: string): string =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
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

/**
 * A picture's words from its game's catalogue (ids `<prefix>.<key>`, src/games/<game>/messages.ts,
 * ICU like every sentence there), as the `{ key: { en, fr } }` table the picture indexes by
 * language; built once, when the picture's module loads. A missing word is an error at load.
 */
export function wordsFrom<K extends string>(messages: Messages, prefix: string, keys: readonly K[]): Record<K, Record<Lang, string>> {
  const word = (lang: Lang, key: K): string => {
    const w = formatMsg((k) => messages[lang][k], lang, { key: `${prefix}.${key}` });
    if (w === undefined) throw new Error(`no ${lang} word ${prefix}.${key} in the catalogue`);
    return w;
  };
  return Object.fromEntries(keys.map((k) => [k, { en: word('en', k), fr: word('fr', k) }])) as Record<K, Record<Lang, string>>;
}

/**
 * A game's sentences by id (`<prefix>.<key>` in its catalogue, ICU: plural and gender by the
 * language's rules), formatted in one language with their values: how a picture words its moves
 * and labels, never a sentence chosen by branching on the language. A missing id is an error.
 */
export type Say = (lang: Lang, key: string, params?: Params) => string;
export function sayerOf(messages: Messages, prefix: string): Say {
  return (lang, key, params) => {
    const s = formatMsg(
      (k) => messages[lang][k],
      lang,
      params === undefined ? { key: `${prefix}.${key}` } : { key: `${prefix}.${key}`, params },
    );
    if (s === undefined) throw new Error(`no ${lang} sentence ${prefix}.${key} in the catalogue`);
    return s;
  };
}

// ---- labels ----------------------------------------------------------------------------------

const LABELS = wordsFrom(BOARD_MESSAGES, 'label', [
  'version',
  'toMove',
  'over',
  'winner',
  'score',
  'you',
  'spectator',
  'seatView',
  'round',
  'phase',
] as const);
export type LabelKey = keyof typeof LABELS;
export const label = (lang: Lang, key: LabelKey): string => LABELS[key][lang];

/** The frame's words for log entries every game shares (a resignation, a takeback, a pass, an unworded move). */
export const frameSay: Say = sayerOf(BOARD_MESSAGES, 'move');

/**
 * A game's phase names from its catalogue (`board.phase.<phase>`, src/games/<game>/messages.ts):
 * `(lang, phase)` gives the phase in words (an unknown one is shown as it is).
 */
export function phaseNames(messages: Messages, phases: readonly string[]): (lang: Lang, phase: string) => string {
  const names: Record<string, Record<Lang, string>> = wordsFrom(messages, 'board.phase', phases);
  return (lang, phase) => names[phase]?.[lang] ?? phase;
}

/** The status line of every game: its round (`3` or `3/4`), then its phase in words. */
export const roundAndPhase = (ctx: DrawContext, round: string | number, phase: string): string =>
  `${ctx.t('round')} ${round} · ${ctx.t('phase')} ${phase}`;

/** Each seat's score, from the (seat, score) pairs the view gives; null for a seat it gives none. */
export function scoresBySeat(pairs: Iterable<readonly [number, number | null]>, seats: number): (number | null)[] {
  const by = new Map(pairs);
  return Array.from({ length: seats }, (_, s) => by.get(s) ?? null);
}

/** The words of the moves every game words alike: a pass, and a move its describe does not know. */
export const someMove = (type: string, lang: Lang): string => frameSay(lang, type === 'pass' ? 'pass' : 'other');

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
