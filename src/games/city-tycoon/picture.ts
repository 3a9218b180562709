import type { Json } from '../../engine/index.js';
import {
  circle,
  el,
  group,
  obj,
  phaseNames,
  roundAndPhase,
  scoresBySeat,
  rect,
  seatColour,
  title,
  type DrawContext,
  type Drawn,
  type GamePicture,
  wordsFrom,
} from '../../board/svg.js';
import { messages } from './messages.js';
import { fitBox, fitText } from '../../board/text.js';
import {
  card,
  CARD_H,
  CARD_W,
  countWords,
  CUBE_FILL,
  cubeIcons,
  faceWords,
  legend,
  money,
  optionLine,
  read,
  TYPE_FILL,
  vpText,
  w,
} from './picture-parts.js';
import { describe } from './words.js';

/**
 * City Tycoon's board picture: the map on its square grid, labelled as the notation writes squares
 * (x along the top, y down the left: `place 2,0`), with its terrain, the city, every district (name,
 * supply options, the cubes it received this round) and plant (its cubes and recycling), the places
 * a tile may go, and in the supply phase the route each cube would travel; beside it the players,
 * the tile being placed, the next plants and, for a seat, its own draft hand and kept tiles.
 */

const C = 92;
const AXIS_TOP = 18,
  AXIS_LEFT = 30;

const H = wordsFrom(messages, 'board', [
  'players',
  'passed',
  'score',
  'hand',
  'kept',
  'pending',
  'plants',
  'stacks',
  'terrain',
  'yourHand',
  'yourKept',
  'cityDistrict',
  'routes',
  'left',
] as const);

type Cell = ReturnType<typeof read.map>[number];

/** A plant's (or the city's plant's) cubes as icons, two rows at most, then a count. */
function plantBody(x: number, y: number, c: Cell, ctx: DrawContext): string {
  const kind = c.resource === 'power' ? 'electricity' : 'water';
  const side = c.kind === 'plant' ? `${w('side', ctx.lang)} ${c.side} · ` : '';
  const parts = [fitText(x + 7, y + 33, `${side}${c.cubes} ${w('cubes', ctx.lang)}`, { width: C - 14, size: 10 }).svg];
  const shown = Math.min(c.cubes, 14);
  for (let i = 0; i < shown; i++)
    parts.push(
      rect(x + 7 + (i % 7) * 11, y + 49 + Math.floor(i / 7) * 11, 9, 9, {
        fill: CUBE_FILL[kind],
        stroke: '#333',
        'stroke-width': 0.6,
        rx: 1,
        class: 'cube',
      }),
    );
  if (c.recycle > 0)
    parts.push(fitText(x + 7, y + 73, `+${c.recycle} ${w('perRound', ctx.lang)}`, { width: C - 14, size: 9, attrs: { fill: '#333' } }).svg);
  return parts.join('');
}

