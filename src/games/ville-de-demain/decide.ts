import { ok, Rng } from '../../engine/index.js';
import { refuse, type VilleDeDemainCode } from './messages.js';
import type { Result, Seat } from '../../engine/index.js';
import {
  BUILDING_BY_ID,
  canDraw,
  card,
  cardId,
  colourCounts,
  conditionWords,
  countWords,
  hasSpecial,
  owns,
  SPECIAL_BY_ID,
} from './cards.js';
import { CITY_LIMIT, COLOURS, HABITATIONS } from './data.js';
import type { DeckNumber, HabitationKind } from './data.js';
import { evolve } from './evolve.js';
import { afterDiscard, endTurn, refillPossible, specialsFor } from './flow.js';
import type { Step, VilleEvent, VilleMove, VilleState } from './types.js';

const STEP_OF_MOVE: Record<VilleMove['type'], Exclude<Step, 'over'>> = {
  discardCard: 'discard',
  skipDiscard: 'discard',
  drawCard: 'refill',
  buyCard: 'build',
  buyHabitation: 'build',
  takeCoin: 'build',
  takeSpecial: 'special',
  skipSpecial: 'special',
};

const STEP_CODES: Record<Exclude<Step, 'over'>, VilleDeDemainCode> = {
  discard: 'NOT_DISCARD_STEP',
  refill: 'NOT_REFILL_STEP',
  build: 'NOT_BUILD_STEP',
  special: 'NOT_SPECIAL_STEP',
};

/** Collects events and folds them as they come, so forced steps see the state they follow. */
class Emitter {
  readonly events: VilleEvent[] = [];
  constructor(public state: VilleState) {}
  emit(...events: VilleEvent[]): void {
    for (const e of events) {
      this.events.push(e);
      this.state = evolve(this.state, e);
    }
  }
}

