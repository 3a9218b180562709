import { BOLD, CHARS, REGULAR } from './font-widths.js';
import { el, esc, group, title, type Attrs } from './svg.js';

/**
 * Labels that always fit: widths come from DejaVu Sans' own advance widths (font-widths.ts, the
 * font the pictures name first), so a label is measured, not guessed. A label too wide for its box
 * is wrapped at spaces, then drawn smaller, never cut: it keeps its full text in a <title>. Line
 * boxes are spaced by the font's ascent + descent, so two lines never overlap.
 */

const INDEX = new Map<string, number>([...CHARS].map((c, i) => [c, i]));

/** The font's ascent and descent (DejaVu Sans), as a share of the font size: a line's box. */
export const ASCENT = 0.93;
export const DESCENT = 0.24;
/** The distance between two lines' baselines, as a share of the font size. */
export const LEADING = 1.2;

/** The width of `s` at `size` px (characters the table lacks count as a full em: never too narrow). */
export function textWidth(s: string, size: number, bold = false): number {
  const table = bold ? BOLD : REGULAR;
  let w = 0;
  for (const ch of s) {
    const i = INDEX.get(ch);
    w += i === undefined ? 1000 : table[i]!;
  }
  return (w * size) / 1000;
}

/** A line's height at `size` (its box, ascent to descent). */
export const lineBox = (size: number) => (ASCENT + DESCENT) * size;

export interface FitOptions {
  /** The box's width. */
  width: number;
  /** The preferred font size. */
  size: number;
  /** The smallest size tried before wrapping more is given up on (the label still never overflows). */
  min?: number;
  /** How many lines the label may take. */
  lines?: number;
  bold?: boolean;
  /** Where x is: the start (default), the middle or the end of the lines. */
  anchor?: 'start' | 'middle' | 'end';
  attrs?: Attrs;
}

export interface Fitted {
  svg: string;
  /** The height taken, from the box's top to the last line's bottom. */
  height: number;
  size: number;
  lines: string[];
}

/** Splits `s` into at most `max` lines no wider than `width` at `size`, or null. */
function wrap(s: string, size: number, width: number, max: number, bold: boolean): string[] | null {
  const words = s.split(' ').filter((w) => w !== '');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur === '' ? w : `${cur} ${w}`;
    if (textWidth(next, size, bold) <= width) cur = next;
    else {
      if (cur === '' || textWidth(w, size, bold) > width) return null;
      lines.push(cur);
      cur = w;
    }
  }
  if (cur !== '') lines.push(cur);
  return lines.length <= max ? lines : null;
}

/** The lines and size a label takes in a box `width` wide: as large as possible, at most `lines` lines. */
export function layout(s: string, o: FitOptions): { lines: string[]; size: number } {
  const bold = o.bold ?? false;
  const max = Math.max(1, o.lines ?? 1);
  const min = Math.min(o.min ?? o.size * 0.75, o.size);
  for (let size = o.size; size >= min - 1e-9; size -= 0.5) {
    if (textWidth(s, size, bold) <= o.width) return { lines: [s], size };
    if (max > 1) {
      const lines = wrap(s, size, o.width, max, bold);
      if (lines) return { lines, size };
    }
  }
  // Still too wide at the smallest size: wrap as well as possible, then shrink the widest line to fit.
  const lines = (max > 1 ? wrapLoose(s, max) : null) ?? [s];
  const widest = Math.max(...lines.map((l) => textWidth(l, 1, bold)));
  const size = Math.floor((o.width / Math.max(widest, 1e-6)) * 10) / 10;
  return { lines, size: Math.min(min, size) };
}

/** `s` in at most `max` lines of about equal length, cut at spaces (for labels that shrink anyway). */
function wrapLoose(s: string, max: number): string[] | null {
  const words = s.split(' ').filter((w) => w !== '');
  if (words.length < 2) return null;
  const n = Math.min(max, words.length);
  const target = s.length / n;
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur !== '' && cur.length + 1 + w.length > target && lines.length < n - 1) {
      lines.push(cur);
      cur = w;
    } else cur = cur === '' ? w : `${cur} ${w}`;
  }
  lines.push(cur);
  return lines;
}

/**
 * A label whose box's top left (or top middle, top right: `anchor`) is (x, top), fitted to
 * `o.width`. A label that had to wrap or shrink carries its full text in a <title>.
 */
export function fitText(x: number, top: number, s: string, o: FitOptions): Fitted {
  const { lines, size } = layout(s, o);
  const parts = lines.map((line, i) =>
    el(
      'text',
      {
        x,
        y: top + ASCENT * size + i * LEADING * size,
        'font-size': size,
        'font-weight': o.bold ? 'bold' : null,
        'text-anchor': o.anchor && o.anchor !== 'start' ? o.anchor : null,
        ...o.attrs,
      },
      esc(line),
    ),
  );
  const height = (lines.length - 1) * LEADING * size + lineBox(size);
  const altered = lines.length > 1 || size < o.size;
  return { svg: altered ? group({}, title(s), ...parts) : parts.join(''), height, size, lines };
}

/** A label centred vertically in a box of height `h` (it takes as many lines as fit in it). */
export function fitBox(x: number, top: number, h: number, s: string, fit: FitOptions): Fitted {
  const o = { ...fit, size: Math.min(fit.size, h / (ASCENT + DESCENT)) };
  const lines = Math.max(1, Math.min(o.lines ?? 1, Math.floor((h - lineBox(o.size)) / (LEADING * o.size)) + 1));
  const first = layout(s, { ...o, lines });
  const height = (first.lines.length - 1) * LEADING * first.size + lineBox(first.size);
  return fitText(x, top + Math.max(0, (h - height) / 2), s, { ...o, lines });
}
