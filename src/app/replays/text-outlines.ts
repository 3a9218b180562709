/**
 * A board picture's labels as outlines, shaped once per process (issue 35: a GIF frame in
 * milliseconds). resvg shapes and outlines every <text> of a picture each time it draws it, about
 * 1.4 ms of CPU a label, and a picture has a hundred labels: most of a frame's cost, for labels
 * that stay the same from one position to the next. Here each label (its words and the attributes
 * that shape it, not where it stands nor its paint) is shaped by resvg once, in a picture of its
 * own, and its outline kept; a picture's <text x y ...>words</text> then becomes
 * <path transform="translate(x y)" d="outline" paint.../>, which resvg draws without fonts.
 *
 * Guarantees: the picture drawn is the one resvg draws from the text (the same font files, the same
 * shaping, at the same place: anchor offsets are relative to x, so an outline shaped at the origin
 * and moved to (x, y) is the label at (x, y)); a label this cannot carry over exactly (several x or
 * y, a child element, an outline resvg gives with transforms) stays a <text> and resvg shapes it as
 * before. Outlines are kept in a byte-bounded cache, and shaped in small batches that yield to the
 * event loop between them (resvg-js shapes synchronously).
 */
import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';

/**
 * The fonts the pictures are drawn in (DejaVu Sans, the font their labels are measured with: package
 * fonts-dejavu-core), loaded from their two files rather than every system font; without them, the
 * system's fonts.
 */
const DEJAVU = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];
export const FONTS = DEJAVU.every((f) => existsSync(f))
  ? { loadSystemFonts: false, fontFiles: DEJAVU, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' }
  : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };

/** Attributes that paint or name a label but do not change its outline: they stay on the path. */
const PAINT = new RegExp(
  '^(fill|fill-opacity|fill-rule|stroke|stroke-[a-z-]+|opacity|class|id|data-[a-z0-9-]+|visibility|display|' +
    'clip-path|mask|filter|pointer-events|cursor)$',
);
/** Attributes that shape text, which a label may inherit from the elements around it. */
const SHAPING_NAMES =
  'font|font-[a-z-]+|text-anchor|text-decoration|letter-spacing|word-spacing|direction|writing-mode|unicode-bidi|' +
  'dominant-baseline|alignment-baseline|baseline-shift|lang|xml:lang|xml:space|style';
const SHAPING = new RegExp(`^(${SHAPING_NAMES})$`);
/**
 * Labels shaped in one resvg call: a call costs a few ms (the font files) and then about 1.4 ms of
 * CPU a label, so labels are shaped many at once, and the event loop waits at most one batch.
 */
const BATCH = 24;

const TEXT = /<text\b([^>]*)>([^<]*)<\/text>/g;
const ROOT = /<svg\b([^>]*)>/;
/** A shaping attribute written anywhere (in the picture with its root and its labels taken out). */
const SHAPING_ANYWHERE = new RegExp(`\\s(${SHAPING_NAMES})="`);
const ATTR = /\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/g;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Outlines by shaping key; '' for a label that draws nothing; null for one kept as text. */
const outlines = new LRUCache<string, { d: string | null }>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (v, k) => k.length + (v.d?.length ?? 0) + 16,
});
let shaped = 0;

/** How many labels this process has shaped with resvg (the rest came from the cache). */
export const labelsShaped = () => shaped;

/** Forgets every outline kept (the bench measures a GIF whose labels are all new). */
export const forgetOutlines = () => outlines.clear();

interface Label {
  /** The whole <text> element, as found. */
  whole: string;
  x: string;
  y: string;
  transform: string | undefined;
  paint: string;
  /** The label shaped at the origin, unpainted: the cache key and what resvg is given. */
  key: string;
}

function parse(whole: string, attrs: string, words: string): Label | null {
  let x = '0';
  let y = '0';
  let transform: string | undefined;
  let paint = '';
  let shape = '';
  for (const [, name, value] of attrs.matchAll(ATTR)) {
    if (name === 'x' || name === 'y') {
      if (!NUMBER.test(value!)) return null;
      if (name === 'x') x = value!;
      else y = value!;
    } else if (name === 'transform') transform = value;
    else if (name === 'style') return null;
    else if (PAINT.test(name!)) paint += ` ${name}="${value}"`;
    else shape += ` ${name}="${value}"`;
  }
  // Anything left between the attributes (a stray token) is not ours to read: leave the label.
  if (attrs.replace(ATTR, '').trim() !== '') return null;
  return { whole, x, y, transform, paint, key: `<text${shape}>${words}</text>` };
}

