import type { Json } from '../../engine/index.js';
import { arr, group, int, obj, rect, sayerOf, str, text, title, type Lang, wordsFrom } from '../../board/svg.js';
import { messages } from './messages.js';
import { fitText, textWidth } from '../../board/text.js';

/**
 * The pieces City Tycoon's picture and words share: reading the view, the district faces as
 * people read them (names, costs, supply options with cube icons), in English and French.
 */

export type Benefit = { money: number; vp: number; goods: number };
export type Needs = { electricity: number; water: number; goods: number };
export type Face = {
  name: string;
  type: string;
  build: { cost: number; bonus: Benefit }[];
  options: { needs: Needs; gives: Benefit }[];
  cooperation: { type: string; money: number; vp: number } | null;
  terrain: { kind: string; count: number } | null;
  typeCount: { type: string; vp: number } | null;
};
export type PlantTile = {
  kind: string;
  number: number;
  a: { cost: number; cubes: number; recycle: number };
  b: { cost: number; cubes: number; recycle: number };
};

const benefit = (v: Json | undefined): Benefit => ({ money: int(obj(v).money), vp: int(obj(v).vp), goods: int(obj(v).goods) });
export function face(v: Json | undefined): Face {
  const f = obj(v);
  const coop = f.cooperation === null || f.cooperation === undefined ? null : obj(f.cooperation);
  const terrain = f.terrain === null || f.terrain === undefined ? null : obj(f.terrain);
  const typeCount = f.typeCount === null || f.typeCount === undefined ? null : obj(f.typeCount);
  return {
    name: str(f.name),
    type: str(f.type),
    build: arr(f.build)
      .map(obj)
      .map((b) => ({ cost: int(b.cost), bonus: benefit(b.bonus) })),
    options: arr(f.options)
      .map(obj)
      .map((o) => ({
        needs: { electricity: int(obj(o.needs).electricity), water: int(obj(o.needs).water), goods: int(obj(o.needs).goods) },
        gives: benefit(o.gives),
      })),
    cooperation: coop && { type: str(coop.type), money: int(coop.money), vp: int(coop.vp) },
    terrain: terrain && { kind: str(terrain.kind), count: int(terrain.count) },
    typeCount: typeCount && { type: str(typeCount.type), vp: int(typeCount.vp) },
  };
}
const plantTile = (v: Json | undefined): PlantTile => {
  const p = obj(v);
  const side = (s: Json | undefined) => ({ cost: int(obj(s).cost), cubes: int(obj(s).cubes), recycle: int(obj(s).recycle) });
  return { kind: str(p.kind), number: int(p.number), a: side(p.a), b: side(p.b) };
};

/** Every read of City Tycoon's view, in one place (a renamed field is a one-line change). */
export const read = {
  round: (v: Json) => int(obj(v).round),
  phase: (v: Json) => str(obj(v).phase),
  order: (v: Json) => arr(obj(v).order).map((n) => int(n)),
  map: (v: Json) =>
    arr(obj(v).map)
      .map(obj)
      .map((c) => ({
        x: int(c.x),
        y: int(c.y),
        kind: str(c.kind),
        owner: typeof c.owner === 'number' ? c.owner : null,
        city: str(c.tile).startsWith('city'),
        face: c.kind === 'district' ? face(c.face) : null,
        plant: { number: int(obj(c.face).number), cubes: int(obj(c.face).cubes) },
        resource: str(c.resource),
        side: str(c.side),
        cubes: int(c.cubes),
        recycle: int(c.recycle),
        supplied:
          c.supplied === null || c.supplied === undefined
            ? null
            : {
                option: int(obj(c.supplied).option),
                electricity: int(obj(c.supplied).electricity),
                water: int(obj(c.supplied).water),
                goods: int(obj(c.supplied).goods),
              },
      })),
  placeable: (v: Json) =>
    arr(obj(v).placeable)
      .map(obj)
      .map((p) => ({ x: int(p.x), y: int(p.y) })),
  players: (v: Json) =>
    arr(obj(v).players)
      .map(obj)
      .map((p) => ({
        seat: int(p.seat),
        money: int(p.money),
        vp: int(p.vp),
        goods: int(p.goods),
        score: int(p.score),
        hand: int(p.handSize),
        kept: int(p.keptCount),
        passed: p.passed === true,
      })),
  pending: (v: Json) => {
    const p = obj(v).pending;
    if (p === null || p === undefined) return null;
    const o = obj(p);
    return {
      kind: str(o.kind),
      face: o.kind === 'district' ? face(o.face) : null,
      plant: str(o.plant),
      side: str(o.side),
      terrain: str(o.terrain),
      remaining: int(o.remaining),
      level: int(o.level),
    };
  },
  plantTops: (v: Json) => {
    const s = obj(obj(v).plantStacks);
    return (['power', 'water'] as const).map((k) => ({
      kind: k,
      count: arr(s[k]).length,
      top: arr(s[k]).length ? plantTile(arr(s[k])[0]) : null,
    }));
  },
  stackSizes: (v: Json) => arr(obj(v).stackSizes).map((n) => int(n)),
  terrainLeft: (v: Json) => int(obj(v).terrainLeft),
  supplyCosts: (v: Json) =>
    arr(obj(v).supplyCosts)
      .map(obj)
      .map((s) => ({
        x: int(s.x),
        y: int(s.y),
        option: int(s.option),
        cost: typeof s.cost === 'number' ? s.cost : null,
        deliverable: s.deliverable === true,
        cooperation: { money: int(obj(s.cooperation).money), vp: int(obj(s.cooperation).vp) },
        routes: arr(s.routes)
          .map(obj)
          .map((r) => ({
            resource: str(r.resource),
            path: arr(r.path)
              .map(obj)
              .map((p) => ({ x: int(p.x), y: int(p.y) })),
          })),
      })),
  /** Present only in the view of the seat that holds them, with their ids (moves name tiles by id). */
  ownHand: (v: Json) => arr(obj(v).hand).map((f) => ({ id: str(obj(f).id), face: face(f) })),
  ownKept: (v: Json) => arr(obj(v).kept).map((f) => ({ id: str(obj(f).id), face: face(f) })),
};

