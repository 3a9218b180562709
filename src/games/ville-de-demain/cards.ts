import { BUILDINGS, COLOURS, HABITATIONS, SPECIALS, TOWN_HALL } from './data.js';
import type { BuildingCard, CardValues, Colour, Condition, DeckNumber, HabitationCard, SpecialCard, TownHallCard } from './data.js';
import type { CardRef, VilleState } from './types.js';
import type { Joined } from '../../engine/index.js';

/** Lookups over the data table, built once. */
export type AnyCard = BuildingCard | HabitationCard | TownHallCard | SpecialCard;

const CARD_BY_ID = new Map<string, AnyCard>();
for (const c of [TOWN_HALL, ...BUILDINGS, ...Object.values(HABITATIONS), ...SPECIALS]) {
  if (CARD_BY_ID.has(c.id)) throw new Error(`ville-de-demain data: two cards named ${c.id}`);
  CARD_BY_ID.set(c.id, c);
}
export const BUILDING_BY_ID = new Map<string, BuildingCard>(BUILDINGS.map((b) => [b.id, b]));
export const SPECIAL_BY_ID = new Map<string, SpecialCard>(SPECIALS.map((s) => [s.id, s]));
export const SPECIAL_IDS: readonly string[] = SPECIALS.map((s) => s.id);

/** The card id of a reference: `bakery#2` -> `bakery`, `smallHouse` -> `smallHouse`. */
export function cardId(ref: CardRef): string {
  const hash = ref.indexOf('#');
  return hash < 0 ? ref : ref.slice(0, hash);
}

const CARD_BY_REF = new Map<CardRef, AnyCard>(CARD_BY_ID);

/** The card a reference stands for (references are cached: there are fewer than 110). */
export function card(ref: CardRef): AnyCard {
  let c = CARD_BY_REF.get(ref);
  if (c === undefined) {
    c = CARD_BY_ID.get(cardId(ref));
    if (!c) throw new Error(`ville-de-demain: unknown card ${ref}`);
    CARD_BY_REF.set(ref, c);
  }
  return c;
}

/** Every physical building card of one deck, in catalogue order (before shuffling). */
export function deckCards(deck: DeckNumber): CardRef[] {
  const out: CardRef[] = [];
  for (const b of BUILDINGS) if (b.deck === deck) for (let k = 1; k <= b.copies; k++) out.push(`${b.id}#${k}`);
  return out;
}

export const ALL_BUILDING_REFS: readonly CardRef[] = [...deckCards(1), ...deckCards(2), ...deckCards(3)];

export function owns(city: readonly CardRef[], id: string): boolean {
  for (const ref of city) if (card(ref).id === id) return true;
  return false;
}

export function colourCounts(city: readonly CardRef[]): Record<Colour, number> {
  const counts = { blue: 0, green: 0, yellow: 0, orange: 0, purple: 0 };
  for (const ref of city) {
    const colour = card(ref).colour;
    if (colour !== null) counts[colour] += 1;
  }
  return counts;
}

export function meetsCounts(counts: Record<Colour, number>, condition: Condition): boolean {
  return COLOURS.every((c) => counts[c] >= (condition[c] ?? 0));
}

/** Colour counts in the reader's words (`colourCount` in messages.ts, plural and gender by ICU): `2 blue + 1 green`. */
export function countWords(counts: Partial<Record<Colour, number>>, colours: readonly Colour[], sep: string): Joined {
  return { joined: colours.map((colour) => ({ key: 'colourCount', params: { n: counts[colour] ?? 0, colour } })), sep };
}

/** A special building's condition by id: `2 blue + 1 green`, `2 cartes bleues + 1 carte verte`. */
export const conditionWords = (condition: Condition): Joined =>
  countWords(
    condition,
    COLOURS.filter((c) => (condition[c] ?? 0) > 0),
    ' + ',
  );

/** The condition as the view shows it (`conditionText`, in the notation's English: the view's data, not a sentence). */
export function conditionText(condition: Condition): string {
  return COLOURS.filter((c) => (condition[c] ?? 0) > 0)
    .map((c) => `${condition[c]} ${c}`)
    .join(' + ');
}

export interface CityFigures {
  income: number;
  inhabitants: number;
  leaves: number;
  /** inhabitants x leaves (V7), crossed-out symbols already subtracted. */
  score: number;
}

export function cityFigures(city: readonly CardRef[]): CityFigures {
  let income = 0,
    inhabitants = 0,
    leaves = 0;
  for (const ref of city) {
    const c: CardValues = card(ref);
    income += c.income;
    inhabitants += c.inhabitants;
    leaves += c.leaves;
  }
  return { income, inhabitants, leaves, score: inhabitants * leaves };
}

/** Whether seat already holds a special building (at most one per game, V5). */
export function hasSpecial(city: readonly CardRef[]): boolean {
  return city.some((ref) => SPECIAL_BY_ID.has(ref));
}

/** A deck can be chosen when it has cards, or a discard pile to rebuild it from (V3). */
export function canDraw(state: VilleState, deck: DeckNumber): boolean {
  return state.decks[deck - 1]!.length > 0 || state.discards[deck - 1]!.length > 0;
}

export const DECKS: readonly DeckNumber[] = [1, 2, 3];
