import type { Json } from '../../engine/index.js';
import {
  arr,
  group,
  int,
  obj,
  phaseNames,
  roundAndPhase,
  sayerOf,
  scoresBySeat,
  someMove,
  rect,
  seatColour,
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
import { fitText, textWidth } from '../../board/text.js';

/**
 * Town Center's board picture: the bag, the drawn cubes and the towers of Phase I, then each
 * seat's town, its sites in a grid labelled as the notation writes them (columns a, b, c... from
 * the left, rows 1, 2, 3... from the top), each stack seen from the side.
 */

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
  townSites: (t: Json) =>
    arr(obj(t).sites)
      .map(obj)
      .map((s) => ({ row: int(s.row), col: int(s.col), center: s.center === true, stack: arr(s.stack).map((c) => str(c)) })),
  townMoney: (t: Json) => int(obj(t).money),
  townHand: (t: Json) => arr(obj(t).hand).map((c) => str(c)),
  townScore: (t: Json) => int(obj(obj(t).score).total),
  townLimit: (t: Json) => int(obj(t).heightLimit),
  price: (v: Json, seat: number, colour: string) => int(obj(obj(read.towns(v).find((t) => read.townSeat(t) === seat)?.prices)[colour]), -1),
};

/** Cube colours as printed (data.ts): red Office, green Residential, blue Commercial, yellow Utilities, black Elevator, purple
 * City Hall. */
const CUBE: Record<string, string> = {
  office: '#d23c3c',
  residential: '#3aa655',
  commercial: '#2f6fd6',
  utility: '#f2c200',
  elevator: '#1b1b1b',
  cityHall: '#8e44ad',
};
/** The cubes' names in both rulebooks. */
const CUBE_NAMES: Record<string, Record<Lang, string>> = wordsFrom(messages, 'board.cube', [
  'office',
  'residential',
  'commercial',
  'utility',
  'elevator',
  'cityHall',
] as const);
const ORDER = ['office', 'residential', 'commercial', 'utility', 'elevator', 'cityHall'];
const cubeName = (c: string, lang: Lang) => CUBE_NAMES[c]?.[lang] ?? c;

const WORDS = wordsFrom(messages, 'board', [
  'legend',
  'bag',
  'drawn',
  'row',
  'towers',
  'hand',
  'money',
  'score',
  'limit',
  'empty',
] as const);

/** Site names as the notation writes them: column letter, row number (a1 top left). */
const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';
export const siteName = (row: number, col: number) => `${COLUMNS[col] ?? `?${col}`}${row + 1}`;

const CELL = 44;
const AXIS = 18;

function cube(x: number, y: number, colour: string, lang: Lang, w = 12, h = 12): string {
  return group(
    { class: 'cube', 'data-colour': colour },
    title(cubeName(colour, lang)),
    rect(x, y, w, h, { fill: CUBE[colour] ?? '#999', stroke: colour === 'elevator' ? '#888' : '#222', 'stroke-width': 0.8, rx: 1.5 }),
  );
}