export const TYPE_FILL: Record<string, string> = {
  residential: '#b5dea2',
  commercial: '#a9cbef',
  downtown: '#d6bdea',
  industrial: '#dcc0a0',
  special: '#f6c891',
};
export const TYPE_EDGE: Record<string, string> = {
  residential: '#4f8a3c',
  commercial: '#2f6fb0',
  downtown: '#7b4fa0',
  industrial: '#8a5a2b',
  special: '#c26d12',
};
export const CUBE_FILL = { electricity: '#f2c200', water: '#2f7fd0', goods: '#8a5a2b' } as const;

const TYPE_NAMES: Record<string, Record<Lang, string>> = wordsFrom(messages, 'board.type', [
  'residential',
  'commercial',
  'downtown',
  'industrial',
  'special',
] as const);
export const typeName = (t: string, lang: Lang) => TYPE_NAMES[t]?.[lang] ?? t;

export const W = wordsFrom(messages, 'board.w', [
  'electricity',
  'water',
  'goods',
  'powerPlant',
  'waterStation',
  'city',
  'forest',
  'lake',
  'cubes',
  'perRound',
  'side',
  'next',
  'each',
] as const);
export const w = (k: keyof typeof W, lang: Lang) => W[k][lang];

const say = sayerOf(messages, 'board');
/** An amount of money as each rulebook writes it ("$5", "5 $"). */
export const money = (n: number, lang: Lang) => say(lang, 'money', { n: String(n) });
/** Victory points ("2 VP", "2 PV"). */
export const vpText = (n: number, lang: Lang) => say(lang, 'vp', { n: String(n) });
/** A count of cubes or goods, plural by ICU ("2 water", "2 cubes d'eau", "1 marchandise"). */
export const countWords = (n: number, what: 'electricity' | 'water' | 'goods', lang: Lang) => say(lang, 'count', { n, what });

/** A benefit in words: "$8, 1 VP, 2 goods". */
export function benefitWords(b: Benefit, lang: Lang): string {
  const out: string[] = [];
  if (b.money) out.push(money(b.money, lang));
  if (b.vp) out.push(vpText(b.vp, lang));
  if (b.goods) out.push(countWords(b.goods, 'goods', lang));
  return out.join(', ') || '—';
}
/** A supply option in words: "1 electricity, 1 water → $8". */
export function optionWords(o: { needs: Needs; gives: Benefit }, lang: Lang): string {
  const needs = (['electricity', 'water', 'goods'] as const)
    .filter((k) => o.needs[k] > 0)
    .map((k) => countWords(o.needs[k], k, lang))
    .join(', ');
  return `${needs} → ${benefitWords(o.gives, lang)}`;
}
/** A build level in words: "$4 (+1 VP)". */
export function costWords(l: { cost: number; bonus: Benefit }, lang: Lang): string {
  const bonus = l.bonus.money || l.bonus.vp || l.bonus.goods ? ` (+${benefitWords(l.bonus, lang)})` : '';
  return `${money(l.cost, lang)}${bonus}`;
}
/** A face's icons in words: terrain, cooperation, type count. */
export function iconWords(f: Face, lang: Lang): string[] {
  const out: string[] = [];
  if (f.terrain) out.push(`${f.terrain.count} × ${w(f.terrain.kind === 'forest' ? 'forest' : 'lake', lang)}`);
  if (f.cooperation)
    out.push(
      `+${benefitWords({ money: f.cooperation.money, vp: f.cooperation.vp, goods: 0 }, lang)} ${w('next', lang)}` +
        ` ${typeName(f.cooperation.type, lang)}`,
    );
  if (f.typeCount) out.push(`${vpText(f.typeCount.vp, lang)} ${w('each', lang)} ${typeName(f.typeCount.type, lang)}`);
  return out;
}
/** Everything printed on a district, for a <title>. */
export const faceWords = (f: Face, lang: Lang) =>
  [
    `${f.name} (${typeName(f.type, lang)})`,
    f.build.map((l) => costWords(l, lang)).join(' | '),
    ...f.options.map((o, i) => `#${i + 1}: ${optionWords(o, lang)}`),
    ...iconWords(f, lang),
  ].join('\n');