/** A cell in two layers: its ground (drawn under the cube routes) and its labels and pieces (over them). */
function cellSvg(c: Cell, x: number, y: number, ctx: DrawContext): { bg: string; fg: string } {
  const lang = ctx.lang;
  const owned = c.owner !== null;
  const stroke = owned ? seatColour(c.owner!) : '#888';
  const frame = (fill: string) => rect(x + 1.5, y + 1.5, C - 3, C - 3, { fill, stroke, 'stroke-width': owned ? 4 : 1, rx: 4 });
  const parts: string[] = [];
  const bg: string[] = [];
  let name = '';
  if (c.kind === 'district' && c.face) {
    const f = c.face;
    name = faceWords(f, lang);
    bg.push(frame(TYPE_FILL[f.type] ?? '#ddd'));
    const n = fitText(x + 7, y + 6, f.name, { width: C - 14, size: 11, bold: true, lines: 2, min: 8 });
    parts.push(n.svg);
    let top = y + 8 + n.height;
    f.options.forEach((o, i) => {
      const used = c.supplied?.option === i;
      if (used) parts.push(rect(x + 4, top - 1, C - 8, 12, { fill: '#ffffff', 'fill-opacity': 0.7, rx: 2 }));
      parts.push(optionLine(x + 7, top, o, lang, C - 14, 9, used ? { 'font-weight': 'bold' } : {}));
      top += 12;
    });
    if (c.supplied) {
      const s = c.supplied;
      parts.push(
        fitText(x + 7, y + C - 18, '✓', { width: 12, size: 11, bold: true, attrs: { fill: '#1b5e20' } }).svg,
        cubeIcons(x + 22, y + C - 16, s, 8).svg,
      );
    }
  } else if (c.kind === 'plant' || (c.kind === 'city' && c.resource)) {
    const what = w(c.resource === 'power' ? 'powerPlant' : 'waterStation', lang);
    name = c.kind === 'city' ? `${w('city', lang)}: ${what}` : `${what} ${c.plant.number}`;
    bg.push(frame(c.kind === 'city' ? '#d5d5d5' : c.resource === 'power' ? '#fff0a8' : '#cfe6fa'));
    parts.push(fitText(x + 7, y + 5, name, { width: C - 14, size: 11, bold: true, lines: 2, min: 8 }).svg);
    parts.push(plantBody(x, y, c, ctx));
  } else if (c.kind === 'city') {
    name = H.cityDistrict[lang];
    bg.push(frame('#d5d5d5'));
    parts.push(
      fitBox(x + C / 2, y + 8, C - 16, name, { width: C - 14, size: 12, bold: true, lines: 3, anchor: 'middle', attrs: { fill: '#444' } })
        .svg,
    );
  } else if (c.kind === 'forest') {
    name = w('forest', lang);
    bg.push(frame('#3f7f45'));
    for (const [dx, dy] of [
      [24, 42],
      [56, 34],
      [40, 66],
      [68, 70],
    ] as const)
      bg.push(el('path', { d: `M${x + dx} ${y + dy - 18} l-11 18 h22 z`, fill: '#1f4d24' }));
  } else if (c.kind === 'water') {
    name = w('lake', lang);
    bg.push(frame('#5aa7d8'));
    for (const dy of [34, 50, 66])
      bg.push(el('path', { d: `M${x + 12} ${y + dy} q8 -7 16 0 t16 0 t16 0 t16 0`, stroke: '#fff', 'stroke-width': 2, fill: 'none' }));
  }
  const owner = owned ? ` · ${ctx.names[c.owner!] ?? `#${c.owner! + 1}`}` : '';
  return {
    bg: bg.join(''),
    fg: group({ class: `cell ${c.kind}`, 'data-square': `${c.x},${c.y}` }, title(`${c.x},${c.y}: ${name}${owner}`), ...parts),
  };
}

/** The supply routes: one line per distinct route, from the plant (a dot) to the district. */
function routes(v: Json, at: (x: number, y: number) => { px: number; py: number }): string {
  const seen = new Map<string, { resource: string; path: { x: number; y: number }[]; cubes: number }>();
  for (const s of read.supplyCosts(v)) {
    if (!s.deliverable) continue;
    for (const r of s.routes) {
      const k = `${r.resource}|${r.path.map((p) => `${p.x},${p.y}`).join('>')}`;
      const e = seen.get(k);
      if (e) e.cubes = Math.max(e.cubes, 1);
      else seen.set(k, { ...r, cubes: 1 });
    }
  }
  const parts: string[] = [];
  [...seen.values()].forEach((r, i) => {
    const off = ((i % 5) - 2) * 5;
    const pts = r.path.map((p) => {
      const q = at(p.x, p.y);
      return `${q.px + C / 2 + off},${q.py + C / 2 + off}`;
    });
    const colour = r.resource === 'power' ? '#c98f00' : '#1f5fa8';
    const [sx, sy] = pts[0]!.split(',').map(Number) as [number, number];
    const [ex, ey] = pts[pts.length - 1]!.split(',').map(Number) as [number, number];
    parts.push(
      group(
        { class: 'route', 'data-resource': r.resource },
        el('polyline', {
          points: pts.join(' '),
          fill: 'none',
          stroke: colour,
          'stroke-width': 3,
          'stroke-opacity': 0.85,
          'stroke-linejoin': 'round',
          'stroke-linecap': 'round',
        }),
        circle(sx, sy, 5, { fill: colour, stroke: '#fff', 'stroke-width': 1.5 }),
        rect(ex - 4, ey - 4, 8, 8, { fill: '#fff', stroke: colour, 'stroke-width': 2 }),
      ),
    );
  });
  return parts.join('');
}

