import type { Seat, Viewer } from '../../engine/index.js';
import type { MpvEventView, MpvView } from './schema.js';
import { canPlaceSilhouette, colourOf, objectsLeft, tilePattern } from './board.js';
import { COLOURS, OBJECT_OF_COLOUR } from './data.js';
import type { Colour } from './data.js';
import { standings } from './standings.js';
import type { MpvEvent, MpvState, SquareView } from './types.js';

const COLOUR_OF_LETTER: Record<string, Colour | null> = { B: 'blue', G: 'green', Y: 'yellow', R: 'red', X: null };

function squareView(code: string): SquareView {
  const letter = code[0]!;
  return { colour: COLOUR_OF_LETTER[letter] ?? null, isX: letter === 'X', coveredBy: code.length > 1 ? Number(code.slice(1)) : null };
}

/**
 * What a seat or a spectator sees. Everything is public except the draw pile's order: the view
 * gives only how many tiles are left in it (M2). The city is a rectangle of squares, row by row
 * from the top, each null (no tile there) or { colour, isX, coveredBy }; `city.x`/`city.y` are
 * the square coordinates of its top-left corner, the coordinates moves use (E4).
 */
export function view(state: MpvState, _viewer: Viewer): MpvView {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const t of state.tiles) {
    minX = Math.min(minX, 3 * t.x);
    maxX = Math.max(maxX, 3 * t.x + 2);
    minY = Math.min(minY, 3 * t.y);
    maxY = Math.max(maxY, 3 * t.y + 2);
  }
  const rows: (SquareView | null)[][] = Array.from({ length: maxY - minY + 1 }, () =>
    new Array<SquareView | null>(maxX - minX + 1).fill(null),
  );
  for (const t of state.tiles) {
    for (let j = 0; j < 9; j++) {
      const cover = t.covers[j]!;
      rows[3 * t.y + Math.floor(j / 3) - minY]![3 * t.x + (j % 3) - minX] = squareView(
        cover === '.' ? t.squares[j]! : t.squares[j]! + cover,
      );
    }
  }
  const over = state.phase === 'over';
  const drawnTile =
    state.drawn === null
      ? null
      : {
          tile: state.drawn,
          rotations: [0, 1, 2, 3].map((q) => {
            const p = tilePattern(state.drawn!, q);
            return { quarterTurns: q, rows: [0, 1, 2].map((r) => [0, 1, 2].map((c) => squareView(p[r * 3 + c]!))) };
          }),
        };
  const st = standings(state);
  return {
    phase: state.phase,
    round: state.round,
    toMove: over ? [] : [state.turn],
    // Score so far: objects placed (18 minus the objects still in hand), as in the result.
    scores: st.objectsLeft.map((n) => 18 - n),
    result: outcome(state),
    version: state.version,
    /** On a regular turn, whether the seat to move must take a tile because no silhouette fits (M5). */
    mustTakeTile: state.phase === 'turn' && !canPlaceSilhouette(state, state.turn),
    pileCount: state.pile.length,
    drawnTile,
    city: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1, rows },
    tiles: state.tiles.map((t) => ({ tile: t.tile, x: t.x, y: t.y, quarterTurns: t.quarterTurns })),
    silhouettes: state.silhouettes.map((s) => ({ ...s, colour: colourOf(s.seat) })),
    players: Array.from({ length: state.players }, (_, seat: Seat) => ({
      seat,
      colour: colourOf(seat),
      object: OBJECT_OF_COLOUR[colourOf(seat)],
      silhouettes: (state.hands[seat] ?? []).slice(),
      silhouettesLeft: st.silhouettesLeft[seat]!,
      objectsLeft: objectsLeft(state, seat),
      rank: st.ranks[seat]!,
    })),
    colours: COLOURS.slice(0, state.players),
    finalRound: state.finalRound && { ...state.finalRound },
  };
}

/** Every event is public: a drawn tile is shown to everyone (M2); no event carries the pile. */
export function eventView(event: MpvEvent, _viewer: Viewer): MpvEventView {
  return { ...event };
}

/** The result once over: scores are objects placed; ranks and winners follow M6. */
export function outcome(state: MpvState): MpvView['result'] {
  if (state.phase !== 'over' || !state.result) return null;
  const st = standings(state);
  return {
    // Score: objects placed (18 minus the objects still in hand); ranks and winners follow M6.
    scores: st.objectsLeft.map((n) => 18 - n),
    ranks: st.ranks,
    winners: state.result.winners.slice(),
    detail: { reason: state.result.reason, objectsLeft: st.objectsLeft, silhouettesLeft: st.silhouettesLeft },
  };
}
