import type { Move, Rng, Seat } from '../../../src/engine/index.js';
import { ALL_BUILDING_REFS, cardId, SPECIAL_BY_ID, SPECIAL_IDS } from '../../../src/games/ville-de-demain/cards.js';
import { CITY_LIMIT, HABITATION_KINDS } from '../../../src/games/ville-de-demain/data.js';
import type { VilleState } from '../../../src/games/ville-de-demain/index.js';

const ALL_REFS = new Set(ALL_BUILDING_REFS);

/** Conservation and the limits every reachable state keeps. */
export function invariant(s: VilleState): void {
  // Building cards: decks + discards + visible + cities hold each of the 66 cards exactly once.
  const seen = new Set<string>();
  let count = 0;
  const tally = (pile: readonly string[], onlyBuildings: boolean) => {
    for (const ref of pile) {
      if (onlyBuildings && !ref.includes('#')) continue;
      if (!ALL_REFS.has(ref)) throw new Error(`unknown building card ${ref}`);
      seen.add(ref);
      count += 1;
    }
  };
  for (const pile of s.decks) tally(pile, false);
  for (const pile of s.discards) tally(pile, false);
  tally(s.visible, false);
  for (const city of s.cities) tally(city, true);
  if (count !== 66 || seen.size !== 66) throw new Error(`building cards not conserved: ${count} cards, ${seen.size} distinct`);
  if (s.visible.length > 3) throw new Error('more than 3 visible cards');
  for (const kind of HABITATION_KINDS) {
    const owned = s.cities.filter((city) => city.includes(kind)).length;
    if (owned + s.habitations[kind] !== s.players - 1 || s.habitations[kind] < 0) throw new Error(`${kind} not conserved`);
  }
  const ownedSpecials = s.cities.flat().filter((ref) => SPECIAL_BY_ID.has(ref));
  if (ownedSpecials.length + s.specials.length !== s.players + 2) throw new Error('specials not conserved');
  if (new Set([...ownedSpecials, ...s.specials]).size !== s.players + 2) throw new Error('a special building is twice in play');
  s.cities.forEach((city, seat) => {
    if (city.length > CITY_LIMIT) throw new Error(`seat ${seat} holds ${city.length} cards`);
    if (city[0] !== 'townHall') throw new Error(`seat ${seat} lost its Town Hall`);
    if (new Set(city.map(cardId)).size !== city.length) throw new Error(`seat ${seat} holds two cards of one name`);
    if (city.filter((ref) => SPECIAL_BY_ID.has(ref)).length > 1) throw new Error(`seat ${seat} holds two specials`);
    if (s.coins[seat]! < 0) throw new Error(`seat ${seat} has ${s.coins[seat]} coins`);
  });
}

/** Plausible moves of every type and field value: those not listed must be refused. */
export function candidates(s: VilleState, _seat: Seat, _legal: Move[], rng: Rng): Move[] {
  const moves: Move[] = [{ type: 'skipDiscard' }, { type: 'takeCoin' }, { type: 'skipSpecial' }];
  for (let slot = 0; slot < 3; slot++) moves.push({ type: 'discardCard', slot } as Move, { type: 'buyCard', slot } as Move);
  for (let deck = 1; deck <= 3; deck++) moves.push({ type: 'drawCard', deck } as Move);
  for (const kind of HABITATION_KINDS) moves.push({ type: 'buyHabitation', kind } as Move);
  for (const special of s.specials) moves.push({ type: 'takeSpecial', special } as Move);
  moves.push({ type: 'takeSpecial', special: rng.pick(SPECIAL_IDS) } as Move);
  return moves;
}

/**
 * Secrets: face-down cards and the generator state. Views and readable events never carry a
 * physical card reference (`bakery#2`), which only decks, discard piles and the state use: the `#`
 * that every reference holds is the secret, so a leaked deck or pile, in any form, is caught.
 * (Each secret costs one assertion per viewer per step, so the list stays short.)
 */
export function secrets(s: VilleState): string[] {
  return ['#', String(s.rng[0])];
}
