/**
 * La Ville de Demain for bots (src/engine/bot.ts): a state sampled from a seat's view and history,
 * and an evaluation from the rulebook's scoring (inhabitants x leaves, V7).
 *
 * Hidden (V8): the decks' order, the face-down discard piles, the generator. Every seat watched
 * each card being discarded (it was visible), so the history tells which cards lie in each discard
 * pile (replaying the visible row: drawn cards join it, bought and discarded ones leave it, a
 * rebuilt deck takes its discard pile back). A sample keeps those piles and shuffles each deck's
 * other unseen cards into it. Without a history that reads back to the view's visible row, the
 * unseen cards of a deck are split at random between the deck and its discard pile.
 */
import type { GameBot, Json, Rng, Seat } from '../../engine/index.js';
import { BUILDING_BY_ID, card, cityFigures, DECKS, owns } from './cards.js';
import { BUILDINGS, CITY_LIMIT, HABITATION_KINDS, HABITATIONS } from './data.js';
import type { VilleEventView, VilleView } from './schema.js';
import type { CardRef, VilleState } from './types.js';

interface Known {
  base: VilleState;
  /** Per deck: the refs of its cards nobody holds or sees, and which of them lie in the discard pile when known. */
  unseen: CardRef[][];
  discarded: (CardRef[] | null)[];
  remaining: number[];
}

const known = new WeakMap<object, Known>();

/** The discard piles' cards by id, replayed from the history; null when it does not lead to the view's row. */
function discardsFromHistory(history: readonly Json[], visible: readonly string[]): string[][] | null {
  const row: string[] = [];
  const piles: string[][] = [[], [], []];
  for (const e of history as unknown as VilleEventView[]) {
    if (e.type === 'cardDrawn') row.push(e.card);
    else if (e.type === 'cardBought') row.splice(e.slot, 1);
    else if (e.type === 'cardDiscarded') piles[e.deck - 1]!.push(row.splice(e.slot, 1)[0]!);
    else if (e.type === 'deckRebuilt') piles[e.deck - 1] = [];
  }
  return row.length === visible.length && row.every((c, i) => c === visible[i]) ? piles : null;
}

function read(view: VilleView, history: readonly Json[]): Known {
  const cached = known.get(view);
  if (cached) return cached;
  // Physical copies: every card id in sight takes the lowest free copy number.
  const used = new Map<string, number>();
  const ref = (id: string): CardRef => {
    if (!BUILDING_BY_ID.has(id)) return id;
    const k = (used.get(id) ?? 0) + 1;
    used.set(id, k);
    return `${id}#${k}`;
  };
  const cities = view.cities.map((c) => c.cards.map((x) => ref(x.card)));
  const visible = view.visible.map((x) => ref(x.card));
  const piles = discardsFromHistory(
    history,
    view.visible.map((x) => x.card),
  );
  const discarded = piles ? piles.map((pile) => pile.map(ref)) : [null, null, null];
  const unseen: CardRef[][] = DECKS.map((deck) => {
    const out: CardRef[] = [];
    for (const b of BUILDINGS) {
      if (b.deck !== deck) continue;
      for (let k = (used.get(b.id) ?? 0) + 1; k <= b.copies; k++) out.push(`${b.id}#${k}`);
    }
    return out;
  });
  const remaining = view.decks.map((d) => d.remaining);
  const base: VilleState = {
    players: view.players,
    firstPlayer: view.firstPlayer,
    round: view.round,
    current: view.toMove[0] ?? view.lastPlayer,
    step: view.phase,
    decks: [[], [], []],
    discards: [[], [], []],
    visible,
    habitations: { smallHouse: 0, apartmentBlock: 0, luxuryResidence: 0 },
    specials: view.specials.map((s) => s.card),
    cities,
    coins: view.cities.map((c) => c.coins),
    endTriggeredBy: view.endTriggeredBy,
    rng: [0, 0, 0, 0],
  };
  for (const h of view.habitations)
    if ((HABITATION_KINDS as readonly string[]).includes(h.card)) base.habitations[h.card as keyof VilleState['habitations']] = h.remaining;
  const out = { base, unseen, discarded, remaining };
  known.set(view, out);
  return out;
}