/** Checks a move against every rule and returns its events, forced steps included. */
export function decide(state: VilleState, move: VilleMove, seat: Seat): Result<VilleEvent[]> {
  const wanted = Object.hasOwn(STEP_OF_MOVE, move.type) ? STEP_OF_MOVE[move.type] : undefined;
  if (wanted === undefined) return refuse('UNKNOWN_MOVE', 'move format', { type: String((move as { type: unknown }).type) });
  if (state.step !== wanted) {
    return refuse(STEP_CODES[wanted], "B. Phase d'actions", {
      type: move.type,
      wanted: { key: `step.${wanted}` },
      step: { key: `step.${state.step}` },
    });
  }
  const out = new Emitter(state);
  const city = state.cities[seat]!;
  const coins = state.coins[seat]!;

  switch (move.type) {
    case 'discardCard': {
      const ref = state.visible[move.slot];
      if (ref === undefined) return noVisibleCard(state, move.slot);
      out.emit({ type: 'cardDiscarded', seat, slot: move.slot, deck: BUILDING_BY_ID.get(cardId(ref))!.deck });
      out.emit(afterDiscard(out.state, seat));
      break;
    }
    case 'skipDiscard':
      out.emit({ type: 'discardSkipped', seat });
      out.emit(afterDiscard(out.state, seat));
      break;
    case 'drawCard': {
      const deck = move.deck as DeckNumber;
      if (deck !== 1 && deck !== 2 && deck !== 3) return refuse('UNKNOWN_DECK', 'Préparation 3', { deck: String(move.deck) });
      if (!canDraw(state, deck)) {
        return refuse('DECK_EXHAUSTED', 'V3', { deck });
      }
      if (state.decks[deck - 1]!.length === 0) {
        const rng = new Rng(state.rng);
        const order = rng.shuffle(state.discards[deck - 1]!);
        out.emit({ type: 'deckRebuilt', deck, size: order.length, order, rng: rng.state });
      }
      const pile = out.state.decks[deck - 1]!;
      out.emit({ type: 'cardDrawn', seat, deck, card: cardId(pile[pile.length - 1]!) });
      if (!refillPossible(out.state)) out.emit({ type: 'stepBegan', seat, step: 'build' });
      break;
    }
    case 'buyCard': {
      const ref = state.visible[move.slot];
      if (ref === undefined) return noVisibleCard(state, move.slot);
      const c = card(ref);
      const refused = checkPurchase(city, coins, c.id, c.name, c.cost);
      if (refused) return refused;
      out.emit({ type: 'cardBought', seat, slot: move.slot, card: c.id, cost: c.cost });
      afterBuild(out, seat);
      break;
    }
    case 'buyHabitation': {
      const h = HABITATIONS[move.kind as HabitationKind];
      if (!Object.hasOwn(HABITATIONS, move.kind) || h === undefined) {
        return refuse('UNKNOWN_HABITATION', 'Préparation 4', { kind: String(move.kind) });
      }
      if (state.habitations[move.kind] <= 0 && !owns(city, h.id)) {
        return refuse('HABITATION_SOLD_OUT', 'Préparation 4', { name: h.name });
      }
      const refused = checkPurchase(city, coins, h.id, h.name, h.cost);
      if (refused) return refused;
      out.emit({ type: 'habitationBought', seat, kind: move.kind, cost: h.cost });
      afterBuild(out, seat);
      break;
    }
    case 'takeCoin':
      out.emit({ type: 'coinTaken', seat });
      afterBuild(out, seat);
      break;
    case 'takeSpecial': {
      const s = SPECIAL_BY_ID.get(move.special);
      if (!s) return refuse('UNKNOWN_SPECIAL', 'B.4', { special: String(move.special) });
      if (!state.specials.includes(s.id)) {
        return refuse('SPECIAL_NOT_ON_OFFER', 'B.4', { name: s.name });
      }
      if (hasSpecial(city)) return refuse('SPECIAL_ALREADY_HELD', 'V5');
      if (city.length >= CITY_LIMIT) return cityFull(s.name);
      const counts = colourCounts(city);
      const missing = COLOURS.filter((col) => counts[col] < (s.condition[col] ?? 0));
      if (missing.length > 0) {
        return refuse('SPECIAL_CONDITION_NOT_MET', 'V5', {
          name: s.name,
          condition: conditionWords(s.condition),
          have: countWords(counts, missing, ', '),
        });
      }
      out.emit({ type: 'specialTaken', seat, special: s.id });
      checkEnd(out, seat);
      out.emit(...endTurn(out.state));
      break;
    }
    case 'skipSpecial':
      out.emit({ type: 'specialSkipped', seat });
      out.emit(...endTurn(out.state));
      break;
  }
  return ok(out.events);
}

function noVisibleCard(state: VilleState, slot: number) {
  return state.visible.length === 0
    ? refuse('NO_VISIBLE_CARD', 'B.1, B.3', { slot })
    : refuse('NO_VISIBLE_CARD', 'B.1, B.3', { slot, last: state.visible.length - 1 }, 'NO_VISIBLE_CARD.slots');
}

function cityFull(name: string) {
  return refuse('CITY_FULL', 'V6', { limit: CITY_LIMIT, name });
}

/** The checks every purchase shares: one card of a name (V4), never an 11th card (V6), the price. */
function checkPurchase(city: readonly string[], coins: number, id: string, name: string, cost: number) {
  if (owns(city, id)) return refuse('ALREADY_OWNED', 'V4', { name });
  if (city.length >= CITY_LIMIT) return cityFull(name);
  if (coins < cost) return refuse('NOT_ENOUGH_COINS', 'B.3', { name, cost, coins });
  return null;
}

/** Placing a city's 10th card starts the last round (V6). */
function checkEnd(out: Emitter, seat: Seat): void {
  if (out.state.endTriggeredBy === null && out.state.cities[seat]!.length >= CITY_LIMIT) {
    out.emit({ type: 'endTriggered', seat, round: out.state.round });
  }
}

/** After step 3: the 10-card check, then step 4 if some special is within reach, else the turn ends. */
function afterBuild(out: Emitter, seat: Seat): void {
  checkEnd(out, seat);
  if (specialsFor(out.state, seat).length > 0) out.emit({ type: 'stepBegan', seat, step: 'special' });
  else out.emit(...endTurn(out.state));
}
