import type { Seat } from '../../engine/index.js';
import type { VilleEvent, VilleMove } from './types.js';

/**
 * Which Ville de Demain moves may be taken back (takebacks, src/engine/takeback.ts). Every city and
 * the row of cards are public (V8); the decks' order is not: a move that draws a card from a deck
 * (`cardDrawn`, refilling the row or a seat's draw) or reshuffles one (`deckRebuilt`) is a random draw.
 */
export function undoable(_move: VilleMove, _seat: Seat, events: VilleEvent[]): true | { reason: 'random-draw' } {
  return events.some((e) => e.type === 'cardDrawn' || e.type === 'deckRebuilt') ? { reason: 'random-draw' } : true;
}
