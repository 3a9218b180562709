import { formatMsg, type Json } from '../../engine/index.js';
import {
  arr,
  circle,
  el,
  group,
  int,
  line,
  obj,
  phaseNames,
  roundAndPhase,
  sayerOf,
  someMove,
  rect,
  str,
  text,
  title,
  type DescribeContext,
  type DrawContext,
  type Drawn,
  type GamePicture,
  type Lang,
  wordsFrom,
} from '../../board/svg.js';
import { messages } from './messages.js';
import { fitText } from '../../board/text.js';
import { COLOURS, OBJECT_OF_COLOUR } from './data.js';

/**
 * Ma Petite Ville's board picture: the shared city on its square grid, labelled with square
 * coordinates (x along the top, y down the left, as silhouettes are written: `s3 2,5 h`) and tile
 * coordinates (along the bottom and the right, and in every open place: `tile 1,0 r90`); the draw
 * pile, the drawn tile in its four turns (r0 to r270, as written), and each seat's silhouettes.
 */

type SquareSeen = { colour: string; isX: boolean } | null;

/** Every read of Ma Petite Ville's view, in one place (a renamed field is a one-line change). */
const read = {
  round: (v: Json) => int(obj(v).round),
  scores: (v: Json) => arr(obj(v).scores).map((n) => (typeof n === 'number' ? n : null)),
  phase: (v: Json) => str(obj(v).phase),
  pileCount: (v: Json) => int(obj(v).pileCount),
  city: (v: Json) => {
    const c = obj(obj(v).city);
    return {
      x: int(c.x),
      y: int(c.y),
      width: int(c.width),
      height: int(c.height),
      rows: arr(c.rows).map((r) =>
        arr(r).map((q): SquareSeen => (q === null ? null : { colour: str(obj(q).colour, ''), isX: obj(q).isX === true })),
      ),
    };
  },
  tiles: (v: Json) =>
    arr(obj(v).tiles)
      .map(obj)
      .map((t) => ({ x: int(t.x), y: int(t.y) })),
  silhouettes: (v: Json) =>
    arr(obj(v).silhouettes)
      .map(obj)
      .map((s) => ({
        seat: int(s.seat),
        length: int(s.length, 1),
        x: int(s.x),
        y: int(s.y),
        vertical: s.direction === 'vertical',
        colour: str(s.colour),
      })),
  players: (v: Json) =>
    arr(obj(v).players)
      .map(obj)
      .map((p) => ({
        seat: int(p.seat),
        colour: str(p.colour),
        hand: arr(p.silhouettes).map((n) => int(n)),
        objectsLeft: int(p.objectsLeft),
        rank: int(p.rank),
      })),
  drawnTile: (v: Json) => {
    const d = obj(v).drawnTile;
    if (d === null || d === undefined) return null;
    return arr(obj(d).rotations)
      .map(obj)
      .map((r) => ({
        quarterTurns: int(r.quarterTurns),
        rows: arr(r.rows).map((row) => arr(row).map((q) => ({ colour: str(obj(q).colour, ''), isX: obj(q).isX === true }))),
      }));
  },
};

const FILL: Record<string, string> = { blue: '#5b9bd5', green: '#6abf69', yellow: '#f3cd45', red: '#e0645c' };
const DARK: Record<string, string> = { blue: '#1f4e8c', green: '#1e6b2d', yellow: '#8a6d00', red: '#8c1f1f' };
const COLOUR_WORDS: Record<string, Record<Lang, string>> = wordsFrom(messages, 'colour', ['blue', 'green', 'yellow', 'red'] as const);
/** What the silhouettes show (rulebook, CONTENU), by count: `board.object.<what>` in the catalogue (messages.ts). */
const objectWord = (colour: string, n: number, lang: Lang) =>
  formatMsg((k) => messages[lang][k], lang, {
    key: `board.object.${OBJECT_OF_COLOUR[colour as keyof typeof OBJECT_OF_COLOUR] ?? 'any'}`,
    params: { n },
  })!;
const WORDS = wordsFrom(messages, 'board', ['pile', 'left', 'drawn', 'tile', 'rank', 'objectsLeft', 'x'] as const);