export function determinize(view: Json, history: readonly Json[], _seat: Seat, rng: Rng): VilleState {
  const k = read(view as unknown as VilleView, history);
  const decks: CardRef[][] = [];
  const discards: CardRef[][] = [];
  k.unseen.forEach((cards, i) => {
    const pile = k.discarded[i];
    const hidden = pile ? cards.filter((c) => !pile.includes(c)) : cards;
    if (pile && hidden.length === k.remaining[i]) {
      decks.push(rng.shuffle(hidden));
      discards.push(pile.slice());
      return;
    }
    const mixed = rng.shuffle(pile ? [...cards, ...pile] : cards);
    decks.push(mixed.slice(0, k.remaining[i]));
    discards.push(mixed.slice(k.remaining[i]));
  });
  return { ...k.base, decks, discards, rng: [rng.next(), rng.next(), rng.next(), rng.next()] };
}

/** The final score a city is heading for, given what it holds and the turns it has left (see evaluate). */
function projected(inhabitants: number, leaves: number, income: number, coins: number, count: number, turns: number): number {
  const cards = Math.max(0, Math.min(turns, CITY_LIMIT - count));
  const budget = coins + income * Math.max(0, turns - 1);
  const future = cards === 0 ? 0 : cards * Math.min(3, 0.7 + budget / cards / 2.5);
  const x = Math.max(0, Math.min(future, (leaves + future - inhabitants) / 2));
  return (inhabitants + x) * (leaves + future - x);
}

/**
 * Per seat, the score it is heading for: inhabitants x leaves (V7) once the points still to come
 * are added where they help most (the product favours the scarcer of the two). Points to come: the
 * cards the city can still take in the turns left (until the leader's 10th card, V6, then to the
 * end of that round), each worth more the more coins there are to spend on it (coins held and
 * income to come; cards cost 1 to 9). The seat whose turn it is, before it builds, also has the
 * best of the visible cards and Habitations it can buy now (so discarding and drawing are judged
 * by what they leave it). At the end it is the score, coins as a fraction for the tie-break.
 */
export function evaluate(s: VilleState): number[] {
  const over = s.step === 'over';
  const counts = s.cities.map((c) => c.length);
  const lead = Math.max(...counts);
  const beforeBuild = s.step === 'discard' || s.step === 'refill' || s.step === 'build';
  const stillToBuild = (seat: Seat) => seat > s.current || (seat === s.current && beforeBuild);
  return s.cities.map((city, seat) => {
    const f = cityFigures(city);
    const coins = s.coins[seat]!;
    if (over) return f.score + coins / 1000;
    const turns =
      s.endTriggeredBy !== null ? (stillToBuild(seat) ? 1 : 0) : Math.max(1, CITY_LIMIT - lead) + (stillToBuild(seat) ? 0 : -0.5);
    const count = counts[seat]!;
    const base = projected(f.inhabitants, f.leaves, f.income, coins, count, turns);
    let best = base;
    if (seat === s.current && beforeBuild && count < CITY_LIMIT) {
      const offers = [
        ...s.visible.map((ref) => card(ref)),
        ...HABITATION_KINDS.filter((k) => s.habitations[k] > 0).map((k) => HABITATIONS[k]),
      ];
      for (const c of offers) {
        if (c.cost > coins || owns(city, c.id)) continue;
        const v = projected(f.inhabitants + c.inhabitants, f.leaves + c.leaves, f.income + c.income, coins - c.cost, count + 1, turns - 1);
        if (v > best) best = v;
      }
    }
    return 0.3 * base + 0.7 * best + coins / 1000;
  });
}

export const bot: GameBot<VilleState> = { determinize, evaluate, scale: 6, playoutDepth: 60 };
