import type { Json } from '../engine/index.js';
import type { GameBoard } from './index.js';
import { arr, circle, group, int, obj, rect, seatColour, str, text, title, phaseName, type DrawContext, type Drawn } from './svg.js';

type Card = { card: string; name: string; colour: string; cost: number; income: number; inhabitants: number; leaves: number };
const card = (c: Json): Card => {
  const o = obj(c);
  return { card: str(o.card), name: str(o.name), colour: str(o.colour, ''), cost: int(o.cost), income: int(o.income), inhabitants: int(o.inhabitants), leaves: int(o.leaves) };
};

/** Every read of La Ville de Demain's view, in one place (a renamed field is a one-line change). */
const read = {
  round: (v: Json) => int(obj(v).round),
  // `phase` in the uniform view conventions, `step` before them.
  step: (v: Json) => str(obj(v).phase, str(obj(v).step)),
  finalRound: (v: Json) => obj(v).finalRound === true,
  visible: (v: Json) => arr(obj(v).visible).map(card),
  decks: (v: Json) => arr(obj(v).decks).map(obj).map((d) => ({ deck: int(d.deck), costs: str(d.costs), remaining: int(d.remaining) })),
  habitations: (v: Json) => arr(obj(v).habitations).map((h) => ({ ...card(h), remaining: int(obj(h).remaining) })),
  specials: (v: Json) => arr(obj(v).specials).map((s) => ({ ...card(s), condition: str(obj(s).conditionText) })),
  cities: (v: Json) => arr(obj(v).cities).map(obj).map((c) => ({ seat: int(c.seat), coins: int(c.coins), cards: arr(c.cards).map(card), income: int(c.income), inhabitants: int(c.inhabitants), leaves: int(c.leaves), score: int(c.score) })),
};

const FILL: Record<string, string> = { blue: '#8ab8e6', green: '#9fd08a', yellow: '#f6dc6b', orange: '#f4a261', purple: '#c7a3e0', '': '#f2efe6' };
const CW = 84, CH = 50;

function drawCard(c: Card, x: number, y: number, ctx: DrawContext, extra = ''): string {
  return group({ class: 'card', 'data-card': c.card },
    title(`${c.name}: ${ctx.t('income')} ${c.income}, ${ctx.t('inhabitants')} ${c.inhabitants}, ${ctx.t('leaves')} ${c.leaves}`),
    rect(x, y, CW, CH, { fill: FILL[c.colour] ?? '#eee', stroke: '#555', rx: 4 }),
    text(x + 4, y + 13, c.name, { 'font-size': 9, 'font-weight': 'bold' }, 15),
    c.cost > 0 ? circle(x + 11, y + 36, 8, { fill: '#f2c200', stroke: '#8a6d00' }) : '',
    c.cost > 0 ? text(x + 11, y + 40, String(c.cost), { 'font-size': 10, 'text-anchor': 'middle' }) : '',
    text(x + 24, y + 40, `${c.income ? `+${c.income}` : ''}${c.inhabitants ? ` ♟${c.inhabitants}` : ''}${c.leaves ? ` ♣${c.leaves}` : ''}`, { 'font-size': 10 }),
    extra ? text(x + 4, y + CH - 2, extra, { 'font-size': 8, fill: '#333' }, 18) : '',
  );
}

function draw(v: Json, ctx: DrawContext): Drawn {
  const parts: string[] = [];
  let y = 0;
  // The market: the visible row and the decks, the habitations, the special buildings.
  parts.push(text(0, y + 12, `${ctx.t('market')}${read.finalRound(v) ? ` · ${ctx.t('finalRound')}` : ''}`, { 'font-size': 13, 'font-weight': 'bold' }));
  y += 18;
  let x = 0;
  for (const d of read.decks(v)) {
    parts.push(group({ class: 'deck' }, rect(x, y, 60, CH, { fill: '#6d4c41', stroke: '#3e2723', rx: 4 }), text(x + 6, y + 16, `${ctx.t('deck')} ${d.deck}`, { 'font-size': 10, fill: '#fff' }), text(x + 6, y + 30, d.costs, { 'font-size': 10, fill: '#fff' }), text(x + 6, y + 44, `${d.remaining} ${ctx.t('cards')}`, { 'font-size': 9, fill: '#fff' })));
    x += 66;
  }
  x += 8;
  const visible = read.visible(v);
  if (visible.length === 0) parts.push(text(x, y + 28, ctx.t('empty'), { 'font-size': 11, fill: '#777' }));
  visible.forEach((c, i) => parts.push(drawCard(c, x + i * (CW + 6), y, ctx)));
  y += CH + 10;
  x = 0;
  parts.push(text(0, y + 11, `${ctx.t('habitations')}:`, { 'font-size': 11 }));
  y += 15;
  for (const h of read.habitations(v)) {
    parts.push(drawCard(h, x, y, ctx, `× ${h.remaining} ${ctx.t('left')}`));
    x += CW + 6;
  }
  let width = x;
  y += CH + 10;
  x = 0;
  const specials = read.specials(v);
  if (specials.length > 0) {
    parts.push(text(0, y + 11, `${ctx.t('specials')}:`, { 'font-size': 11 }));
    y += 15;
    for (const s of specials) {
      parts.push(drawCard(s, x, y, ctx, s.condition));
      x += CW + 6;
    }
    width = Math.max(width, x);
    y += CH + 14;
  }
  // The cities, one row each.
  for (const c of read.cities(v)) {
    parts.push(rect(0, y, 10, 10, { fill: seatColour(c.seat), rx: 2 }));
    parts.push(text(14, y + 10, `${ctx.names[c.seat] ?? `#${c.seat}`} · ${ctx.t('coins')} ${c.coins} · ${ctx.t('income')} ${c.income} · ${ctx.t('inhabitants')} ${c.inhabitants} · ${ctx.t('leaves')} ${c.leaves} · ${ctx.t('score')} ${c.score}`, { 'font-size': 12 }, 110));
    y += 16;
    c.cards.forEach((k, i) => parts.push(drawCard(k, (i % 10) * (CW + 4), y + Math.floor(i / 10) * (CH + 4), ctx)));
    width = Math.max(width, Math.min(10, c.cards.length) * (CW + 4));
    y += Math.max(1, Math.ceil(c.cards.length / 10)) * (CH + 4) + 10;
  }
  return { width: Math.max(width, 600), height: y, svg: parts.join('') };
}

export const villeDeDemainBoard: GameBoard = {
  name: { en: 'La Ville de Demain', fr: 'La Ville de Demain' },
  scores: (v, seats) => {
    const by = new Map(read.cities(v).map((c) => [c.seat, c.score]));
    return Array.from({ length: seats }, (_, s) => by.get(s) ?? null);
  },
  status: (v, ctx) => `${ctx.t('round')} ${read.round(v)} · ${ctx.t('phase')} ${phaseName(ctx.lang, read.step(v))}`,
  draw,
};
