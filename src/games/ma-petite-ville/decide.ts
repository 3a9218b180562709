import { ok, reject } from '../../engine/index.js';
import type { Result, Seat } from '../../engine/index.js';
import { canPlaceSilhouette, colourOf, lineProblem } from './board.js';
import type { LineProblem } from './board.js';
import { evolve } from './evolve.js';
import { standings } from './standings.js';
import type { MpvEvent, MpvMove, MpvState } from './types.js';

const LINE_MESSAGES: Record<LineProblem, [string, string]> = {
  OUTSIDE_CITY: ['a silhouette must lie entirely on the city: every square it covers must be on a placed tile', 'M3'],
  SQUARE_COVERED: ['a silhouette may not cover a square another silhouette already covers (each square is used once)', 'M3'],
  X_SQUARE_FORBIDDEN: ['in the normal version a silhouette may never cover or cross an X square', 'M4'],
  END_ON_X_SQUARE: ['the first and last objects of a silhouette may never stand on an X square', 'M4'],
  END_NOT_OWN_COLOUR: ["the first and last objects of a silhouette must stand on squares of the player's colour", 'M3'],
};

/**
 * Checks a move and returns its events, followed by the forced steps it triggers: the final round
 * beginning after the last tile, final turns skipped for seats that cannot place a silhouette
 * (E5), and the end of the game (M6). The kernel has checked the game is running and `seat` is to move.
 */
export function decide(state: MpvState, move: MpvMove, seat: Seat): Result<MpvEvent[]> {
  switch (move.type) {
    case 'drawTile': {
      if (state.phase === 'placeTile') return reject('TILE_ALREADY_DRAWN', 'you have drawn a tile and must place it before anything else (taking a tile is draw, then place)', 'M2');
      if (state.pile.length === 0) return reject('PILE_EMPTY', 'the draw pile is empty: no tile is left to take', 'M5');
      return ok([{ type: 'tileDrawn', seat, tile: state.pile[0]! }]);
    }
    case 'placeTile': {
      if (state.phase !== 'placeTile' || state.drawn === null) return reject('NO_TILE_DRAWN', 'a tile is placed only right after drawing it: draw a tile first', 'M2');
      if (!Number.isInteger(move.quarterTurns) || move.quarterTurns < 0 || move.quarterTurns > 3) {
        return reject('BAD_ROTATION', 'a tile is turned by 0, 1, 2 or 3 quarter turns clockwise', 'M1');
      }
      if (state.tiles.some((t) => t.x === move.x && t.y === move.y)) return reject('TILE_POSITION_TAKEN', 'a tile may not be placed where a tile already lies', 'M1');
      if (!state.tiles.some((t) => Math.abs(t.x - move.x) + Math.abs(t.y - move.y) === 1)) {
        return reject('TILE_NOT_ADJACENT', 'a new tile must share at least one full edge with a placed tile (diagonal contact is not enough)', 'M1');
      }
      const placed: MpvEvent = { type: 'tilePlaced', seat, tile: state.drawn, x: move.x, y: move.y, quarterTurns: move.quarterTurns };
      const events: MpvEvent[] = [placed];
      if (state.pile.length === 0) events.push({ type: 'finalRoundBegan', lastTilePlacer: seat });
      return ok(settle(state, events));
    }
    case 'placeSilhouette': {
      if (state.phase === 'placeTile') return reject('MUST_PLACE_DRAWN_TILE', 'you have drawn a tile and must place it; a turn is one action, a tile or a silhouette', 'M2, M5');
      if (!(state.hands[seat] ?? []).includes(move.length)) {
        return reject('NO_SILHOUETTE_OF_LENGTH', `you have no silhouette of ${move.length} objects left in hand`, 'M3, E3');
      }
      const problem = lineProblem(state, seat, move.x, move.y, move.length, move.direction);
      if (problem) {
        const [message, rule] = LINE_MESSAGES[problem];
        return reject(problem, problem === 'END_NOT_OWN_COLOUR' ? `${message} (${colourOf(seat)})` : message, rule);
      }
      const events: MpvEvent[] = [{ type: 'silhouettePlaced', seat, length: move.length, x: move.x, y: move.y, direction: move.direction }];
      if ((state.hands[seat] ?? []).length === 1) {
        events.push({ type: 'gameEnded', reason: 'lastSilhouette', winners: [seat] });
        return ok(events);
      }
      return ok(settle(state, events));
    }
    case 'pass': {
      if (state.phase !== 'finalRound') return reject('PASS_NOT_ALLOWED', 'passing is allowed only in the final round, after the last tile; otherwise take a tile or place a silhouette', 'M5, E5');
      return ok(settle(state, [{ type: 'passed', seat }]));
    }
    default:
      return reject('UNKNOWN_MOVE', `unknown move type "${(move as { type: string }).type}"`, 'move format');
  }
}

/**
 * Appends the forced steps after a move's own events: in the final round, seats that cannot place
 * a silhouette are skipped (E5), and when every seat has had its final turn the game ends (M6).
 */
function settle(state: MpvState, events: MpvEvent[]): MpvEvent[] {
  if (state.phase !== 'finalRound' && !events.some((e) => e.type === 'finalRoundBegan')) return events;
  let s = state;
  for (const e of events) s = evolve(s, e);
  while (s.phase === 'finalRound' && s.finalRound) {
    let next: MpvEvent;
    if (s.finalRound.turnsLeft === 0) next = { type: 'gameEnded', reason: 'finalRound', winners: standings(s).winners };
    else if (!canPlaceSilhouette(s, s.turn)) next = { type: 'turnSkipped', seat: s.turn, reason: 'noPlacement' };
    else break;
    events.push(next);
    s = evolve(s, next);
  }
  return events;
}
