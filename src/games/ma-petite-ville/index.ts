/**
 * Ma Petite Ville (Pellin & Brück): 2-4 players build one city of 3x3 tiles and race to place
 * their six silhouettes on it. Rules: shared/seeds/001 (French) with shared/rulings/ma-petite-ville.md;
 * how the engine reads them: docs/rules/ma-petite-ville.md.
 */
import type { Game, Outcome } from '../../engine/index.js';
import { SQUARE_COORD_MAX, SQUARE_COORD_MIN, TILE_COORD_MAX, TILE_COORD_MIN } from './board.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves } from './legal.js';
import { notation } from './notation.js';
import { setup } from './setup.js';
import { standings } from './standings.js';
import type { MpvEvent, MpvMove, MpvOptions, MpvState } from './types.js';
import { eventView, view } from './view.js';

export type { MpvEvent, MpvMove, MpvOptions, MpvState } from './types.js';

const squareCoord = (axis: string) => ({
  type: 'integer' as const,
  description: `${axis} square coordinate of the silhouette's ${axis === 'x' ? 'left' : 'top'} end (the first tile covers squares 0..2)`,
  minimum: SQUARE_COORD_MIN,
  maximum: SQUARE_COORD_MAX,
});
const tileCoord = (axis: string) => ({
  type: 'integer' as const,
  description: `${axis} position on the tile grid (the first tile is at 0, 0; ${axis === 'x' ? 'x grows to the right' : 'y grows downwards'})`,
  minimum: TILE_COORD_MIN,
  maximum: TILE_COORD_MAX,
});

function outcome(state: MpvState): Outcome | null {
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

export const maPetiteVille: Game<MpvState, MpvMove, MpvEvent, MpvOptions> = {
  id: 'ma-petite-ville',
  name: 'Ma Petite Ville',
  engineVersion: 1,
  minPlayers: 2,
  maxPlayers: 4,
  optionsSchema: {
    type: 'object',
    properties: {
      version: {
        type: 'string',
        enum: ['easy', 'normal'],
        default: 'normal',
        description: 'easy: X squares may lie under the middle of a silhouette, never under its ends; normal: X squares are never covered',
      },
    },
    additionalProperties: false,
  },
  moveSchemas: {
    drawTile: { type: 'object', description: 'Take the top tile of the draw pile; it is shown to everyone and must then be placed (placeTile).', properties: {}, additionalProperties: false },
    placeTile: {
      type: 'object',
      description: 'Place the drawn tile edge to edge with the city, turned clockwise by quarterTurns.',
      properties: {
        x: tileCoord('x'),
        y: tileCoord('y'),
        quarterTurns: { type: 'integer', minimum: 0, maximum: 3, description: 'clockwise quarter turns from the printed orientation' },
      },
      required: ['x', 'y', 'quarterTurns'],
      additionalProperties: false,
    },
    placeSilhouette: {
      type: 'object',
      description: 'Place one of your silhouettes in a straight line on free squares, both ends on your colour.',
      properties: {
        length: { type: 'integer', minimum: 2, maximum: 4, description: 'number of objects on the silhouette' },
        x: squareCoord('x'),
        y: squareCoord('y'),
        direction: { type: 'string', enum: ['horizontal', 'vertical'], description: 'horizontal: rightwards from (x, y); vertical: downwards' },
      },
      required: ['length', 'x', 'y', 'direction'],
      additionalProperties: false,
    },
    pass: { type: 'object', description: 'Final round only: give up your last chance to place a silhouette.', properties: {}, additionalProperties: false },
  },
  setup,
  decide,
  evolve,
  legalMoves,
  toMove: (state) => (state.phase === 'over' ? [] : [state.turn]),
  view,
  eventView,
  outcome,
  notation,
};
