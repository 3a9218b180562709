import type { Json } from '../engine/index.js';
import type { GameBoard } from './index.js';
import { arr, group, int, obj, rect, seatColour, str, text, title, phaseName, type DrawContext, type Drawn } from './svg.js';

/** Every read of City Tycoon's view, in one place (a renamed field is a one-line change). */
const read = {
  round: (v: Json) => int(obj(v).round),
  phase: (v: Json) => str(obj(v).phase),
  map: (v: Json) => arr(obj(v).map).map(obj).map((c) => ({
    x: int(c.x),
    y: int(c.y),
    kind: str(c.kind),
    owner: typeof c.owner === 'number' ? c.owner : null,
    tile: str(c.tile),
    name: str(obj(c.face).name),
    type: str(obj(c.face).type),
    number: int(obj(c.face).number),
    resource: str(c.resource),
    side: str(c.side),
    cubes: int(c.cubes),
    supplied: c.supplied !== null && c.supplied !== undefined,
  })),
  placeable: (v: Json) => arr(obj(v).placeable).map(obj).map((p) => ({ x: int(p.x), y: int(p.y) })),
  players: (v: Json) => arr(obj(v).players).map(obj).map((p) => ({ seat: int(p.seat), money: int(p.money), vp: int(p.vp), goods: int(p.goods), score: int(p.score), hand: int(p.handSize), kept: int(p.keptCount), passed: p.passed === true })),
  pending: (v: Json) => {
    const p = obj(v).pending;
    if (p === null || p === undefined) return null;
    const o = obj(p);
    return { kind: str(o.kind), name: str(obj(o.face).name, str(o.terrain, str(o.plant))) };
  },
  plantTops: (v: Json) => {
    const s = obj(obj(v).plantStacks);
    return (['power', 'water'] as const).map((k) => ({ kind: k, count: arr(s[k]).length, top: arr(s[k]).length ? int(obj(arr(s[k])[0]).number) : null }));
  },
  stackSizes: (v: Json) => arr(obj(v).stackSizes).map((n) => int(n)),
  terrainLeft: (v: Json) => int(obj(v).terrainLeft),
  /** Present only in the view of the seat that holds them. */
  ownHand: (v: Json) => arr(obj(v).hand).map((f) => str(obj(f).name)),
  ownKept: (v: Json) => arr(obj(v).kept).map((f) => str(obj(f).name)),
};

const TYPE_FILL: Record<string, string> = { residential: '#9fd08a', commercial: '#8ab8e6', downtown: '#c7a3e0', industrial: '#c9a27a', special: '#f2b06b' };
const C = 58;

function cell(c: ReturnType<typeof read.map>[number], x: number, y: number, ctx: DrawContext): string {
  const parts: string[] = [];
  let fill = '#eee', label = '';
  if (c.kind === 'district') {
    fill = TYPE_FILL[c.type] ?? '#ddd';
    label = c.name;
  } else if (c.kind === 'plant' || (c.kind === 'city' && c.resource)) {
    fill = c.resource === 'power' ? '#ffe27a' : '#a9d8f5';
    label = `${ctx.t(c.resource === 'power' ? 'power' : 'water')}${c.kind === 'plant' ? ` ${c.number}${c.side}` : ''}`;
  } else if (c.kind === 'city') {
    fill = '#bdbdbd';
    label = ctx.t('city');
  } else if (c.kind === 'forest') {
    fill = '#3f7f45';
  } else if (c.kind === 'water') {
    fill = '#5aa7d8';
  }
  parts.push(title(`${c.kind}${c.tile ? ` ${c.tile}` : ''} (${c.x}, ${c.y})${c.owner !== null ? ` · ${ctx.names[c.owner] ?? c.owner}` : ''}`));
  parts.push(rect(x + 1, y + 1, C - 2, C - 2, { fill, stroke: c.owner !== null ? seatColour(c.owner) : '#777', 'stroke-width': c.owner !== null ? 3 : 1, rx: 3 }));
  if (c.kind === 'forest') {
    for (const [dx, dy] of [[16, 30], [34, 24], [26, 44]] as const) parts.push(`<path d="M${x + dx} ${y + dy - 14} l-8 14 h16 z" fill="#1f4d24"/>`);
  }
  if (c.kind === 'water') parts.push(`<path d="M${x + 8} ${y + 26} q8 -6 16 0 t16 0 t16 0 M${x + 8} ${y + 38} q8 -6 16 0 t16 0 t16 0" stroke="#fff" fill="none"/>`);
  if (label) {
    const words = label.split(' ');
    const l1 = words.slice(0, Math.ceil(words.length / 2)).join(' '), l2 = words.slice(Math.ceil(words.length / 2)).join(' ');
    parts.push(text(x + 4, y + 14, l1, { 'font-size': 9 }, 11), text(x + 4, y + 25, l2, { 'font-size': 9 }, 11));
  }
  for (let i = 0; i < Math.min(c.cubes, 10); i++) {
    parts.push(rect(x + 5 + (i % 5) * 9, y + 34 + Math.floor(i / 5) * 9, 7, 7, { fill: c.resource === 'power' ? '#e0a800' : '#1f6fb2', stroke: '#333', 'stroke-width': 0.5, class: 'cube' }));
  }
  if (c.cubes > 10) parts.push(text(x + 5, y + 54, `+${c.cubes - 10}`, { 'font-size': 8 }));
  if (c.supplied) parts.push(text(x + C - 14, y + 14, '✓', { 'font-size': 12, fill: '#1b5e20', 'font-weight': 'bold' }));
  return group({ class: `cell ${c.kind}`, 'data-x': c.x, 'data-y': c.y }, ...parts);
}