/** The shaping attributes of `attrs` (an element's), as written. */
const shapingOf = (attrs: string) =>
  [...attrs.matchAll(ATTR)]
    .filter(([, name]) => SHAPING.test(name!))
    .map(([a]) => a)
    .join('');

/** Shapes `labels` (their shaping keys) with resvg in one picture whose root has `context`, and keeps their outlines. */
function shape(context: string, labels: string[]): void {
  const keys = labels.map((l) => context + l);
  const doc =
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${context}>` +
    String(labels.map((l, i) => `<g id="l${i}">${l}</g>`).join('')) +
    `</svg>`;
  const out = new Resvg(doc, { font: FONTS }).toString();
  shaped += keys.length;
  // usvg writes each label's group as <g id="lN"> holding plain paths (nested <g> without attributes); an empty group is dropped.
  const groups = new Map<number, string>();
  const starts = [...out.matchAll(/<g id="l(\d+)">/g)];
  starts.forEach((m, j) => {
    const end = j + 1 < starts.length ? starts[j + 1]!.index : out.lastIndexOf('</svg>');
    groups.set(Number(m[1]), out.slice(m.index + m[0].length, end));
  });
  keys.forEach((key, i) => {
    const body = groups.get(i);
    if (body === undefined) return outlines.set(key, { d: '' });
    const rest = body.replace(/<\/?g>/g, '').replace(/<path fill="[^"]*" stroke="none" d="([^"]*)"\/>/g, '');
    if (rest.trim() !== '') return outlines.set(key, { d: null });
    const ds = [...body.matchAll(/<path fill="[^"]*" stroke="none" d="([^"]*)"\/>/g)].map((m) => m[1]!);
    outlines.set(key, { d: ds.join(' ') });
  });
}

interface Picture {
  /** The root's shaping attributes, as written: every outline's key starts with them. */
  context: string;
  /** Each distinct <text> element and how to carry it over (null: it stays text). */
  labels: Map<string, Label | null>;
}

function read(svg: string): Picture | null {
  const root = svg.match(ROOT);
  // A group that shapes its labels otherwise than the root: the picture stays as it is.
  if (!root || SHAPING_ANYWHERE.test(svg.slice(root.index! + root[0].length).replace(TEXT, ''))) return null;
  const labels = new Map<string, Label | null>();
  for (const m of svg.matchAll(TEXT)) if (!labels.has(m[0])) labels.set(m[0], parse(m[0], m[1]!, m[2]!));
  return { context: shapingOf(root[1]!), labels };
}

/** Shapes, many at once, the labels of `pictures` not kept yet (a GIF's every frame before the first is drawn). */
export async function shapeLabels(svgs: string[]): Promise<void> {
  await shapeMissing(svgs.map(read));
}

async function shapeMissing(pictures: (Picture | null)[]): Promise<void> {
  const missing = new Map<string, Set<string>>();
  for (const p of pictures) {
    if (!p) continue;
    for (const l of p.labels.values()) {
      if (!l || outlines.has(p.context + l.key)) continue;
      const set = missing.get(p.context) ?? new Set();
      missing.set(p.context, set.add(l.key));
    }
  }
  let first = true;
  for (const [context, set] of missing) {
    const keys = [...set];
    for (let i = 0; i < keys.length; i += BATCH) {
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      first = false;
      shape(context, keys.slice(i, i + BATCH));
    }
  }
}

/**
 * `svg` with every label it can carry over exactly drawn as its outline (see the module's
 * guarantees): the same picture, which resvg then draws without shaping text.
 */
export async function outlineLabels(svg: string): Promise<string> {
  const p = read(svg);
  if (!p) return svg;
  await shapeMissing([p]);
  return svg.replace(TEXT, (whole) => {
    const l = p.labels.get(whole);
    const d = l ? outlines.get(p.context + l.key)?.d : null;
    if (!l || d === null || d === undefined) return whole;
    if (d === '') return '';
    const at = `translate(${l.x} ${l.y})`;
    return `<path transform="${l.transform ? `${l.transform} ${at}` : at}" d="${d}"${l.paint}/>`;
  });
}
