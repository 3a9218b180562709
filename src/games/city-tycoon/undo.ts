import type { Seat } from '../../engine/index.js';
import type { Event, Move } from './types.js';

/** Events that show a seat tiles it could not see before (C12): passed hands, a kept tile revealed, built as a plant or sold. */
const REVEALS = new Set<Event['type']>(['handsPassed', 'districtRevealed', 'plantRevealed', 'tileSold']);

/**
 * Which City Tycoon moves may be taken back (takebacks, src/engine/takeback.ts). A new round deals
 * hands from the shuffled stacks (`roundStarted`): a random draw. Hands and kept tiles are secret
 * (C12): passing the hands on, revealing a kept tile (as a district or a plant) or selling one shows
 * other seats what they could not see: a hidden reveal. Keeping a tile (before the hands move on),
 * placing terrain, building what is revealed, supplying and passing may be undone.
 */
export function undoable(_move: Move, _seat: Seat, events: Event[]): true | { reason: 'random-draw' | 'hidden-reveal' } {
  if (events.some((e) => e.type === 'roundStarted')) return { reason: 'random-draw' };
  if (events.some((e) => REVEALS.has(e.type))) return { reason: 'hidden-reveal' };
  return true;
}