/** The square grid's step (px) and the margins its coordinates take. */
const TOP = 16,
  LEFT = 26;

function square(x: number, y: number, s: number, q: { colour: string; isX: boolean }, lang: Lang): string {
  if (q.isX) {
    return group(
      { class: 'sq x' },
      title(WORDS.x[lang]),
      rect(x, y, s, s, { fill: '#c9c9c9', stroke: '#fff', 'stroke-width': 0.6 }),
      line(x + s * 0.2, y + s * 0.2, x + s * 0.8, y + s * 0.8, { stroke: '#666', 'stroke-width': 1.5 }),
      line(x + s * 0.8, y + s * 0.2, x + s * 0.2, y + s * 0.8, { stroke: '#666', 'stroke-width': 1.5 }),
    );
  }
  return el(
    'rect',
    { x, y, width: s, height: s, fill: FILL[q.colour] ?? '#eee', stroke: '#fff', 'stroke-width': 0.6, class: `sq ${q.colour}` },
    title(COLOUR_WORDS[q.colour]?.[lang] ?? q.colour),
  );
}

const num = (k: string) => k.split(':').slice(1).map(Number) as [number, number];

function draw(v: Json, ctx: DrawContext): Drawn {
  const city = read.city(v);
  const open = ctx.targetKeys.filter((k) => k.startsWith('tile:')).map(num);
  // The squares shown: the city and every open place a tile may go.
  let x0 = city.x,
    y0 = city.y,
    x1 = city.x + city.width - 1,
    y1 = city.y + city.height - 1;
  for (const [tx, ty] of open) {
    x0 = Math.min(x0, 3 * tx);
    y0 = Math.min(y0, 3 * ty);
    x1 = Math.max(x1, 3 * tx + 2);
    y1 = Math.max(y1, 3 * ty + 2);
  }
  const cols = x1 - x0 + 1,
    rows = y1 - y0 + 1;
  const S = Math.max(14, Math.min(24, Math.floor(660 / Math.max(cols, rows, 1))));
  const gx = LEFT,
    gy = TOP;
  const px = (x: number) => gx + (x - x0) * S,
    py = (y: number) => gy + (y - y0) * S;
  const parts: string[] = [];
  const hot: string[] = [];
  // Square coordinates: x along the top, y down the left.
  const coordSize = Math.min(10, S * 0.55);
  for (let x = x0; x <= x1; x++)
    parts.push(
      fitText(px(x) + S / 2, 1, String(x), { width: S - 1, size: coordSize, anchor: 'middle', attrs: { fill: '#555', class: 'coord' } })
        .svg,
    );
  for (let y = y0; y <= y1; y++)
    parts.push(
      fitText(LEFT - 3, py(y) + (S - 1.17 * coordSize) / 2, String(y), {
        width: LEFT - 4,
        size: coordSize,
        anchor: 'end',
        attrs: { fill: '#555', class: 'coord' },
      }).svg,
    );
  parts.push(rect(gx, gy, cols * S, rows * S, { fill: '#f6f5ef', stroke: '#ddd' }));
  city.rows.forEach((r, j) =>
    r.forEach((q, i) => {
      if (q) parts.push(square(px(city.x + i), py(city.y + j), S, q, ctx.lang));
    }),
  );
  // Tile edges: each tile covers 3 x 3 squares.
  for (const t of read.tiles(v))
    parts.push(rect(px(3 * t.x), py(3 * t.y), 3 * S, 3 * S, { fill: 'none', stroke: '#333', 'stroke-width': 1.4, class: 'tile' }));
  for (const [tx, ty] of open) {
    parts.push(
      group(
        { class: 'open', 'data-tile': `${tx},${ty}` },
        rect(px(3 * tx) + 2, py(3 * ty) + 2, 3 * S - 4, 3 * S - 4, {
          fill: '#fff8e6',
          stroke: '#c98a00',
          'stroke-dasharray': '4 3',
          rx: 3,
        }),
        fitText(px(3 * tx) + 1.5 * S, py(3 * ty) + 1.5 * S - 6, `${tx},${ty}`, {
          width: 3 * S - 8,
          size: 12,
          bold: true,
          anchor: 'middle',
          attrs: { fill: '#8a5a00' },
        }).svg,
      ),
    );
    hot.push(ctx.hotspot(`tile:${tx}:${ty}`, px(3 * tx) + 1, py(3 * ty) + 1, 3 * S - 2, 3 * S - 2));
  }
  for (const s of read.silhouettes(v)) {
    const w = s.vertical ? S : s.length * S,
      h = s.vertical ? s.length * S : S;
    const x = px(s.x),
      y = py(s.y);
    parts.push(
      group(
        { class: 'silhouette', 'data-seat': s.seat },
        title(`${ctx.names[s.seat] ?? `#${s.seat + 1}`}: ${s.length} ${objectWord(s.colour, s.length, ctx.lang)}`),
        rect(x + 3, y + 3, w - 6, h - 6, {
          fill: DARK[s.colour] ?? '#333',
          'fill-opacity': 0.9,
          stroke: '#fff',
          'stroke-width': 2,
          rx: S / 3,
        }),
        ...Array.from({ length: s.length }, (_, i) =>
          circle(x + S / 2 + (s.vertical ? 0 : i * S), y + S / 2 + (s.vertical ? i * S : 0), S / 5, { fill: '#fff' }),
        ),
      ),
    );
  }
  // Where silhouettes may start: a square of the city.
  for (const k of ctx.targetKeys) {
    if (!k.startsWith('sq:')) continue;
    const [x, y] = num(k);
    hot.push(ctx.hotspot(k, px(x) + 1, py(y) + 1, S - 2, S - 2, 2));
  }
  // Tile coordinates: along the bottom and the right, one per three squares.
  const by = gy + rows * S + 3;
  const tileWord = fitText(0, by, WORDS.tile[ctx.lang], { width: LEFT - 2, size: 9, attrs: { fill: '#8a5a00' } });
  parts.push(tileWord.svg);
  for (let tx = Math.ceil(x0 / 3); 3 * tx + 2 <= x1; tx++)
    parts.push(
      fitText(px(3 * tx) + 1.5 * S, by, String(tx), {
        width: 3 * S - 2,
        size: 11,
        anchor: 'middle',
        attrs: { fill: '#8a5a00', class: 'coord' },
      }).svg,
    );
  const rx = gx + cols * S + 4;
  for (let ty = Math.ceil(y0 / 3); 3 * ty + 2 <= y1; ty++)
    parts.push(fitText(rx, py(3 * ty) + 1.5 * S - 7, String(ty), { width: 26, size: 11, attrs: { fill: '#8a5a00', class: 'coord' } }).svg);
  const cityW = rx + 30,
    cityH = by + 16;

  // Beside the city: the pile, the drawn tile in its four turns, each seat's silhouettes.
  const sx = cityW + 14,
    panelW = 300;
  let y = 0;
  parts.push(
    group(
      { class: 'pile' },
      rect(sx + 4, y + 4, 40, 40, { fill: '#7a6a55', rx: 4 }),
      rect(sx, y, 40, 40, { fill: '#a48f70', stroke: '#5b4c39', rx: 4 }),
    ),
  );
  hot.push(ctx.hotspot('pile', sx - 3, y - 3, 50, 50));
  parts.push(fitText(sx + 54, y + 2, WORDS.pile[ctx.lang], { width: panelW - 54, size: 12, bold: true }).svg);
  parts.push(fitText(sx + 54, y + 20, `${read.pileCount(v)} ${WORDS.left[ctx.lang]}`, { width: panelW - 54, size: 12 }).svg);
  y += 56;
  const drawn = read.drawnTile(v);
  if (drawn) {
    parts.push(fitText(sx, y, WORDS.drawn[ctx.lang], { width: panelW, size: 12, bold: true }).svg);
    y += 20;
    const q = 16;
    drawn.forEach((r, i) => {
      const dx = sx + i * (3 * q + 22);
      r.rows.forEach((row, j) => row.forEach((sq, k) => parts.push(square(dx + k * q, y + j * q, q, sq, ctx.lang))));
      parts.push(rect(dx, y, 3 * q, 3 * q, { fill: 'none', stroke: '#333', 'stroke-width': 1.2 }));
      parts.push(
        text(dx + 1.5 * q, y + 3 * q + 14, `r${r.quarterTurns * 90}`, { 'font-size': 11, 'text-anchor': 'middle', class: 'coord' }),
      );
    });
    y += 3 * q + 26;
  }
  for (const p of read.players(v)) {
    parts.push(rect(sx, y + 1, 12, 12, { fill: FILL[p.colour] ?? '#999', stroke: DARK[p.colour] ?? '#333', rx: 2 }));
    const who = fitText(sx + 18, y, ctx.names[p.seat] ?? `#${p.seat + 1}`, {
      width: panelW - 18,
      size: 12,
      bold: ctx.toMove.includes(p.seat),
    });
    parts.push(who.svg);
    y += who.height + 3;
    parts.push(
      fitText(
        sx + 18,
        y,
        `${WORDS.rank[ctx.lang]} ${p.rank} · ${p.objectsLeft} ${WORDS.objectsLeft[ctx.lang]} (${objectWord(p.colour, 2, ctx.lang)})`,
        { width: panelW - 18, size: 11, attrs: { fill: '#444' } },
      ).svg,
    );
    y += 16;
    let hx = sx + 18;
    for (const n of p.hand) {
      parts.push(
        group(
          { class: 'in-hand' },
          title(`${n} ${objectWord(p.colour, n, ctx.lang)}`),
          rect(hx, y, n * 10, 10, { fill: DARK[p.colour] ?? '#333', rx: 4 }),
          ...Array.from({ length: n }, (_, i) => circle(hx + 5 + i * 10, y + 5, 2, { fill: '#fff' })),
        ),
      );
      hx += n * 10 + 6;
    }
    y += 20;
  }
  return { width: sx + panelW, height: Math.max(cityH, y), svg: parts.join('') + hot.join('') };
}

/** Where a move is played: an open place (tile), a square (a silhouette's end), the pile (draw); pass is a button. */
function targetOf(move: Json): string | null {
  const m = obj(move);
  switch (str(m.type)) {
    case 'drawTile':
      return 'pile';
    case 'placeTile':
      return `tile:${int(m.x)}:${int(m.y)}`;
    case 'placeSilhouette':
      return `sq:${int(m.x)}:${int(m.y)}`;
    default:
      return null;
  }
}

const say = sayerOf(messages, 'board.move');
const phaseName = phaseNames(messages, ['turn', 'placeTile', 'finalRound', 'over']);

function describe(move: Json | null, d: DescribeContext): string {
  const m = obj(move);
  const lang = d.lang;
  const x = String(int(m.x)),
    y = String(int(m.y));
  switch (str(m.type)) {
    case 'drawTile':
      return say(lang, 'drawTile');
    case 'placeTile':
      return say(lang, 'placeTile', { x, y, turn: String(int(m.quarterTurns) * 90) });
    case 'placeSilhouette': {
      const n = int(m.length);
      return say(lang, 'placeSilhouette', {
        n: String(n),
        objects: objectWord(COLOURS[d.seat] ?? '', n, lang),
        x,
        y,
        direction: m.direction === 'vertical' ? 'vertical' : 'horizontal',
      });
    }
    default:
      return someMove(str(m.type), lang);
  }
}

export const maPetiteVillePicture: GamePicture = {
  name: { en: 'Ma Petite Ville', fr: 'Ma Petite Ville' },
  // Objects placed, where the view gives them as `scores` (the uniform view conventions); the side
  // panel shows ranks and objects left in any case.
  scores: (v, seats) => Array.from({ length: seats }, (_, s) => read.scores(v)[s] ?? null),
  status: (v, ctx) => roundAndPhase(ctx, read.round(v), phaseName(ctx.lang, read.phase(v))),
  seatColour: (v, seat) => FILL[read.players(v).find((p) => p.seat === seat)?.colour ?? ''] ?? null,
  draw,
  targetOf,
  describe,
};
