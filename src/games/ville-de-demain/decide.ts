import { ok, reject, Rng } from '../../engine/index.js';
import type { Result, Seat } from '../../engine/index.js';
import { BUILDING_BY_ID, canDraw, card, cardId, colourCounts, conditionText, hasSpecial, owns, SPECIAL_BY_ID } from './cards.js';
import { CITY_LIMIT, COLOURS, HABITATIONS } from './data.js';
import type { DeckNumber, HabitationKind } from './data.js';
import { evolve } from './evolve.js';
import { afterDiscard, endTurn, refillPossible, specialsFor } from './flow.js';
import type { Step, VilleEvent, VilleMove, VilleState } from './types.js';

const STEP_NAMES: Record<Step, string> = {
  discard: 'step 1 (you may discard one visible card)',
  refill: 'step 2 (draw cards until 3 are visible)',
  build: 'step 3 (buy a visible card, buy a Habitation or take a coin)',
  special: 'step 4 (you may take a special building)',
  over: 'the end of the game',
};

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

const STEP_CODES: Record<Exclude<Step, 'over'>, string> = {
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
  if (wanted === undefined) return reject('UNKNOWN_MOVE', `"${String((move as { type: unknown }).type)}" is not a move of La Ville de Demain.`, 'move format');
  if (state.step !== wanted) {
    return reject(STEP_CODES[wanted], `A ${move.type} move belongs to ${STEP_NAMES[wanted]}, but the turn is at ${STEP_NAMES[state.step]} (Phase d'actions, order of the steps).`, "B. Phase d'actions");
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
      if (deck !== 1 && deck !== 2 && deck !== 3) return reject('UNKNOWN_DECK', `There are three building decks, numbered 1 to 3, not ${String(move.deck)}.`, 'Préparation 3');
      if (!canDraw(state, deck)) {
        return reject('DECK_EXHAUSTED', `Deck ${deck} is empty and has no discard pile to rebuild it from, so it cannot be chosen (V3).`, 'V3');
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
        return reject('UNKNOWN_HABITATION', `There is no Habitation "${String(move.kind)}"; the kinds are smallHouse, apartmentBlock and luxuryResidence.`, 'Préparation 4');
      }
      if (state.habitations[move.kind] <= 0 && !owns(city, h.id)) {
        return reject('HABITATION_SOLD_OUT', `No ${h.name} is left to buy: each kind has players - 1 copies (Préparation 4).`, 'Préparation 4');
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
      if (!s) return reject('UNKNOWN_SPECIAL', `There is no special building "${String(move.special)}".`, 'B.4');
      if (!state.specials.includes(s.id)) {
        return reject('SPECIAL_NOT_ON_OFFER', `The ${s.name} is not on offer: it was taken by another player or stayed in the box at setup (B.4, Préparation 5).`, 'B.4');
      }
      if (hasSpecial(city)) return reject('SPECIAL_ALREADY_HELD', 'You already hold a special building: a player takes only one special building in the whole game (V5).', 'V5');
      if (city.length >= CITY_LIMIT) return cityFull(s.name);
      const counts = colourCounts(city);
      const missing = COLOURS.filter((col) => counts[col] < (s.condition[col] ?? 0));
      if (missing.length > 0) {
        const have = missing.map((col) => `${counts[col]} ${col}`).join(', ');
        return reject('SPECIAL_CONDITION_NOT_MET', `The ${s.name} needs ${conditionText(s.condition)} cards in your city; you have ${have} (B.4, V5).`, 'V5');
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
  const held = state.visible.length === 0 ? 'no card is visible' : `the visible cards are in slots 0 to ${state.visible.length - 1}`;
  return reject('NO_VISIBLE_CARD', `There is no visible card in slot ${slot}: ${held}.`, 'B.1, B.3');
}

function cityFull(name: string) {
  return reject('CITY_FULL', `Your city already holds ${CITY_LIMIT} cards: no 11th card may ever be placed, so you cannot add the ${name} (V6).`, 'V6');
}

/** The checks every purchase shares: one card of a name (V4), never an 11th card (V6), the price. */
function checkPurchase(city: readonly string[], coins: number, id: string, name: string, cost: number) {
  if (owns(city, id)) return reject('ALREADY_OWNED', `You already own a ${name}: a city never holds two cards of the same name (B.3, V4).`, 'V4');
  if (city.length >= CITY_LIMIT) return cityFull(name);
  if (coins < cost) return reject('NOT_ENOUGH_COINS', `The ${name} costs ${cost} coins and you have ${coins} (B.3).`, 'B.3');
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
