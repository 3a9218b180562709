import type { Seat } from '../../engine/index.js';
import { objectsLeft } from './board.js';
import type { MpvState } from './types.js';

export type Standings = { objectsLeft: number[]; silhouettesLeft: number[]; ranks: number[]; winners: Seat[] };

/**
 * Seats ranked by fewest objects on the silhouettes still in hand, then fewest silhouettes; seats
 * equal on both share a rank (M6, E6). A seat that placed its last silhouette has 0 and 0, and is
 * the only one, since the game stops at once.
 */
export function standings(state: MpvState): Standings {
  const seats = Array.from({ length: state.players }, (_, s) => s);
  const objects = seats.map((s) => objectsLeft(state, s));
  const silhouettes = seats.map((s) => (state.hands[s] ?? []).length);
  const better = (a: Seat, b: Seat) => objects[a]! < objects[b]! || (objects[a] === objects[b] && silhouettes[a]! < silhouettes[b]!);
  const ranks = seats.map((s) => 1 + seats.filter((o) => better(o, s)).length);
  return { objectsLeft: objects, silhouettesLeft: silhouettes, ranks, winners: seats.filter((s) => ranks[s] === 1) };
}
