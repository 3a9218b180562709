import type { Seat } from '../../engine/index.js';
import type { TownCenterEvent, TownCenterMove } from './types.js';

/**
 * Which Town Center moves may be taken back (takebacks, src/engine/takeback.ts). Every town and the
 * towers are public; the only unknown is the bag: a move that ends the round draws the next round's
 * cubes (`roundStarted`, with the generator's state), a random draw. Everything else may be undone.
 */
export function undoable(_move: TownCenterMove, _seat: Seat, events: TownCenterEvent[]): true | { reason: 'random-draw' } {
  return events.some((e) => e.type === 'roundStarted') ? { reason: 'random-draw' } : true;
}
