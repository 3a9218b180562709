import type { Json } from '../../engine/index.js';
import {
  arr,
  circle,
  el,
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
import { card as cardData, SPECIAL_BY_ID } from './cards.js';
import { HABITATIONS, type HabitationKind } from './data.js';

/**
 * La Ville de Demain's board picture: the market (the three decks, the visible cards, the
 * Habitations, the special buildings with their conditions) and each seat's city, every card
 * with its name, cost, income, inhabitants and leaves drawn as icons.
 */

type Card = { card: string; name: string; colour: string; cost: number; income: number; inhabitants: number; leaves: number };
const card = (c: Json): Card => {
  const o = obj(c);
  return {
    card: str(o.card),
    name: str(o.name),
    colour: str(o.colour, ''),
    cost: int(o.cost),
    income: int(o.income),
    inhabitants: int(o.inhabitants),
    leaves: int(o.leaves),
  };
};

/** Every read of La Ville de Demain's view, in one place (a renamed field is a one-line change). */
const read = {
  round: (v: Json) => int(obj(v).round),
  // `phase` in the uniform view conventions, `step` before them.
  step: (v: Json) => str(obj(v).phase, str(obj(v).step)),
  finalRound: (v: Json) => obj(v).finalRound === true,
  visible: (v: Json) => arr(obj(v).visible).map((c) => ({ ...card(c), slot: int(obj(c).slot), deck: int(obj(c).deck) })),
  decks: (v: Json) =>
    arr(obj(v).decks)
      .map(obj)
      .map((d) => ({ deck: int(d.deck), costs: str(d.costs), remaining: int(d.remaining) })),
  habitations: (v: Json) => arr(obj(v).habitations).map((h) => ({ ...card(h), remaining: int(obj(h).remaining) })),
  specials: (v: Json) => arr(obj(v).specials).map((s) => ({ ...card(s), condition: obj(obj(s).condition) })),
  cities: (v: Json) =>
    arr(obj(v).cities)
      .map(obj)
      .map((c) => ({
        seat: int(c.seat),
        coins: int(c.coins),
        cards: arr(c.cards).map(card),
        income: int(c.income),
        inhabitants: int(c.inhabitants),
        leaves: int(c.leaves),
        score: int(c.score),
      })),
};

const FILL: Record<string, string> = {
  blue: '#8ab8e6',
  green: '#9fd08a',
  yellow: '#f6dc6b',
  orange: '#f4a261',
  purple: '#c7a3e0',
  '': '#efe9da',
};
const EDGE: Record<string, string> = {
  blue: '#2f6fb0',
  green: '#3f8a33',
  yellow: '#a08400',
  orange: '#b4621c',
  purple: '#6f4a94',
  '': '#8a7a5a',
};
const COLOUR_NAMES: Record<string, Record<Lang, string>> = wordsFrom(messages, 'board.colour', [
  'blue',
  'green',
  'yellow',
  'orange',
  'purple',
] as const);
const WORDS = wordsFrom(messages, 'board', [
  'market',
  'finalRound',
  'deck',
  'cards',
  'visible',
  'none',
  'habitations',
  'left',
  'specials',
  'coins',
  'income',
  'inhabitants',
  'leaves',
  'score',
  'cost',
  'legend',
] as const);
const L = (k: keyof typeof WORDS, lang: Lang) => WORDS[k][lang];

const CW = 108,
  CH = 80,
  GAP = 6,
  PER_ROW = 8;

/** The icons: a coin (cost or income), a person (inhabitants), a leaf. */
const coin = (cx: number, cy: number, r: number) => circle(cx, cy, r, { fill: '#f2c200', stroke: '#8a6d00', 'stroke-width': 1 });
const person = (x: number, y: number) =>
  group(
    {},
    circle(x + 5, y + 2.6, 2.6, { fill: '#444' }),
    el('path', { d: `M${x + 0.5} ${y + 11} q0 -5.6 4.5 -5.6 q4.5 0 4.5 5.6 z`, fill: '#444' }),
  );
const leaf = (x: number, y: number) => el('path', { d: `M${x} ${y + 10} q0 -9 10 -10 q0 10 -10 10 z`, fill: '#2e8b3a' });

/** A card's figures along its foot: cost (a coin with the price), income, inhabitants, leaves. */
function figures(c: Card, x: number, y: number): string {
  const parts: string[] = [];
  let cx = x;
  if (c.cost > 0) {
    parts.push(
      coin(cx + 9, y + 7, 9),
      text(cx + 9, y + 11, String(c.cost), { 'font-size': 10, 'font-weight': 'bold', 'text-anchor': 'middle' }),
    );
    cx += 24;
  }
  const stat = (icon: string, n: number, sign: boolean) => {
    const s = sign && n > 0 ? `+${n}` : String(n);
    parts.push(icon, text(cx + 13, y + 11, s, { 'font-size': 10 }));
    cx += 15 + textWidth(s, 10) + 4;
  };
  if (c.income) stat(coin(cx + 5, y + 7, 5), c.income, true);
  if (c.inhabitants) stat(person(cx, y + 1.5), c.inhabitants, false);
  if (c.leaves) stat(leaf(cx, y + 2), c.leaves, false);
  return parts.join('');
}

function cardSvg(c: Card, x: number, y: number, lang: Lang, extra: string | null, condition: Record<string, Json> | null): string {
  const needs = condition
    ? ` · ${Object.entries(condition)
        .map(([colour, n]) => `${int(n)} ${COLOUR_NAMES[colour]?.[lang] ?? colour}`)
        .join(', ')}`
    : '';
  const parts: string[] = [
    title(
      `${c.name}: ${L('cost', lang)} ${c.cost}, ${L('income', lang)} ${c.income}, ${L('inhabitants', lang)}` +
        ` ${c.inhabitants}, ${L('leaves', lang)} ${c.leaves}${needs}`,
    ),
    rect(x, y, CW, CH, { fill: FILL[c.colour] ?? '#eee', stroke: EDGE[c.colour] ?? '#555', 'stroke-width': 1.4, rx: 5 }),
  ];
  const name = fitText(x + 5, y + 4, c.name, { width: CW - 10, size: 11, bold: true, lines: 2, min: 8 });
  parts.push(name.svg);
  let top = y + 6 + name.height;
  if (condition) {
    let cx = x + 5;
    for (const [colour, n] of Object.entries(condition)) {
      parts.push(
        rect(cx, top + 1, 10, 10, { fill: FILL[colour] ?? '#ccc', stroke: EDGE[colour] ?? '#555', rx: 2 }),
        text(cx + 12, top + 10, `${int(n)}`, { 'font-size': 10 }),
      );
      cx += 24;
    }
    top += 14;
  }
  if (extra) parts.push(fitText(x + 5, top, extra, { width: CW - 10, size: 9.5, attrs: { fill: '#333' } }).svg);
  parts.push(figures(c, x + 4, y + CH - 19));
  return group({ class: 'card', 'data-card-name': c.name }, ...parts);
}

/** A heading line; returns its SVG and the height it takes. */
const heading = (x: number, y: number, s: string, width: number) => fitText(x, y, s, { width, size: 12, bold: true, lines: 2 });

function draw(v: Json, ctx: DrawContext): Drawn {
  const lang = ctx.lang;
  const parts: string[] = [];
  const hot: string[] = [];
  const width = PER_ROW * (CW + GAP) - GAP;
  let y = 0;
  const h1 = heading(0, y, `${L('market', lang)}${read.finalRound(v) ? ` · ${L('finalRound', lang)}` : ''}`, width);
  parts.push(h1.svg);
  y += h1.height + 4;
  const lg = fitText(0, y, L('legend', lang), { width, size: 10, attrs: { fill: '#555' } });
  parts.push(lg.svg);
  y += lg.height + 6;
  // The decks, then the visible buildings.
  let x = 0;
  for (const d of read.decks(v)) {
    parts.push(
      group(
        { class: 'deck', 'data-deck': d.deck },
        rect(x + 3, y + 3, 72, CH, { fill: '#4e342e', rx: 5 }),
        rect(x, y, 72, CH, { fill: '#6d4c41', stroke: '#3e2723', rx: 5 }),
        fitText(x + 36, y + 8, `${L('deck', lang)} ${d.deck}`, {
          width: 64,
          size: 12,
          bold: true,
          anchor: 'middle',
          attrs: { fill: '#fff' },
        }).svg,
        fitText(x + 36, y + 30, d.costs, { width: 64, size: 11, anchor: 'middle', attrs: { fill: '#fff' } }).svg,
        fitText(x + 36, y + 52, `${d.remaining} ${L('cards', lang)}`, { width: 64, size: 10, anchor: 'middle', attrs: { fill: '#fff' } })
          .svg,
      ),
    );
    hot.push(ctx.hotspot(`deck:${d.deck}`, x - 3, y - 3, 81, CH + 9, 6));
    x += 84;
  }
  x += 8;
  const visible = read.visible(v);
  if (visible.length === 0)
    parts.push(fitText(x, y + CH / 2 - 7, L('none', lang), { width: 3 * (CW + GAP), size: 11, attrs: { fill: '#777' } }).svg);
  visible.forEach((c, i) => {
    const cx = x + i * (CW + GAP);
    parts.push(cardSvg(c, cx, y, lang, `#${c.slot + 1}`, null));
    hot.push(ctx.hotspot(`slot:${c.slot}`, cx - 3, y - 3, CW + 6, CH + 6, 6));
  });
  y += CH + 14;
  const h2 = heading(0, y, L('habitations', lang), width);
  parts.push(h2.svg);
  y += h2.height + 4;
  read.habitations(v).forEach((h, i) => {
    const cx = i * (CW + GAP);
    parts.push(cardSvg(h, cx, y, lang, `× ${h.remaining} ${L('left', lang)}`, null));
    hot.push(ctx.hotspot(`hab:${h.card}`, cx - 3, y - 3, CW + 6, CH + 6, 6));
  });
  y += CH + 14;
  const specials = read.specials(v);
  if (specials.length > 0) {
    const h3 = heading(0, y, L('specials', lang), width);
    parts.push(h3.svg);
    y += h3.height + 4;
    specials.forEach((s, i) => {
      const cx = (i % PER_ROW) * (CW + GAP),
        cy = y + Math.floor(i / PER_ROW) * (CH + GAP);
      parts.push(cardSvg(s, cx, cy, lang, null, s.condition));
      hot.push(ctx.hotspot(`special:${s.card}`, cx - 3, cy - 3, CW + 6, CH + 6, 6));
    });
    y += Math.ceil(specials.length / PER_ROW) * (CH + GAP) + 10;
  }
  // The cities, one block each.
  for (const c of read.cities(v)) {
    parts.push(rect(0, y + 2, 12, 12, { fill: seatColour(c.seat), rx: 2 }));
    const name = fitText(18, y, ctx.names[c.seat] ?? `#${c.seat + 1}`, { width: width - 18, size: 13, bold: true });
    parts.push(name.svg);
    y += name.height + 2;
    const stats = fitText(
      18,
      y,
      `${L('coins', lang)} ${c.coins} · ${L('income', lang)} ${c.income} · ${L('inhabitants', lang)}` +
        ` ${c.inhabitants} · ${L('leaves', lang)} ${c.leaves} · ${L('score', lang)} ${c.score}`,
      { width: width - 18, size: 11, attrs: { fill: '#444' } },
    );
    parts.push(stats.svg);
    y += stats.height + 5;
    c.cards.forEach((k, i) =>
      parts.push(cardSvg(k, (i % PER_ROW) * (CW + GAP), y + Math.floor(i / PER_ROW) * (CH + GAP), lang, null, null)),
    );
    y += Math.max(1, Math.ceil(c.cards.length / PER_ROW)) * (CH + GAP) + 12;
  }
  return { width, height: y, svg: parts.join('') + hot.join('') };
}

/** Where a move is played: a deck, a visible card, a Habitation, a special building; the skips and the coin are buttons. */
function targetOf(move: Json): string | null {
  const m = obj(move);
  switch (str(m.type)) {
    case 'drawCard':
      return `deck:${int(m.deck)}`;
    case 'discardCard':
    case 'buyCard':
      return `slot:${int(m.slot)}`;
    case 'buyHabitation':
      return `hab:${str(m.kind)}`;
    case 'takeSpecial':
      return `special:${str(m.special)}`;
    default:
      return null;
  }
}

const cardName = (id: string) => {
  try {
    return cardData(id).name;
  } catch {
    return '?';
  }
};

const say = sayerOf(messages, 'board.move');
const coinsOf = sayerOf(messages, 'board');
const phaseName = phaseNames(messages, ['discard', 'refill', 'build', 'special', 'over']);

function describe(move: Json | null, d: DescribeContext): string {
  const m = obj(move);
  const lang = d.lang;
  const events = d.events.map(obj);
  const slot = int(m.slot);
  const visible = d.view ? read.visible(d.view).find((c) => c.slot === slot) : null;
  const coins = (n: number) => coinsOf(lang, 'coinCount', { n });
  switch (str(m.type)) {
    case 'discardCard':
      return visible
        ? say(lang, 'discardCard', { name: visible.name, slot: String(slot + 1) })
        : say(lang, 'discardCard.hidden', { slot: String(slot + 1) });
    case 'skipDiscard':
      return say(lang, 'skipDiscard');
    case 'drawCard': {
      const drawn = events.find((e) => e.type === 'cardDrawn');
      const deck = String(int(m.deck));
      return drawn ? say(lang, 'drawCard.drawn', { deck, card: cardName(str(drawn.card)) }) : say(lang, 'drawCard', { deck });
    }
    case 'buyCard': {
      const bought = events.find((e) => e.type === 'cardBought');
      // Two visible copies of one building: the card's number tells them apart, as the notation does.
      const twins = visible && d.view ? read.visible(d.view).filter((c) => c.card === visible.card).length > 1 : false;
      const name = visible ? visible.name : bought ? cardName(str(bought.card)) : '?';
      const cost = coins(visible?.cost ?? int(bought?.cost));
      return twins ? say(lang, 'buyCard.twin', { name, slot: String(slot + 1), coins: cost }) : say(lang, 'buyCard', { name, coins: cost });
    }
    case 'buyHabitation': {
      const h = HABITATIONS[str(m.kind) as HabitationKind];
      return h ? say(lang, 'buyHabitation', { name: h.name, coins: coins(h.cost) }) : say(lang, 'buyHabitation.unknown');
    }
    case 'takeCoin':
      return say(lang, 'takeCoin');
    case 'takeSpecial':
      return say(lang, 'takeSpecial', { name: SPECIAL_BY_ID.get(str(m.special))?.name ?? '?' });
    case 'skipSpecial':
      return say(lang, 'skipSpecial');
    default:
      return someMove(str(m.type), lang);
  }
}

export const villeDeDemainPicture: GamePicture = {
  name: { en: 'La Ville de Demain', fr: 'La Ville de Demain' },
  scores: (v, seats) =>
    scoresBySeat(
      read.cities(v).map((c) => [c.seat, c.score]),
      seats,
    ),
  status: (v, ctx) => roundAndPhase(ctx, read.round(v), phaseName(ctx.lang, read.step(v))),
  draw,
  targetOf,
  describe,
};