function draw(v: Json, ctx: DrawContext): Drawn {
  const cells = read.map(v);
  const free = read.placeable(v);
  const targets = ctx.targetKeys.filter((k) => k.startsWith('cell:')).map((k) => k.split(':').slice(1).map(Number) as [number, number]);
  const xs = [0, 1, ...cells.map((c) => c.x), ...free.map((p) => p.x), ...targets.map((t) => t[0])];
  const ys = [0, 1, ...cells.map((c) => c.y), ...free.map((p) => p.y), ...targets.map((t) => t[1])];
  const minX = Math.min(...xs),
    maxX = Math.max(...xs),
    minY = Math.min(...ys),
    maxY = Math.max(...ys);
  const at = (x: number, y: number) => ({ px: AXIS_LEFT + (x - minX) * C, py: AXIS_TOP + (y - minY) * C });
  const parts: string[] = [];
  const hot: string[] = [];
  // Square coordinates, as the notation writes them.
  for (let x = minX; x <= maxX; x++)
    parts.push(
      fitText(at(x, 0).px + C / 2, 2, String(x), { width: C - 4, size: 11, anchor: 'middle', attrs: { fill: '#555', class: 'coord' } }).svg,
    );
  for (let y = minY; y <= maxY; y++)
    parts.push(
      fitText(AXIS_LEFT - 5, at(0, y).py + C / 2 - 6, String(y), {
        width: AXIS_LEFT - 6,
        size: 11,
        anchor: 'end',
        attrs: { fill: '#555', class: 'coord' },
      }).svg,
    );
  const mapW = (maxX - minX + 1) * C,
    mapH = (maxY - minY + 1) * C;
  parts.push(rect(AXIS_LEFT, AXIS_TOP, mapW, mapH, { fill: '#f3f1ea', stroke: '#ddd' }));
  const emptyTargets = new Set(targets.map(([x, y]) => `${x},${y}`));
  for (const c of cells) emptyTargets.delete(`${c.x},${c.y}`);
  const dashed = new Map([
    ...free.map((p) => [`${p.x},${p.y}`, p] as const),
    ...[...emptyTargets].map((k) => [k, { x: Number(k.split(',')[0]), y: Number(k.split(',')[1]) }] as const),
  ]);
  for (const p of dashed.values()) {
    const { px, py } = at(p.x, p.y);
    parts.push(
      group(
        { class: 'placeable', 'data-square': `${p.x},${p.y}` },
        rect(px + 4, py + 4, C - 8, C - 8, { fill: '#fffaf0', stroke: '#b08a3a', 'stroke-dasharray': '5 4', rx: 4 }),
        fitText(px + C / 2, py + C / 2 - 8, `${p.x},${p.y}`, {
          width: C - 12,
          size: 13,
          bold: true,
          anchor: 'middle',
          attrs: { fill: '#8a6420' },
        }).svg,
      ),
    );
  }
  const drawn = cells.map((c) => {
    const { px, py } = at(c.x, c.y);
    return cellSvg(c, px, py, ctx);
  });
  parts.push(...drawn.map((d) => d.bg), routes(v, at), ...drawn.map((d) => d.fg));
  for (const [x, y] of targets) {
    const { px, py } = at(x, y);
    hot.push(ctx.hotspot(`cell:${x}:${y}`, px + 2, py + 2, C - 4, C - 4, 5));
  }
  const panel = sidePanel(v, ctx, AXIS_LEFT + mapW + 24, hot);
  return { width: panel.right, height: Math.max(AXIS_TOP + mapH + 4, panel.bottom), svg: parts.join('') + panel.svg + hot.join('') };
}

