import type { Json } from '../engine/index.js';
import type { GameBoard } from './index.js';
import { arr, group, int, obj, rect, seatColour, str, text, title, phaseName, type DrawContext, type Drawn } from './svg.js';

/** Every read of Town Center's view, in one place (a renamed field is a one-line change). */
const read = {
  round: (v: Json) => int(obj(v).round),
  rounds: (v: Json) => int(obj(v).rounds, 10),
  phase: (v: Json) => str(obj(v).phase),
  towers: (v: Json) => arr(obj(v).towers).map((t) => arr(t).map((c) => str(c))),
  drawn: (v: Json) => arr(obj(v).drawn).map((c) => str(c)),
  row: (v: Json) => arr(obj(v).row).map((c) => str(c)),
  bag: (v: Json) => obj(obj(v).bag),
  towns: (v: Json) => arr(obj(v).towns).map(obj),
  townSeat: (t: Json) => int(obj(t).seat),
  townRows: (t: Json) => arr(obj(obj(t).board).rows).map((r) => str(r)),
  townSites: (t: Json) => arr(obj(t).sites).map(obj).map((s) => ({ row: int(s.row), col: int(s.col), center: s.center === true, stack: arr(s.stack).map((c) => str(c)) })),
  townMoney: (t: Json) => int(obj(t).money),
  townHand: (t: Json) => arr(obj(t).hand).map((c) => str(c)),
  townScore: (t: Json) => int(obj(obj(t).score).total),
  townLimit: (t: Json) => int(obj(t).heightLimit),
};

/** Cube colours as printed (data.ts): red Office, green Residential, blue Commercial, yellow Utilities, black Elevator, purple City Hall. */
const CUBE: Record<string, string> = { office: '#d23c3c', residential: '#3aa655', commercial: '#2f6fd6', utility: '#f2c200', elevator: '#1b1b1b', cityHall: '#8e44ad' };
const CUBE_NAMES: Record<string, { en: string; fr: string }> = {
  office: { en: 'office', fr: 'bureau' },
  residential: { en: 'residential', fr: 'résidentiel' },
  commercial: { en: 'commercial', fr: 'commerce' },
  utility: { en: 'utility', fr: 'service public' },
  elevator: { en: 'elevator/parking', fr: 'ascenseur/parking' },
  cityHall: { en: 'city hall', fr: 'mairie' },
};
const ORDER = ['office', 'residential', 'commercial', 'utility', 'elevator', 'cityHall'];

const CELL = 40;

function cube(x: number, y: number, colour: string, lang: 'en' | 'fr', w = 12, h = 12): string {
  return group({ class: 'cube', 'data-colour': colour },
    title(CUBE_NAMES[colour]?.[lang] ?? colour),
    rect(x, y, w, h, { fill: CUBE[colour] ?? '#999', stroke: colour === 'elevator' ? '#888' : '#222', 'stroke-width': 0.8, rx: 1.5 }),
  );
}

function town(t: Json, ctx: DrawContext): Drawn {
  const rows = read.townRows(t);
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const seat = read.townSeat(t);
  const parts: string[] = [];
  const w = Math.max(cols * CELL + 16, 200);
  const gridY = 44;
  parts.push(rect(0, 0, w, gridY + rows.length * CELL + 26, { fill: '#fbfaf5', stroke: seatColour(seat), 'stroke-width': 2, rx: 6 }));
  parts.push(rect(8, 8, 12, 12, { fill: seatColour(seat), rx: 2 }));
  parts.push(text(26, 19, ctx.names[seat] ?? `#${seat}`, { 'font-size': 13, 'font-weight': 'bold' }, 22));
  parts.push(text(8, 36, `${ctx.t('money')} ${read.townMoney(t)} · ${ctx.t('score')} ${read.townScore(t)} · ${ctx.t('levels')} ${read.townLimit(t)}`, { 'font-size': 11 }));
  for (const s of read.townSites(t)) {
    const x = 8 + s.col * CELL, y = gridY + s.row * CELL;
    parts.push(rect(x, y, CELL - 2, CELL - 2, { fill: s.center ? '#e6dcc3' : '#d4e6cf', stroke: '#b9b09a', rx: 2, class: 'site', 'data-row': s.row, 'data-col': s.col }));
    // The stack as a tower seen from the side: bottom cube at the bottom of the square.
    s.stack.forEach((c, level) => {
      parts.push(cube(x + 9, y + CELL - 3 - 7 * (level + 1), c, ctx.lang, 20, 6));
    });
  }
  const hand = read.townHand(t);
  const hy = gridY + rows.length * CELL + 4;
  parts.push(text(8, hy + 12, `${ctx.t('hand')}:`, { 'font-size': 11 }));
  hand.forEach((c, i) => parts.push(cube(48 + i * 15, hy + 2, c, ctx.lang)));
  return { width: w, height: hy + 22, svg: parts.join('') };
}