/** One town: its grid with coordinates, each stack from the side, its money, score and cubes to build. */
function town(t: Json, ctx: DrawContext, hot: string[], ox: number, oy: number): Drawn {
  const rows = read.townRows(t);
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const seat = read.townSeat(t);
  const mine = seat === ctx.viewerSeat;
  const w = AXIS + cols * CELL + 12;
  const gridX = AXIS + 6,
    gridY = 72;
  const parts: string[] = [];
  const gridBottom = gridY + rows.length * CELL;
  const height = gridBottom + 34;
  parts.push(rect(0, 0, w, height, { fill: '#fbfaf5', stroke: seatColour(seat), 'stroke-width': mine ? 3 : 2, rx: 6 }));
  parts.push(rect(8, 9, 12, 12, { fill: seatColour(seat), rx: 2 }));
  // The name takes up to two lines, the money and score one: the grid starts at the same place in every town.
  parts.push(fitText(26, 6, ctx.names[seat] ?? `#${seat + 1}`, { width: w - 34, size: 13, bold: true, lines: 2, min: 10 }).svg);
  const L = (k: keyof typeof WORDS) => WORDS[k][ctx.lang];
  parts.push(
    fitText(8, 38, `${L('money')} $${read.townMoney(t)} · ${L('score')} ${read.townScore(t)} · ${L('limit')} ${read.townLimit(t)}`, {
      width: w - 16,
      size: 11,
      min: 7,
    }).svg,
  );
  for (let c = 0; c < cols; c++)
    parts.push(
      text(gridX + c * CELL + CELL / 2 - 1, 67, COLUMNS[c]!, { 'font-size': 11, 'text-anchor': 'middle', fill: '#555', class: 'coord' }),
    );
  for (let r = 0; r < rows.length; r++)
    parts.push(
      text(AXIS / 2 + 3, gridY + r * CELL + CELL / 2 + 4, String(r + 1), {
        'font-size': 11,
        'text-anchor': 'middle',
        fill: '#555',
        class: 'coord',
      }),
    );
  for (const s of read.townSites(t)) {
    const x = gridX + s.col * CELL,
      y = gridY + s.row * CELL;
    parts.push(
      group(
        { class: 'site', 'data-site': siteName(s.row, s.col) },
        title(siteName(s.row, s.col)),
        rect(x, y, CELL - 2, CELL - 2, { fill: s.center ? '#e6dcc3' : '#d4e6cf', stroke: '#b9b09a', rx: 2 }),
        // The stack as a tower seen from the side: bottom cube at the bottom of the square.
        ...s.stack.map((c, level) => cube(x + 7, y + CELL - 5 - 7.5 * (level + 1), c, ctx.lang, CELL - 16, 6.5)),
      ),
    );
    if (mine) hot.push(ctx.hotspot(`site:${s.row}:${s.col}`, ox + x - 1, oy + y - 1, CELL, CELL));
  }
  const hand = read.townHand(t);
  const label = fitText(8, gridBottom + 8, `${L('hand')}:`, { width: 90, size: 11 });
  parts.push(label.svg);
  const hx = 8 + Math.ceil(textWidth(`${L('hand')}:`, label.size)) + 6;
  hand.forEach((c, i) => {
    parts.push(cube(hx + i * 18, gridBottom + 7, c, ctx.lang, 14, 14));
    if (mine) hot.push(ctx.hotspot(`hand:${c}`, ox + hx + i * 18 - 2, oy + gridBottom + 5, 18, 18));
  });
  return { width: w, height, svg: parts.join('') };
}

/** A row of labelled cubes: "Bag: ■ 12 ■ 5 ...", "Drawn: ■ ■ ■". Returns its SVG and height. */
function cubeRow(
  y: number,
  label: string,
  items: { colour: string; count?: number }[],
  ctx: DrawContext,
  width: number,
): { svg: string; height: number } {
  const parts: string[] = [fitText(0, y, label, { width: 86, size: 12, bold: true }).svg];
  let x = 90,
    line = 0;
  for (const it of items) {
    const w = 16 + (it.count === undefined ? 0 : Math.ceil(textWidth(String(it.count), 11)) + 12);
    if (x + w > width) {
      x = 90;
      line++;
    }
    const top = y + line * 18;
    parts.push(cube(x, top + 1, it.colour, ctx.lang));
    if (it.count !== undefined) parts.push(text(x + 16, top + 11, String(it.count), { 'font-size': 11 }));
    x += w;
  }
  return { svg: parts.join(''), height: (line + 1) * 18 };
}

