import type { Seat } from '../../engine/index.js';
import { canDraw, cityFigures, colourCounts, DECKS, hasSpecial, meetsCounts, SPECIAL_BY_ID } from './cards.js';
import { CITY_LIMIT, VISIBLE_LIMIT } from './data.js';
import type { VilleEvent, VilleState } from './types.js';

/**
 * The forced steps between players' choices: income phases, the step a turn starts at, skipping
 * steps that offer no choice, the end of a turn, of a round, of the game. decide emits these
 * events after a move's own events, so that the state always waits on a real choice.
 */

/** Whether the refill step offers a draw: fewer than 3 visible cards and a deck to draw from (V3, D4). */
export function refillPossible(state: VilleState): boolean {
  return state.visible.length < VISIBLE_LIMIT && DECKS.some((d) => canDraw(state, d));
}

/** The step after discarding (or declining to): refill if possible, else straight to building. */
export function afterDiscard(state: VilleState, seat: Seat): VilleEvent {
  return { type: 'stepBegan', seat, step: refillPossible(state) ? 'refill' : 'build' };
}

/** A turn starts at the discard step, unless no card is visible to discard (D5). */
export function beginTurn(state: VilleState, seat: Seat): VilleEvent {
  return state.visible.length > 0 ? { type: 'stepBegan', seat, step: 'discard' } : afterDiscard(state, seat);
}

/** The special buildings seat may take now (V5, V6): none once it holds one or its city is full. */
export function specialsFor(state: VilleState, seat: Seat): string[] {
  const city = state.cities[seat]!;
  if (city.length >= CITY_LIMIT || hasSpecial(city)) return [];
  const counts = colourCounts(city);
  return state.specials.filter((id) => meetsCounts(counts, SPECIAL_BY_ID.get(id)!.condition));
}

/** Income phase (A): every seat receives the income of its city, then the first player acts. */
export function beginRound(state: VilleState): VilleEvent[] {
  const income = state.cities.map((city) => cityFigures(city).income);
  return [{ type: 'roundBegan', round: state.round + 1, income }, beginTurn(state, state.firstPlayer)];
}

/** The seat on the first player's right: the last to act in a round (V1, V6). */
export function lastSeat(state: VilleState): Seat {
  return (state.firstPlayer + state.players - 1) % state.players;
}

/** After the current seat's turn: the next seat, or a new round, or the end (V6). */
export function endTurn(state: VilleState): VilleEvent[] {
  if (state.current !== lastSeat(state)) return [beginTurn(state, (state.current + 1) % state.players)];
  if (state.endTriggeredBy !== null) return [{ type: 'gameEnded', scores: state.cities.map((city) => cityFigures(city).score) }];
  return beginRound(state);
}
