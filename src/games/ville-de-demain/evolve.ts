import type { VilleEvent, VilleState } from './types.js';

const replace = <T>(items: readonly T[], index: number, value: T): T[] => {
  const out = items.slice();
  out[index] = value;
  return out;
};
const without = <T>(items: readonly T[], index: number): T[] => [...items.slice(0, index), ...items.slice(index + 1)];

/**
 * A shallow copy with every field written out in one literal. Spreading (`{ ...state, step }`)
 * gives the same value, but V8 turns objects built that way into slow dictionaries over a game,
 * which made every later event ten times slower; one fixed shape keeps evolve fast.
 */
function copy(s: VilleState): VilleState {
  return {
    players: s.players,
    firstPlayer: s.firstPlayer,
    round: s.round,
    current: s.current,
    step: s.step,
    decks: s.decks,
    discards: s.discards,
    visible: s.visible,
    habitations: s.habitations,
    specials: s.specials,
    cities: s.cities,
    coins: s.coins,
    endTriggeredBy: s.endTriggeredBy,
    rng: s.rng,
  };
}

/**
 * Applies one event. Trusts its input (decide has checked everything), rolls no dice, and returns
 * a new state, copying only the parts that change (the input is never written to).
 */
export function evolve(state: VilleState, event: VilleEvent): VilleState {
  const s = copy(state);
  switch (event.type) {
    case 'roundBegan':
      s.round = event.round;
      s.coins = state.coins.map((c, seat) => c + (event.income[seat] ?? 0));
      return s;
    case 'stepBegan':
      s.current = event.seat;
      s.step = event.step;
      return s;
    case 'cardDiscarded':
      s.visible = without(state.visible, event.slot);
      s.discards = replace(state.discards, event.deck - 1, [...state.discards[event.deck - 1]!, state.visible[event.slot]!]);
      return s;
    case 'deckRebuilt':
      s.decks = replace(state.decks, event.deck - 1, event.order.slice());
      s.discards = replace(state.discards, event.deck - 1, []);
      s.rng = [...event.rng];
      return s;
    case 'cardDrawn': {
      const deck = state.decks[event.deck - 1]!;
      s.decks = replace(state.decks, event.deck - 1, deck.slice(0, -1));
      s.visible = [...state.visible, deck[deck.length - 1]!];
      return s;
    }
    case 'cardBought':
      s.visible = without(state.visible, event.slot);
      s.cities = replace(state.cities, event.seat, [...state.cities[event.seat]!, state.visible[event.slot]!]);
      s.coins = replace(state.coins, event.seat, state.coins[event.seat]! - event.cost);
      return s;
    case 'habitationBought':
      s.habitations = {
        smallHouse: state.habitations.smallHouse,
        apartmentBlock: state.habitations.apartmentBlock,
        luxuryResidence: state.habitations.luxuryResidence,
      };
      s.habitations[event.kind] -= 1;
      s.cities = replace(state.cities, event.seat, [...state.cities[event.seat]!, event.kind]);
      s.coins = replace(state.coins, event.seat, state.coins[event.seat]! - event.cost);
      return s;
    case 'coinTaken':
      s.coins = replace(state.coins, event.seat, state.coins[event.seat]! + 1);
      return s;
    case 'specialTaken':
      s.specials = state.specials.filter((id) => id !== event.special);
      s.cities = replace(state.cities, event.seat, [...state.cities[event.seat]!, event.special]);
      return s;
    case 'discardSkipped':
    case 'specialSkipped':
      return s;
    case 'endTriggered':
      s.endTriggeredBy = event.seat;
      return s;
    case 'gameEnded':
      s.step = 'over';
      return s;
  }
}
