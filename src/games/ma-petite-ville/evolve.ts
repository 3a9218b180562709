import { cityIndex, lineSquares, locate, placedTile } from './board.js';
import type { MpvEvent, MpvState } from './types.js';

/**
 * A copy of the state with some fields changed, always built as one literal with the fields in
 * one order, so every state has the same shape (spreads over many states can leave V8 with
 * slow dictionary-mode objects).
 */
function next(s: MpvState, c: Partial<MpvState>): MpvState {
  return {
    version: s.version,
    players: s.players,
    phase: c.phase ?? s.phase,
    turn: c.turn ?? s.turn,
    round: c.round ?? s.round,
    pile: c.pile ?? s.pile,
    drawn: c.drawn !== undefined ? c.drawn : s.drawn,
    tiles: c.tiles ?? s.tiles,
    hands: c.hands ?? s.hands,
    silhouettes: c.silhouettes ?? s.silhouettes,
    finalRound: c.finalRound !== undefined ? c.finalRound : s.finalRound,
    result: c.result !== undefined ? c.result : s.result,
  };
}

/** The turn passes to the next seat; the round counts up when it comes back to seat 0. */
function nextTurn(state: MpvState): Pick<MpvState, 'turn' | 'round'> {
  const turn = (state.turn + 1) % state.players;
  return { turn, round: turn === 0 ? state.round + 1 : state.round };
}

/** One final-round turn is used up (placed, passed or skipped). */
function finalTurnUsed(state: MpvState): MpvState['finalRound'] {
  return state.finalRound && { lastTilePlacer: state.finalRound.lastTilePlacer, turnsLeft: state.finalRound.turnsLeft - 1 };
}

/** Applies one event. Trusts it (decide checked it) and returns a new state; the input is not changed. */
export function evolve(state: MpvState, event: MpvEvent): MpvState {
  switch (event.type) {
    case 'tileDrawn':
      return next(state, { phase: 'placeTile', drawn: event.tile, pile: state.pile.filter((t) => t !== event.tile) });
    case 'tilePlaced': {
      const placed = placedTile(event.tile, event.x, event.y, event.quarterTurns);
      return next(state, { ...nextTurn(state), phase: 'turn', drawn: null, tiles: [...state.tiles, placed] });
    }
    case 'silhouettePlaced': {
      const tiles = state.tiles.slice();
      const index = cityIndex(tiles);
      const mark = String(event.seat);
      for (const [x, y] of lineSquares(event.x, event.y, event.length, event.direction)) {
        const [i, j] = locate(index, x, y)!;
        const t = tiles[i]!;
        tiles[i] = {
          tile: t.tile,
          x: t.x,
          y: t.y,
          quarterTurns: t.quarterTurns,
          squares: t.squares,
          covers: t.covers.slice(0, j) + mark + t.covers.slice(j + 1),
        };
      }
      const hands = state.hands.slice();
      const hand = (hands[event.seat] ?? []).slice();
      hand.splice(hand.indexOf(event.length), 1);
      hands[event.seat] = hand;
      const { seat, length, x, y, direction } = event;
      return next(state, {
        ...nextTurn(state),
        tiles,
        hands,
        silhouettes: [...state.silhouettes, { seat, length, x, y, direction }],
        finalRound: finalTurnUsed(state),
      });
    }
    case 'passed':
    case 'turnSkipped':
      return next(state, { ...nextTurn(state), finalRound: finalTurnUsed(state) });
    case 'finalRoundBegan':
      return next(state, {
        phase: 'finalRound',
        turn: (event.lastTilePlacer + 1) % state.players,
        finalRound: { lastTilePlacer: event.lastTilePlacer, turnsLeft: state.players },
      });
    case 'gameEnded':
      return next(state, { phase: 'over', result: { reason: event.reason, winners: event.winners.slice() } });
  }
}
