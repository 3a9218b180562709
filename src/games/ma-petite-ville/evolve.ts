import { cityIndex, lineSquares, locate, placedTile } from './board.js';
import type { MpvEvent, MpvState } from './types.js';

/** The turn passes to the next seat; the round counts up when it comes back to seat 0. */
function nextTurn(state: MpvState): Pick<MpvState, 'turn' | 'round'> {
  const turn = (state.turn + 1) % state.players;
  return { turn, round: turn === 0 ? state.round + 1 : state.round };
}

/** One final-round turn is used up (placed, passed or skipped). */
function finalTurnUsed(state: MpvState): MpvState['finalRound'] {
  return state.finalRound && { ...state.finalRound, turnsLeft: state.finalRound.turnsLeft - 1 };
}

/** Applies one event. Trusts it (decide checked it) and returns a new state; the input is not changed. */
export function evolve(state: MpvState, event: MpvEvent): MpvState {
  switch (event.type) {
    case 'tileDrawn':
      return { ...state, phase: 'placeTile', drawn: event.tile, pile: state.pile.filter((t) => t !== event.tile) };
    case 'tilePlaced': {
      const placed = placedTile(event.tile, event.x, event.y, event.quarterTurns);
      return { ...state, ...nextTurn(state), phase: 'turn', drawn: null, tiles: [...state.tiles, placed] };
    }
    case 'silhouettePlaced': {
      const tiles = state.tiles.slice();
      const index = cityIndex(tiles);
      const mark = String(event.seat);
      for (const [x, y] of lineSquares(event.x, event.y, event.length, event.direction)) {
        const [i, j] = locate(index, x, y)!;
        const t = tiles[i]!;
        tiles[i] = { ...t, covers: t.covers.slice(0, j) + mark + t.covers.slice(j + 1) };
      }
      const hands = state.hands.slice();
      const hand = (hands[event.seat] ?? []).slice();
      hand.splice(hand.indexOf(event.length), 1);
      hands[event.seat] = hand;
      const { seat, length, x, y, direction } = event;
      return { ...state, ...nextTurn(state), tiles, hands, silhouettes: [...state.silhouettes, { seat, length, x, y, direction }], finalRound: finalTurnUsed(state) };
    }
    case 'passed':
    case 'turnSkipped':
      return { ...state, ...nextTurn(state), finalRound: finalTurnUsed(state) };
    case 'finalRoundBegan':
      return { ...state, phase: 'finalRound', turn: (event.lastTilePlacer + 1) % state.players, finalRound: { lastTilePlacer: event.lastTilePlacer, turnsLeft: state.players } };
    case 'gameEnded':
      return { ...state, phase: 'over', result: { reason: event.reason, winners: event.winners.slice() } };
  }
}