function draw(v: Json, ctx: DrawContext): Drawn {
  const parts: string[] = [];
  // The common area: the bag, the drawn cubes and the towers (Phase I), the solo row.
  let x = 0;
  parts.push(text(0, 14, `${ctx.t('bag')}:`, { 'font-size': 12 }));
  x = 36;
  const bag = read.bag(v);
  for (const c of ORDER) {
    const n = int(bag[c]);
    if (n === 0) continue;
    parts.push(cube(x, 3, c, ctx.lang), text(x + 15, 14, `${n}`, { 'font-size': 11 }));
    x += 40;
  }
  const drawn = read.drawn(v);
  let y = 24;
  if (drawn.length > 0) {
    parts.push(text(0, y + 12, `${ctx.t('drawn')}:`, { 'font-size': 12 }));
    drawn.forEach((c, i) => parts.push(cube(60 + i * 15, y + 2, c, ctx.lang)));
    y += 20;
  }
  const row = read.row(v);
  if (row.length > 0) {
    parts.push(text(0, y + 12, `${ctx.t('row')}:`, { 'font-size': 12 }));
    row.forEach((c, i) => parts.push(cube(60 + i * 15, y + 2, c, ctx.lang)));
    y += 20;
  }
  const towers = read.towers(v);
  if (towers.some((t) => t.length > 0)) {
    parts.push(text(0, y + 12, `${ctx.t('towers')}:`, { 'font-size': 12 }));
    const tallest = Math.max(...towers.map((t) => t.length));
    towers.forEach((t, i) => {
      const tx = 60 + i * 26;
      parts.push(text(tx + 2, y + 12 + tallest * 8 + 12, `${i}`, { 'font-size': 10, fill: '#555' }));
      t.forEach((c, level) => parts.push(cube(tx, y + 4 + (tallest - level - 1) * 8, c, ctx.lang, 14, 7)));
    });
    y += tallest * 8 + 20;
  }
  y += 8;
  // The towns, four to a row.
  const towns = read.towns(v).map((t) => town(t, ctx));
  let tx = 0, ty = y, rowH = 0, width = 520;
  towns.forEach((d, i) => {
    if (i > 0 && i % 4 === 0) {
      tx = 0;
      ty += rowH + 10;
      rowH = 0;
    }
    parts.push(group({ transform: `translate(${tx} ${ty})`, class: 'town', 'data-seat': i }, d.svg));
    tx += d.width + 10;
    rowH = Math.max(rowH, d.height);
    width = Math.max(width, tx);
  });
  return { width, height: ty + rowH, svg: parts.join('') };
}

export const townCenterBoard: GameBoard = {
  name: { en: 'Town Center', fr: 'Town Center' },
  scores: (v, seats) => {
    const byTown = new Map(read.towns(v).map((t) => [read.townSeat(t), read.townScore(t)]));
    return Array.from({ length: seats }, (_, s) => byTown.get(s) ?? null);
  },
  status: (v, ctx) => `${ctx.t('round')} ${read.round(v)}/${read.rounds(v)} · ${ctx.t('phase')} ${phaseName(ctx.lang, read.phase(v))}`,
  draw,
};