function draw(v: Json, ctx: DrawContext): Drawn {
  const parts: string[] = [];
  const hot: string[] = [];
  const towns = read.towns(v);
  const perRow = Math.min(4, Math.max(1, towns.length));
  const townW = AXIS + 5 * CELL + 12;
  const width = Math.max(520, perRow * (townW + 10) - 10);
  // The legend: each cube's colour and name.
  let y = 0;
  {
    let x = 90,
      line = 0;
    parts.push(fitText(0, y, `${WORDS.legend[ctx.lang]}:`, { width: 86, size: 12, bold: true }).svg);
    for (const c of ORDER) {
      const name = cubeName(c, ctx.lang);
      const w = 16 + Math.ceil(textWidth(name, 11)) + 14;
      if (x + w > width) {
        x = 90;
        line++;
      }
      parts.push(cube(x, y + line * 18 + 1, c, ctx.lang), text(x + 16, y + line * 18 + 11, name, { 'font-size': 11 }));
      x += w;
    }
    y += (line + 1) * 18 + 4;
  }
  const bag = read.bag(v);
  const inBag = ORDER.filter((c) => int(bag[c]) > 0).map((c) => ({ colour: c, count: int(bag[c]) }));
  const bagRow = cubeRow(y, `${WORDS.bag[ctx.lang]}:`, inBag, ctx, width);
  parts.push(bagRow.svg);
  y += bagRow.height + 4;
  const drawn = read.drawn(v);
  if (drawn.length > 0) {
    const r = cubeRow(
      y,
      `${WORDS.drawn[ctx.lang]}:`,
      drawn.map((c) => ({ colour: c })),
      ctx,
      width,
    );
    parts.push(r.svg);
    y += r.height + 4;
  }
  const row = read.row(v);
  if (row.length > 0) {
    const r = cubeRow(
      y,
      `${WORDS.row[ctx.lang]}:`,
      row.map((c) => ({ colour: c })),
      ctx,
      width,
    );
    parts.push(r.svg);
    y += r.height + 4;
  }
  // The towers of Phase I, numbered from 1 as the notation writes them.
  const towers = read.towers(v);
  if (towers.length > 0 && (towers.some((t) => t.length > 0) || ctx.isTarget('tower:0'))) {
    parts.push(fitText(0, y, `${WORDS.towers[ctx.lang]}:`, { width: 86, size: 12, bold: true }).svg);
    const tallest = Math.max(2, ...towers.map((t) => t.length));
    const h = tallest * 10 + 6;
    towers.forEach((t, i) => {
      const tx = 90 + i * 40;
      parts.push(
        group(
          { class: 'tower', 'data-tower': i + 1 },
          rect(tx, y, 32, h, { fill: '#f4f1e6', stroke: '#b9b09a', rx: 3 }),
          ...t.map((c, level) => cube(tx + 5, y + h - 4 - (level + 1) * 10, c, ctx.lang, 22, 8)),
          text(tx + 16, y + h + 13, String(i + 1), { 'font-size': 11, 'text-anchor': 'middle', fill: '#555', class: 'coord' }),
        ),
      );
      hot.push(ctx.hotspot(`tower:${i}`, tx - 2, y - 2, 36, h + 18));
    });
    y += h + 22;
  }
  y += 6;
  // The towns, four to a row.
  let tx = 0,
    ty = y,
    rowH = 0;
  towns.forEach((t, i) => {
    if (i > 0 && i % perRow === 0) {
      tx = 0;
      ty += rowH + 10;
      rowH = 0;
    }
    const d = town(t, ctx, hot, tx, ty);
    parts.push(group({ transform: `translate(${tx} ${ty})`, class: 'town', 'data-seat': read.townSeat(t) }, d.svg));
    tx += d.width + 10;
    rowH = Math.max(rowH, d.height);
  });
  return { width, height: ty + rowH, svg: parts.join('') + hot.join('') };
}

/** Where a move is played: a site of the mover's town, a tower, a cube to build; pass is a button. */
function targetOf(move: Json): string | null {
  const m = obj(move);
  switch (str(m.type)) {
    case 'placeCityHall':
    case 'buildCube':
    case 'developCube':
    case 'buyCube':
      return `site:${int(m.row)}:${int(m.col)}`;
    case 'stackCube':
    case 'takeCube':
      return `tower:${int(m.tower)}`;
    case 'returnCube':
      return `hand:${str(m.color)}`;
    default:
      return null;
  }
}

const say = sayerOf(messages, 'board.move');
const phaseName = phaseNames(messages, ['cityHall', 'arrange', 'pick', 'soloReturn', 'construction', 'development', 'publicWorks', 'over']);

function describe(move: Json | null, d: DescribeContext): string {
  const m = obj(move);
  const lang = d.lang;
  const cube = cubeName(str(m.color), lang);
  const site = siteName(int(m.row), int(m.col));
  const tower = String(int(m.tower) + 1);
  switch (str(m.type)) {
    case 'placeCityHall':
      return say(lang, 'placeCityHall', { site });
    case 'stackCube':
      return say(lang, 'stackCube', { cube, tower });
    case 'takeCube': {
      const cubes = d.view
        ? (read.towers(d.view)[int(m.tower)] ?? [])
        : d.events
            .map(obj)
            .filter((e) => e.type === 'cubeTaken')
            .map((e) => str(e.color));
      const list = cubes.map((x) => cubeName(x, lang)).join(', ');
      return list ? say(lang, 'takeCube.cubes', { tower, cubes: list }) : say(lang, 'takeCube', { tower });
    }
    case 'returnCube':
      return say(lang, 'returnCube', { cube });
    case 'buildCube':
      return say(lang, 'buildCube', { cube, site });
    case 'developCube':
      return say(lang, 'developCube', { cube, site });
    case 'buyCube': {
      const price = d.view ? read.price(d.view, d.seat, str(m.color)) : -1;
      return price >= 0 ? say(lang, 'buyCube.price', { cube, site, price: String(price) }) : say(lang, 'buyCube', { cube, site });
    }
    default:
      return someMove(str(m.type), lang);
  }
}

export const townCenterPicture: GamePicture = {
  name: { en: 'Town Center', fr: 'Town Center' },
  scores: (v, seats) =>
    scoresBySeat(
      read.towns(v).map((t) => [read.townSeat(t), read.townScore(t)]),
      seats,
    ),
  status: (v, ctx) => roundAndPhase(ctx, `${read.round(v)}/${read.rounds(v)}`, phaseName(ctx.lang, read.phase(v))),
  draw,
  targetOf,
  describe,
};
