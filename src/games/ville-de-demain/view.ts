import type { Viewer } from '../../engine/index.js';
import type { VilleEventView, VilleView } from './schema.js';
import { canDraw, card, cardId, cityFigures, colourCounts, conditionText, DECKS, hasSpecial, SPECIAL_BY_ID } from './cards.js';
import type { AnyCard } from './cards.js';
import { CITY_LIMIT, DECK_COSTS, HABITATION_KINDS, HABITATIONS } from './data.js';
import { lastSeat, specialsFor } from './flow.js';
import type { CardRef, VilleEvent, VilleState } from './types.js';

type CardView = VilleView['cities'][number]['cards'][number];
type SpecialView = Omit<VilleView['specials'][number], 'eligibleSeats'>;
const CARD_VIEWS = new Map<string, CardView>();

/**
 * A card as a frontend draws it: its id, printed name, colour and values (never the copy number).
 * Built once per card and frozen, since views repeat the same cards many times.
 */
function cardView(c: AnyCard): CardView {
  let v = CARD_VIEWS.get(c.id);
  if (v === undefined) {
    v = Object.freeze({
      card: c.id,
      name: c.name,
      colour: c.colour,
      cost: c.cost,
      income: c.income,
      inhabitants: c.inhabitants,
      leaves: c.leaves,
    });
    CARD_VIEWS.set(c.id, v);
  }
  return v;
}

/**
 * What a seat or a spectator sees. Everything in this game is public except the order of the
 * decks, the discard piles and the generator state (V8), so every viewer gets the same view.
 * It carries the derived figures a frontend needs (income, inhabitants, leaves, score so far,
 * colour counts, the specials each seat could take), so none re-implements a rule.
 */
export function view(state: VilleState, viewer: Viewer): VilleView {
  const eligibility = state.cities.map((_, seat) => specialsFor(state, seat));
  const figures = state.cities.map((city) => cityFigures(city));
  return {
    phase: state.step,
    round: state.round,
    toMove: state.step === 'over' ? [] : [state.current],
    scores: figures.map((f) => f.score),
    result: outcome(state),
    viewer,
    players: state.players,
    firstPlayer: state.firstPlayer,
    lastPlayer: lastSeat(state),
    cityLimit: CITY_LIMIT,
    endTriggeredBy: state.endTriggeredBy,
    finalRound: state.endTriggeredBy !== null,
    visible: state.visible.map((ref, slot) => ({ slot, deck: deckOf(ref), ...cardView(card(ref)) })),
    decks: DECKS.map((deck) => ({
      deck,
      costs: DECK_COSTS[deck],
      remaining: state.decks[deck - 1]!.length,
      canDraw: canDraw(state, deck),
    })),
    habitations: HABITATION_KINDS.map((kind) => ({ ...cardView(HABITATIONS[kind]), remaining: state.habitations[kind] })),
    specials: state.specials.map((id) => ({
      ...specialView(id),
      eligibleSeats: eligibility.flatMap((ids, seat) => (ids.includes(id) ? [seat] : [])),
    })),
    cities: state.cities.map((city, seat) => {
      const f = figures[seat]!;
      return {
        seat,
        coins: state.coins[seat]!,
        cards: city.map((ref) => cardView(card(ref))),
        cardCount: city.length,
        hasSpecial: hasSpecial(city),
        colours: colourCounts(city),
        income: f.income,
        inhabitants: f.inhabitants,
        leaves: f.leaves,
        score: f.score,
      };
    }),
  };
}

const SPECIAL_VIEWS = new Map<string, SpecialView>();

/** A special building with its condition, as counts and as text; built once per card. */
function specialView(id: string): SpecialView {
  let v = SPECIAL_VIEWS.get(id);
  if (v === undefined) {
    const s = SPECIAL_BY_ID.get(id)!;
    v = { ...cardView(s), condition: Object.freeze({ ...s.condition }), conditionText: conditionText(s.condition) };
    SPECIAL_VIEWS.set(id, v);
  }
  return v;
}

function deckOf(ref: CardRef): number | null {
  const c = card(ref);
  return 'deck' in c ? c.deck : null;
}

/** The part of an event a viewer may read: a rebuilt deck's order and the generator state are removed (V8). */
export function eventView(event: VilleEvent, _viewer: Viewer): VilleEventView {
  if (event.type === 'deckRebuilt') return { type: event.type, deck: event.deck, size: event.size };
  return event;
}

/** Scores (V7), ranks by score then coins, shared wins when both tie. */
export function outcome(state: VilleState): VilleView['result'] {
  if (state.step !== 'over') return null;
  const figures = state.cities.map((city) => cityFigures(city));
  const scores = figures.map((f) => f.score);
  const coins = state.coins;
  const ranks = scores.map(
    (score, seat) => 1 + scores.filter((s, other) => s > score || (s === score && coins[other]! > coins[seat]!)).length,
  );
  const winners = ranks.flatMap((r, seat) => (r === 1 ? [seat] : []));
  return {
    scores,
    ranks,
    winners,
    detail: figures.map((f, seat) => ({
      seat,
      inhabitants: f.inhabitants,
      leaves: f.leaves,
      score: f.score,
      coins: coins[seat]!,
      cards: state.cities[seat]!.map(cardId),
    })),
  };
}