/** The side panel: legend, players, the tile to place, next plants, stacks, the viewer's own tiles. */
function sidePanel(v: Json, ctx: DrawContext, x: number, hot: string[]): { svg: string; right: number; bottom: number } {
  const lang = ctx.lang;
  const width = 2 * CARD_W + 10;
  const parts: string[] = [];
  const lg = legend(x, 0, width, lang);
  parts.push(lg.svg);
  let y = lg.height + 10;
  const heading = (s: string) => {
    const t = fitText(x, y, s, { width, size: 12, bold: true, lines: 2 });
    parts.push(t.svg);
    y += t.height + 5;
  };
  heading(H.players[lang]);
  const players = read.players(v);
  const order = read.order(v);
  for (const seat of order.length ? order : players.map((p) => p.seat)) {
    const p = players.find((q) => q.seat === seat);
    if (!p) continue;
    parts.push(rect(x, y + 1, 11, 11, { fill: seatColour(p.seat), rx: 2 }));
    const n = fitText(x + 16, y, `${ctx.names[p.seat] ?? `#${p.seat + 1}`}${p.passed ? ` (${H.passed[lang]})` : ''}`, {
      width: width - 16,
      size: 12,
      bold: ctx.toMove.includes(p.seat),
    });
    parts.push(n.svg);
    y += n.height + 2;
    const line =
      `${money(p.money, lang)} · ${vpText(p.vp, lang)} · ${countWords(p.goods, 'goods', lang)} · ${H.score[lang]}` +
      ` ${p.score} · ${H.hand[lang]} ${p.hand} · ${H.kept[lang]} ${p.kept}`;
    const d = fitText(x + 16, y, line, { width: width - 16, size: 10.5, min: 7, attrs: { fill: '#444' } });
    parts.push(d.svg);
    y += d.height + 7;
  }
  const pending = read.pending(v);
  if (pending) {
    heading(H.pending[lang]);
    if (pending.face) {
      parts.push(card(x, y, pending.face, lang));
      y += CARD_H + 8;
    } else {
      const s =
        pending.kind === 'plant'
          ? `${w(pending.plant.startsWith('power') ? 'powerPlant' : 'waterStation', lang)} ${pending.plant.replace(/^\D+/, '')}` +
            `${pending.side}`
          : `${w(pending.terrain === 'forest' ? 'forest' : 'lake', lang)} (${pending.remaining} ${H.left[lang]})`;
      const t = fitText(x, y, s, { width, size: 12 });
      parts.push(t.svg);
      y += t.height + 8;
    }
  }
  heading(H.plants[lang]);
  for (const t of read.plantTops(v)) {
    const what = w(t.kind === 'power' ? 'powerPlant' : 'waterStation', lang);
    const side = (s: 'a' | 'b') => {
      const f = t.top![s];
      return `${s}: ${money(f.cost, lang)}, ${f.cubes} ${w('cubes', lang)}${f.recycle ? `, +${f.recycle} ${w('perRound', lang)}` : ''}`;
    };
    const s = t.top ? `${what} ${t.top.number} — ${side('a')} · ${side('b')} (${t.count})` : `${what}: —`;
    const f = fitText(x, y, s, { width, size: 10.5, lines: 2, min: 7 });
    parts.push(f.svg);
    y += f.height + 4;
  }
  const st = fitText(x, y + 2, `${H.stacks[lang]}: ${read.stackSizes(v).join(' / ')} · ${H.terrain[lang]}: ${read.terrainLeft(v)}`, {
    width,
    size: 10.5,
    lines: 2,
    min: 7,
  });
  parts.push(st.svg);
  y += st.height + 12;
  const cards = (list: { id: string; face: ReturnType<typeof read.ownHand>[number]['face'] }[], label: string, kind: 'hand' | 'kept') => {
    if (list.length === 0) return;
    heading(label);
    list.forEach((k, i) => {
      const cx = x + (i % 2) * (CARD_W + 10),
        cy = y + Math.floor(i / 2) * (CARD_H + 8);
      parts.push(group({ class: `own-tile ${kind}` }, card(cx, cy, k.face, lang)));
      hot.push(ctx.hotspot(`card:${k.id}`, cx - 2, cy - 2, CARD_W + 4, CARD_H + 4, 6));
    });
    y += Math.ceil(list.length / 2) * (CARD_H + 8) + 4;
  };
  if (ctx.viewerSeat !== null) {
    cards(read.ownHand(v), H.yourHand[lang], 'hand');
    cards(read.ownKept(v), H.yourKept[lang], 'kept');
  }
  if (read.supplyCosts(v).some((s) => s.deliverable)) {
    parts.push(
      el('line', { x1: x, y1: y + 8, x2: x + 24, y2: y + 8, stroke: '#c98f00', 'stroke-width': 3 }),
      el('line', { x1: x + 28, y1: y + 8, x2: x + 52, y2: y + 8, stroke: '#1f5fa8', 'stroke-width': 3 }),
    );
    const r = fitText(x + 58, y + 1, H.routes[lang], { width: width - 58, size: 10.5, lines: 2, min: 7 });
    parts.push(r.svg);
    y += r.height + 6;
  }
  return { svg: parts.join(''), right: x + width, bottom: y };
}

/** Where a move is played: a tile of the viewer's hand or kept tiles, a square of the map; pass is a button. */
function targetOf(move: Json): string | null {
  const m = obj(move);
  switch (m.type) {
    case 'keepTile':
    case 'buildDistrict':
    case 'buildPlant':
    case 'sellTile':
      return typeof m.tile === 'string' ? `card:${m.tile}` : null;
    case 'place':
    case 'placeTerrain':
    case 'supply':
      return `cell:${Number(m.x)}:${Number(m.y)}`;
    default:
      return null;
  }
}

const phaseName = phaseNames(messages, ['draft', 'construction', 'supply', 'over']);

export const cityTycoonPicture: GamePicture = {
  name: { en: 'City Tycoon', fr: 'City Tycoon' },
  scores: (v, seats) =>
    scoresBySeat(
      read.players(v).map((p) => [p.seat, p.score]),
      seats,
    ),
  status: (v, ctx) => roundAndPhase(ctx, `${read.round(v)}/4`, phaseName(ctx.lang, read.phase(v))),
  draw,
  targetOf,
  describe,
};