function draw(v: Json, ctx: DrawContext): Drawn {
  const cells = read.map(v);
  const free = read.placeable(v);
  const all = [...cells, ...free];
  const minX = Math.min(0, ...all.map((c) => c.x)), maxX = Math.max(1, ...all.map((c) => c.x));
  const minY = Math.min(0, ...all.map((c) => c.y)), maxY = Math.max(1, ...all.map((c) => c.y));
  const at = (x: number, y: number) => ({ px: (x - minX) * C, py: (y - minY) * C });
  const parts: string[] = [];
  for (const p of free) {
    const { px, py } = at(p.x, p.y);
    parts.push(rect(px + 3, py + 3, C - 6, C - 6, { fill: 'none', stroke: '#999', 'stroke-dasharray': '4 3', class: 'placeable' }));
  }
  for (const c of cells) {
    const { px, py } = at(c.x, c.y);
    parts.push(cell(c, px, py, ctx));
  }
  const mapW = (maxX - minX + 1) * C, mapH = (maxY - minY + 1) * C;
  // The side panel: each seat's money, VP and goods; the tile being placed; the supply.
  const px = mapW + 20;
  let y = 12;
  const line = (s: string, attrs: Record<string, string | number> = {}) => {
    parts.push(text(px, y, s, { 'font-size': 12, ...attrs }, 64));
    y += 17;
  };
  for (const p of read.players(v)) {
    parts.push(rect(px, y - 10, 10, 10, { fill: seatColour(p.seat), rx: 2 }));
    parts.push(text(px + 14, y, `${ctx.names[p.seat] ?? `#${p.seat}`}: ${ctx.t('money')} ${p.money}, ${ctx.t('vp')} ${p.vp}, ${ctx.t('goods')} ${p.goods}`, { 'font-size': 12 }, 50));
    y += 15;
    parts.push(text(px + 14, y, `${ctx.t('hand')} ${p.hand} · ${ctx.t('kept')} ${p.kept}`, { 'font-size': 11, fill: '#555' }));
    y += 19;
  }
  const pending = read.pending(v);
  if (pending) line(`${ctx.t('pending')}: ${pending.name || pending.kind}`, { 'font-weight': 'bold' });
  line(`${ctx.t('plants')}: ${read.plantTops(v).map((t) => `${ctx.t(t.kind)} ${t.top ?? '—'} (${t.count})`).join(', ')}`);
  line(`${ctx.t('stacks')}: ${read.stackSizes(v).join(' / ')} · ${ctx.t('terrainLeft')} ${read.terrainLeft(v)}`);
  if (ctx.viewerSeat !== null) {
    const hand = read.ownHand(v), kept = read.ownKept(v);
    if (hand.length > 0) line(`${ctx.t('hand')} (${ctx.t('you')}): ${hand.join(', ')}`);
    if (kept.length > 0) line(`${ctx.t('kept')} (${ctx.t('you')}): ${kept.join(', ')}`);
  }
  return { width: px + 330, height: Math.max(mapH, y), svg: parts.join('') };
}

export const cityTycoonBoard: GameBoard = {
  name: { en: 'City Tycoon', fr: 'City Tycoon' },
  scores: (v, seats) => {
    const by = new Map(read.players(v).map((p) => [p.seat, p.score]));
    return Array.from({ length: seats }, (_, s) => by.get(s) ?? null);
  },
  status: (v, ctx) => `${ctx.t('round')} ${read.round(v)} · ${ctx.t('phase')} ${phaseName(ctx.lang, read.phase(v))}`,
  draw,
};
