import { ok } from '../../engine/index.js';
import { refuse } from './messages.js';
import type { Result, Seat } from '../../engine/index.js';
import { canPlaceSilhouette, colourOf, lineProblem } from './board.js';
import type { LineProblem } from './board.js';
import { evolve } from './evolve.js';
import { standings } from './standings.js';
import type { MpvEvent, MpvMove, MpvState } from './types.js';

/** The rule each line problem breaks. */
const LINE_RULES: Record<LineProblem, string> = {
  OUTSIDE_CITY: 'M3',
  SQUARE_COVERED: 'M3',
  X_SQUARE_FORBIDDEN: 'M4',
  END_ON_X_SQUARE: 'M4',
  END_NOT_OWN_COLOUR: 'M3',
};

/**
 * Checks a move and returns its events, followed by the forced steps it triggers: the final round
 * beginning after the last tile, final turns skipped for seats that cannot place a silhouette
 * (E5), and the end of the game (M6). The kernel has checked the game is running and `seat` is to move.
 */
export function decide(state: MpvState, move: MpvMove, seat: Seat): Result<MpvEvent[]> {
  switch (move.type) {
    case 'drawTile': {
      if (state.phase === 'placeTile') return refuse('TILE_ALREADY_DRAWN', 'M2');
      if (state.pile.length === 0) return refuse('PILE_EMPTY', 'M5');
      return ok([{ type: 'tileDrawn', seat, tile: state.pile[0]! }]);
    }
    case 'placeTile': {
      if (state.phase !== 'placeTile' || state.drawn === null) return refuse('NO_TILE_DRAWN', 'M2');
      if (!Number.isInteger(move.quarterTurns) || move.quarterTurns < 0 || move.quarterTurns > 3) {
        return refuse('BAD_ROTATION', 'M1');
      }
      if (state.tiles.some((t) => t.x === move.x && t.y === move.y)) return refuse('TILE_POSITION_TAKEN', 'M1');
      if (!state.tiles.some((t) => Math.abs(t.x - move.x) + Math.abs(t.y - move.y) === 1)) {
        return refuse('TILE_NOT_ADJACENT', 'M1');
      }
      const placed: MpvEvent = { type: 'tilePlaced', seat, tile: state.drawn, x: move.x, y: move.y, quarterTurns: move.quarterTurns };
      const events: MpvEvent[] = [placed];
      if (state.pile.length === 0) events.push({ type: 'finalRoundBegan', lastTilePlacer: seat });
      return ok(settle(state, events));
    }
    case 'placeSilhouette': {
      if (state.phase === 'placeTile') return refuse('MUST_PLACE_DRAWN_TILE', 'M2, M5');
      if (!(state.hands[seat] ?? []).includes(move.length)) {
        return refuse('NO_SILHOUETTE_OF_LENGTH', 'M3, E3', { length: move.length });
      }
      const problem = lineProblem(state, seat, move.x, move.y, move.length, move.direction);
      if (problem) {
        return refuse(
          problem,
          LINE_RULES[problem],
          problem === 'END_NOT_OWN_COLOUR' ? { colour: { key: `colour.${colourOf(seat)}` } } : {},
        );
      }
      const events: MpvEvent[] = [{ type: 'silhouettePlaced', seat, length: move.length, x: move.x, y: move.y, direction: move.direction }];
      if ((state.hands[seat] ?? []).length === 1) {
        events.push({ type: 'gameEnded', reason: 'lastSilhouette', winners: [seat] });
        return ok(events);
      }
      return ok(settle(state, events));
    }
    case 'pass': {
      if (state.phase !== 'finalRound') return refuse('PASS_NOT_ALLOWED', 'M5, E5');
      return ok(settle(state, [{ type: 'passed', seat }]));
    }
    default:
      return refuse('UNKNOWN_MOVE', 'move format', { type: String((move as { type: unknown }).type) });
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