/** Small cube icons in a row (electricity, water, goods); returns their SVG and the width used. */
export function cubeIcons(x: number, y: number, n: Needs, size = 8): { svg: string; width: number } {
  const parts: string[] = [];
  let cx = x;
  for (const k of ['electricity', 'water', 'goods'] as const) {
    for (let i = 0; i < n[k]; i++) {
      parts.push(rect(cx, y, size, size, { fill: CUBE_FILL[k], stroke: '#333', 'stroke-width': 0.6, rx: 1 }));
      cx += size + 2;
    }
  }
  return { svg: parts.join(''), width: cx - x };
}

/**
 * A supply option as a line: its cube icons, an arrow, what it gives (goods as icons too).
 * Fits `width` at font `size` (shrinking the words when needed).
 */
export function optionLine(
  x: number,
  top: number,
  o: { needs: Needs; gives: Benefit },
  lang: Lang,
  width: number,
  size: number,
  attrs: Record<string, string> = {},
): string {
  const icon = Math.round(size * 0.8);
  const needs = cubeIcons(x, top + (size * 1.17 - icon) / 2, o.needs, icon);
  const plain = benefitWords({ ...o.gives, goods: 0 }, lang);
  const words = `→${plain === '—' ? '' : ` ${plain}`}`;
  const goodsW = o.gives.goods * (icon + 2);
  const room = Math.max(10, width - needs.width - 2 - goodsW);
  const t = fitText(x + needs.width + 2, top, words, { width: room, size, attrs });
  const tw = Math.min(room, textWidth(words, t.size)) + 3;
  const goods = cubeIcons(
    x + needs.width + 2 + tw,
    top + (size * 1.17 - icon) / 2,
    { electricity: 0, water: 0, goods: o.gives.goods },
    icon,
  );
  return needs.svg + t.svg + goods.svg;
}

/** A district tile as a card (hand, kept tiles, the tile to place): name, cost, options, icons. */
export const CARD_W = 172,
  CARD_H = 124;
export function card(x: number, y: number, f: Face, lang: Lang): string {
  const parts: string[] = [
    title(faceWords(f, lang)),
    rect(x, y, CARD_W, CARD_H, { fill: TYPE_FILL[f.type] ?? '#eee', stroke: TYPE_EDGE[f.type] ?? '#555', 'stroke-width': 1.5, rx: 5 }),
  ];
  const name = fitText(x + 6, y + 4, f.name, { width: CARD_W - 12, size: 12, bold: true, lines: 2, min: 9 });
  parts.push(name.svg);
  let top = y + 6 + name.height;
  const cost = fitText(x + 6, top, `${typeName(f.type, lang)} · ${f.build.map((l) => costWords(l, lang)).join(' | ')}`, {
    width: CARD_W - 12,
    size: 10,
    min: 8,
    lines: 2,
  });
  parts.push(cost.svg);
  top += cost.height + 3;
  for (const o of f.options) {
    parts.push(optionLine(x + 6, top, o, lang, CARD_W - 12, 10));
    top += 13;
  }
  const icons = iconWords(f, lang);
  if (icons.length > 0)
    parts.push(
      fitText(x + 6, top + 1, icons.join(' · '), {
        width: CARD_W - 12,
        size: 9,
        min: 6,
        lines: Math.max(1, Math.floor((y + CARD_H - 3 - top) / 11)),
        attrs: { fill: '#333' },
      }).svg,
    );
  return group({ class: 'district-card' }, ...parts);
}

/** The legend: the five district types, the three cubes, terrain. Returns SVG and height. */
export function legend(x: number, y: number, width: number, lang: Lang): { svg: string; height: number } {
  const items: { fill: string; label: string }[] = [
    ...Object.keys(TYPE_FILL).map((t) => ({ fill: TYPE_FILL[t]!, label: typeName(t, lang) })),
    { fill: CUBE_FILL.electricity, label: w('electricity', lang) },
    { fill: CUBE_FILL.water, label: w('water', lang) },
    { fill: CUBE_FILL.goods, label: w('goods', lang) },
    { fill: '#3f7f45', label: w('forest', lang) },
    { fill: '#5aa7d8', label: w('lake', lang) },
  ];
  const parts: string[] = [];
  let cx = x,
    line = 0;
  for (const it of items) {
    const wd = 14 + Math.ceil(textWidth(it.label, 11)) + 12;
    if (cx + wd > x + width) {
      cx = x;
      line++;
    }
    parts.push(
      rect(cx, y + line * 17 + 2, 10, 10, { fill: it.fill, stroke: '#333', 'stroke-width': 0.6, rx: 2 }),
      text(cx + 14, y + line * 17 + 11.5, it.label, { 'font-size': 11 }),
    );
    cx += wd;
  }
  return { svg: group({ class: 'legend' }, ...parts), height: (line + 1) * 17 };
}
