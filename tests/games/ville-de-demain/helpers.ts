import { applyMove } from '../../../src/engine/index.js';
import type { AnyGame, RuleViolation, Seat } from '../../../src/engine/index.js';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';
import type { VilleEvent, VilleMove, VilleState } from '../../../src/games/ville-de-demain/index.js';
import { BUILDING_BY_ID, cardId } from '../../../src/games/ville-de-demain/cards.js';

export const game = villeDeDemain as unknown as AnyGame;

/** PROPERTY_SCALE multiplies the random-game counts (0.05 while iterating, 1 for the real run). */
export const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');
export const scaled = (n: number): number => Math.max(1, Math.round(n * SCALE));

export function newGame(players: number, seed = 'test'): VilleState {
  return villeDeDemain.setup({ players, options: {}, seed });
}

/**
 * Stacks a deck: the given card ids are drawn first, in the order given (the rest of the deck
 * keeps its shuffled order below them). Test positions only: a game never does this.
 */
export function stackDeck(state: VilleState, deck: 1 | 2 | 3, draws: string[]): VilleState {
  let rest = state.decks[deck - 1]!.slice();
  const top: string[] = [];
  for (const id of draws) {
    const i = rest.findIndex((ref) => cardId(ref) === id);
    if (i < 0) throw new Error(`no ${id} left in deck ${deck}`);
    top.push(rest[i]!);
    rest = [...rest.slice(0, i), ...rest.slice(i + 1)];
  }
  const decks = state.decks.slice();
  decks[deck - 1] = [...rest, ...top.reverse()];
  return { ...state, decks };
}

export interface Played {
  state: VilleState;
  events: VilleEvent[];
}

/** Applies a move that must be accepted. */
export function play(state: VilleState, seat: Seat, move: VilleMove): Played {
  const r = applyMove<VilleState>(game, state, move, seat);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} by seat ${seat} refused: ${r.error.code}: ${r.error.message}`);
  return { state: r.value.state, events: r.value.events as VilleEvent[] };
}

/** Applies a run of moves by one seat; returns the final state and all events. */
export function playAll(state: VilleState, seat: Seat, moves: VilleMove[]): Played {
  let s = state;
  const events: VilleEvent[] = [];
  for (const m of moves) {
    const r = play(s, seat, m);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Applies a move that must be refused, and returns the violation. */
export function refused(state: VilleState, seat: Seat, move: VilleMove): RuleViolation {
  const r = applyMove<VilleState>(game, state, move, seat);
  if (r.ok) throw new Error(`${JSON.stringify(move)} by seat ${seat} was accepted`);
  return r.error;
}

export const ids = (refs: readonly string[]): string[] => refs.map(cardId);

/** Takes a physical card of the given id out of the decks (for hand-built positions). */
export function takeFromDecks(state: VilleState, id: string): { state: VilleState; ref: string } {
  for (let d = 0; d < 3; d++) {
    const deck = state.decks[d]!;
    const i = deck.findIndex((ref) => cardId(ref) === id);
    if (i >= 0) {
      const decks = state.decks.slice();
      decks[d] = [...deck.slice(0, i), ...deck.slice(i + 1)];
      return { state: { ...state, decks }, ref: deck[i]! };
    }
  }
  throw new Error(`no ${id} in the decks`);
}

/**
 * A hand-built position where the building cards of each city and of the visible row are taken out
 * of the decks, so cards stay conserved. Cities list card ids (Town Hall included); Habitations and
 * specials placed in a city leave the offer.
 */
export function build(
  players: number,
  spec: { cities?: string[][]; visible?: string[]; coins?: number[]; current?: number; step?: VilleState['step']; specials?: string[] },
  seed = 'position',
): VilleState {
  let s = newGame(players, seed);
  const place = (id: string): string => {
    if (!BUILDING_BY_ID.has(id)) return id;
    const r = takeFromDecks(s, id);
    s = r.state;
    return r.ref;
  };
  const cities = spec.cities ? spec.cities.map((city) => city.map(place)) : s.cities;
  const visible = spec.visible ? spec.visible.map(place) : s.visible;
  const habitations = { ...s.habitations };
  for (const city of cities) for (const ref of city) if (ref in habitations) habitations[ref as keyof typeof habitations] -= 1;
  const placed = new Set(cities.flat());
  return {
    ...s,
    cities,
    visible,
    habitations,
    coins: spec.coins ?? s.coins,
    current: spec.current ?? s.current,
    step: spec.step ?? s.step,
    specials: (spec.specials ?? s.specials).filter((id) => !placed.has(id)),
  };
}
