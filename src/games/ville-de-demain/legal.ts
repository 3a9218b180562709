import type { Seat } from '../../engine/index.js';
import { canDraw, card, DECKS, owns } from './cards.js';
import { CITY_LIMIT, HABITATION_KINDS, HABITATIONS } from './data.js';
import { specialsFor } from './flow.js';
import type { VilleMove, VilleState } from './types.js';

/** Every move decide accepts from seat, and no other. At most 8 moves: each step is its own choice. */
export function legalMoves(state: VilleState, seat: Seat): VilleMove[] {
  if (state.step === 'over' || seat !== state.current) return [];
  const moves: VilleMove[] = [];
  switch (state.step) {
    case 'discard':
      state.visible.forEach((_, slot) => moves.push({ type: 'discardCard', slot }));
      moves.push({ type: 'skipDiscard' });
      break;
    case 'refill':
      for (const deck of DECKS) if (canDraw(state, deck)) moves.push({ type: 'drawCard', deck });
      break;
    case 'build': {
      const city = state.cities[seat]!;
      const coins = state.coins[seat]!;
      if (city.length < CITY_LIMIT) {
        state.visible.forEach((ref, slot) => {
          const c = card(ref);
          if (c.cost <= coins && !owns(city, c.id)) moves.push({ type: 'buyCard', slot });
        });
        for (const kind of HABITATION_KINDS) {
          if (state.habitations[kind] > 0 && HABITATIONS[kind].cost <= coins && !owns(city, kind))
            moves.push({ type: 'buyHabitation', kind });
        }
      }
      moves.push({ type: 'takeCoin' });
      break;
    }
    case 'special':
      for (const special of specialsFor(state, seat)) moves.push({ type: 'takeSpecial', special });
      moves.push({ type: 'skipSpecial' });
      break;
  }
  return moves;
}
