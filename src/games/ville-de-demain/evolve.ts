import type { VilleEvent, VilleState } from './types.js';

const replace = <T>(items: readonly T[], index: number, value: T): T[] => {
  const out = items.slice();
  out[index] = value;
  return out;
};
const without = <T>(items: readonly T[], index: number): T[] => [...items.slice(0, index), ...items.slice(index + 1)];

/**
 * Applies one event. Trusts its input (decide has checked everything), rolls no dice, and returns
 * a new state, copying only the parts that change.
 */
export function evolve(state: VilleState, event: VilleEvent): VilleState {
  switch (event.type) {
    case 'roundBegan':
      return { ...state, round: event.round, coins: state.coins.map((c, seat) => c + (event.income[seat] ?? 0)) };
    case 'stepBegan':
      return { ...state, current: event.seat, step: event.step };
    case 'cardDiscarded': {
      const ref = state.visible[event.slot]!;
      const pile = state.discards[event.deck - 1]!;
      return { ...state, visible: without(state.visible, event.slot), discards: replace(state.discards, event.deck - 1, [...pile, ref]) };
    }
    case 'deckRebuilt':
      return {
        ...state,
        decks: replace(state.decks, event.deck - 1, event.order.slice()),
        discards: replace(state.discards, event.deck - 1, []),
        rng: [...event.rng],
      };
    case 'cardDrawn': {
      const deck = state.decks[event.deck - 1]!;
      const ref = deck[deck.length - 1]!;
      return { ...state, decks: replace(state.decks, event.deck - 1, deck.slice(0, -1)), visible: [...state.visible, ref] };
    }
    case 'cardBought': {
      const ref = state.visible[event.slot]!;
      return {
        ...state,
        visible: without(state.visible, event.slot),
        cities: replace(state.cities, event.seat, [...state.cities[event.seat]!, ref]),
        coins: replace(state.coins, event.seat, state.coins[event.seat]! - event.cost),
      };
    }
    case 'habitationBought':
      return {
        ...state,
        habitations: { ...state.habitations, [event.kind]: state.habitations[event.kind] - 1 },
        cities: replace(state.cities, event.seat, [...state.cities[event.seat]!, event.kind]),
        coins: replace(state.coins, event.seat, state.coins[event.seat]! - event.cost),
      };
    case 'coinTaken':
      return { ...state, coins: replace(state.coins, event.seat, state.coins[event.seat]! + 1) };
    case 'specialTaken':
      return {
        ...state,
        specials: state.specials.filter((id) => id !== event.special),
        cities: replace(state.cities, event.seat, [...state.cities[event.seat]!, event.special]),
      };
    case 'discardSkipped':
    case 'specialSkipped':
      return state;
    case 'endTriggered':
      return { ...state, endTriggeredBy: event.seat };
    case 'gameEnded':
      return { ...state, step: 'over' };
  }
}
