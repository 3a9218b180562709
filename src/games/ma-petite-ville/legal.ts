import type { Seat } from '../../engine/index.js';
import { openTilePositions, silhouettePlacements } from './board.js';
import type { MpvMove, MpvState } from './types.js';

/**
 * Every move `decide` accepts from this seat, and no other:
 * - after a draw, the drawn tile at each open position in each of the 4 rotations (M1, M2);
 * - on a regular turn, taking a tile, and every silhouette placement (M3-M5); a seat that can
 *   place none is left with taking a tile only (M5);
 * - in the final round, every silhouette placement, and passing (E5).
 */
export function legalMoves(state: MpvState, seat: Seat): MpvMove[] {
  if (state.phase === 'over' || seat !== state.turn) return [];
  if (state.phase === 'placeTile') {
    const out: MpvMove[] = [];
    for (const [x, y] of openTilePositions(state.tiles)) for (let q = 0; q < 4; q++) out.push({ type: 'placeTile', x, y, quarterTurns: q });
    return out;
  }
  const out: MpvMove[] = [];
  if (state.phase === 'turn' && state.pile.length > 0) out.push({ type: 'drawTile' });
  for (const p of silhouettePlacements(state, seat)) out.push({ type: 'placeSilhouette', ...p });
  if (state.phase === 'finalRound') out.push({ type: 'pass' });
  return out;
}
