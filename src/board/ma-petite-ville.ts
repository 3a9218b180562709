import type { Json } from '../engine/index.js';
import type { GameBoard } from './index.js';
import { arr, el, group, int, line, obj, rect, str, text, title, phaseName, type DrawContext, type Drawn } from './svg.js';

/** Every read of Ma Petite Ville's view, in one place (a renamed field is a one-line change). */
const read = {
  round: (v: Json) => int(obj(v).round),
  scores: (v: Json) => arr(obj(v).scores).map((n) => (typeof n === 'number' ? n : null)),
  phase: (v: Json) => str(obj(v).phase),
  pileCount: (v: Json) => int(obj(v).pileCount),
  city: (v: Json) => {
    const c = obj(obj(v).city);
    return { x: int(c.x), y: int(c.y), width: int(c.width), height: int(c.height), rows: arr(c.rows).map((r) => arr(r).map((q) => (q === null ? null : { colour: str(obj(q).colour, ''), isX: obj(q).isX === true }))) };
  },
  tiles: (v: Json) => arr(obj(v).tiles).map(obj).map((t) => ({ x: int(t.x), y: int(t.y) })),
  silhouettes: (v: Json) => arr(obj(v).silhouettes).map(obj).map((s) => ({ seat: int(s.seat), length: int(s.length, 1), x: int(s.x), y: int(s.y), vertical: s.direction === 'vertical', colour: str(s.colour) })),
  players: (v: Json) => arr(obj(v).players).map(obj).map((p) => ({ seat: int(p.seat), colour: str(p.colour), hand: arr(p.silhouettes).map((n) => int(n)), objectsLeft: int(p.objectsLeft), rank: int(p.rank) })),
  drawnTile: (v: Json) => {
    const d = obj(v).drawnTile;
    if (d === null || d === undefined) return null;
    const first = obj(arr(obj(d).rotations)[0]);
    return { tile: str(obj(d).tile), rows: arr(first.rows).map((r) => arr(r).map((q) => ({ colour: str(obj(q).colour, ''), isX: obj(q).isX === true }))) };
  },
};

const FILL: Record<string, string> = { blue: '#5b9bd5', green: '#6abf69', yellow: '#f3cd45', red: '#e0645c' };
const DARK: Record<string, string> = { blue: '#1f4e8c', green: '#1e6b2d', yellow: '#8a6d00', red: '#8c1f1f' };
const WORD: Record<string, { en: string; fr: string }> = {
  blue: { en: 'blue', fr: 'bleu' }, green: { en: 'green', fr: 'vert' }, yellow: { en: 'yellow', fr: 'jaune' }, red: { en: 'red', fr: 'rouge' },
};

function square(x: number, y: number, s: number, q: { colour: string; isX: boolean }, lang: 'en' | 'fr'): string {
  if (q.isX) {
    return group({ class: 'sq x' }, rect(x, y, s, s, { fill: '#c9c9c9', stroke: '#fff', 'stroke-width': 0.6 }), line(x + 4, y + 4, x + s - 4, y + s - 4, { stroke: '#777', 'stroke-width': 1.5 }), line(x + s - 4, y + 4, x + 4, y + s - 4, { stroke: '#777', 'stroke-width': 1.5 }));
  }
  return el('rect', { x, y, width: s, height: s, fill: FILL[q.colour] ?? '#eee', stroke: '#fff', 'stroke-width': 0.6, class: `sq ${q.colour}` }, title(WORD[q.colour]?.[lang] ?? q.colour));
}

function draw(v: Json, ctx: DrawContext): Drawn {
  const city = read.city(v);
  const S = Math.max(10, Math.min(22, Math.floor(640 / Math.max(1, city.width, city.height))));
  const parts: string[] = [];
  const ox = 0, oy = 0;
  city.rows.forEach((r, j) => r.forEach((q, i) => {
    if (q) parts.push(square(ox + i * S, oy + j * S, S, q, ctx.lang));
  }));
  // Tile edges: each tile covers 3 x 3 squares.
  for (const t of read.tiles(v)) {
    parts.push(rect(ox + (3 * t.x - city.x) * S, oy + (3 * t.y - city.y) * S, 3 * S, 3 * S, { fill: 'none', stroke: '#333', 'stroke-width': 1.2, class: 'tile' }));
  }
  for (const s of read.silhouettes(v)) {
    const w = s.vertical ? S : s.length * S, h = s.vertical ? s.length * S : S;
    parts.push(rect(ox + (s.x - city.x) * S + 3, oy + (s.y - city.y) * S + 3, w - 6, h - 6, { fill: DARK[s.colour] ?? '#333', 'fill-opacity': 0.85, stroke: '#fff', 'stroke-width': 2, rx: S / 3, class: 'silhouette', 'data-seat': s.seat }));
  }
  const cityW = Math.max(city.width * S, 1), cityH = Math.max(city.height * S, 1);
  // Beside the city: the pile, the drawn tile, each seat's silhouettes and objects.
  const px = cityW + 24;
  let y = 14;
  parts.push(text(px, y, `${read.pileCount(v)} ${ctx.t('pile')}`, { 'font-size': 12 }));
  y += 10;
  const drawn = read.drawnTile(v);
  if (drawn) {
    parts.push(text(px, y + 12, `${ctx.t('drawnTile')} ${drawn.tile}`, { 'font-size': 12 }));
    drawn.rows.forEach((r, j) => r.forEach((q, i) => parts.push(square(px + i * 16, y + 18 + j * 16, 16, q, ctx.lang))));
    y += 18 + 3 * 16 + 6;
  }
  for (const p of read.players(v)) {
    y += 22;
    parts.push(rect(px, y - 11, 12, 12, { fill: FILL[p.colour] ?? '#999', stroke: DARK[p.colour] ?? '#333', rx: 2 }));
    parts.push(text(px + 18, y, `${ctx.names[p.seat] ?? `#${p.seat}`}: ${ctx.t('rank')} ${p.rank}, ${ctx.t('objectsLeft')} ${p.objectsLeft}`, { 'font-size': 12 }, 48));
    y += 6;
    let sx = px + 18;
    for (const n of p.hand) {
      parts.push(rect(sx, y, n * 8, 8, { fill: DARK[p.colour] ?? '#333', rx: 3, class: 'in-hand' }));
      sx += n * 8 + 4;
    }
    y += 10;
  }
  return { width: px + 300, height: Math.max(cityH, y + 4), svg: parts.join('') };
}

export const maPetiteVilleBoard: GameBoard = {
  name: { en: 'Ma Petite Ville', fr: 'Ma Petite Ville' },
  // Objects placed, where the view gives them as `scores` (the uniform view conventions); the side
  // panel shows ranks and objects left in any case.
  scores: (v, seats) => Array.from({ length: seats }, (_, s) => read.scores(v)[s] ?? null),
  status: (v, ctx) => `${ctx.t('round')} ${read.round(v)} · ${ctx.t('phase')} ${phaseName(ctx.lang, read.phase(v))}`,
  draw,
  seatColour: (v, seat) => FILL[read.players(v).find((p) => p.seat === seat)?.colour ?? ''] ?? null,
};
