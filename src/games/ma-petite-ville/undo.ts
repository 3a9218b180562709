import type { Seat } from '../../engine/index.js';
import type { MpvEvent, MpvMove } from './types.js';

/**
 * Which Ma Petite Ville moves may be taken back (takebacks, src/engine/takeback.ts). The draw pile
 * is hidden and its order unknown to every seat (M2): a move that takes a tile from it
 * (`tileDrawn`) is a random draw. Placing a tile or a silhouette, passing, may be undone.
 */
export function undoable(_move: MpvMove, _seat: Seat, events: MpvEvent[]): true | { reason: 'random-draw' } {
  return events.some((e) => e.type === 'tileDrawn') ? { reason: 'random-draw' } : true;
}
