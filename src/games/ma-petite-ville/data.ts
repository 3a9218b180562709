import type { Colour as ColourSchema } from './schema.js';
import type { Static } from '../../engine/index.js';
/**
 * Ma Petite Ville components: the 4 colours, the silhouettes and the 36 city tiles.
 *
 * STAND-INS. The rulebook (shared/seeds/001) lists no printed tile or silhouette, and no source
 * does. These are invented following shared/rulings/ma-petite-ville.md: every colour has the same
 * six silhouettes (2, 2, 3, 3, 4, 4 objects); every tile has 2 squares of each colour and 1 X
 * square; the 36 tiles are different arrangements, none a rotation of another and none
 * unchanged by a rotation, so every (tile, rotation) pair draws a different square pattern.
 * 12 tiles have the X in the centre, 12 on an edge, 12 in a corner.
 *
 * Tile rows are read top to bottom as printed (rotation 0), one letter per square:
 * B blue, G green, Y yellow, R red, X the X square.
 */

export const COLOURS = ['blue', 'green', 'yellow', 'red'] as const;
export type Colour = Static<typeof ColourSchema>;

/** The letter a colour's squares carry in the tile rows below. */
export const COLOUR_LETTER: Record<Colour, string> = { blue: 'B', green: 'G', yellow: 'Y', red: 'R' };

/** What each colour's silhouettes show (rulebook, CONTENU). */
export const OBJECT_OF_COLOUR: Record<Colour, string> = { blue: 'citizen', green: 'tree', yellow: 'car', red: 'house' };

/** Each player's six silhouettes, by number of objects shown (the same set for every colour). */
export const SILHOUETTE_LENGTHS: readonly number[] = [2, 2, 3, 3, 4, 4];

export interface TileData {
  id: string;
  /** Three rows of three squares, top to bottom, as printed. */
  rows: readonly [string, string, string];
}

export const TILES: readonly TileData[] = [
  { id: 'T01', rows: ['BRG', 'YXG', 'RYB'] }, // X centre
  { id: 'T02', rows: ['BBY', 'RXR', 'GYG'] }, // X centre
  { id: 'T03', rows: ['BGY', 'RXY', 'BGR'] }, // X centre
  { id: 'T04', rows: ['BYR', 'YXB', 'GRG'] }, // X centre
  { id: 'T05', rows: ['GBY', 'BXY', 'RGR'] }, // X centre
  { id: 'T06', rows: ['BBG', 'RXY', 'YRG'] }, // X centre
  { id: 'T07', rows: ['BGR', 'YXB', 'GYR'] }, // X centre
  { id: 'T08', rows: ['BGR', 'YXG', 'RBY'] }, // X centre
  { id: 'T09', rows: ['BGR', 'RXB', 'YYG'] }, // X centre
  { id: 'T10', rows: ['BBR', 'RXG', 'YGY'] }, // X centre
  { id: 'T11', rows: ['BYG', 'RXB', 'YRG'] }, // X centre
  { id: 'T12', rows: ['BRR', 'YXB', 'GYG'] }, // X centre
  { id: 'T13', rows: ['RXB', 'YRG', 'GBY'] }, // X edge
  { id: 'T14', rows: ['BXY', 'GBR', 'YGR'] }, // X edge
  { id: 'T15', rows: ['RXY', 'GBB', 'RGY'] }, // X edge
  { id: 'T16', rows: ['BXY', 'GRG', 'RBY'] }, // X edge
  { id: 'T17', rows: ['YXR', 'GYB', 'BRG'] }, // X edge
  { id: 'T18', rows: ['GXY', 'RBY', 'BRG'] }, // X edge
  { id: 'T19', rows: ['YXY', 'BGB', 'RRG'] }, // X edge
  { id: 'T20', rows: ['GXR', 'YBR', 'BYG'] }, // X edge
  { id: 'T21', rows: ['RXB', 'GBR', 'YYG'] }, // X edge
  { id: 'T22', rows: ['GXR', 'YRG', 'BYB'] }, // X edge
  { id: 'T23', rows: ['BXB', 'YGR', 'GYR'] }, // X edge
  { id: 'T24', rows: ['RXG', 'YGR', 'BBY'] }, // X edge
  { id: 'T25', rows: ['XGR', 'BRB', 'YGY'] }, // X corner
  { id: 'T26', rows: ['XRY', 'GYB', 'BGR'] }, // X corner
  { id: 'T27', rows: ['XRG', 'YBR', 'BYG'] }, // X corner
  { id: 'T28', rows: ['XYB', 'GBG', 'RRY'] }, // X corner
  { id: 'T29', rows: ['XBG', 'BRR', 'YGY'] }, // X corner
  { id: 'T30', rows: ['XGY', 'RYB', 'GBR'] }, // X corner
  { id: 'T31', rows: ['XBR', 'YGB', 'RYG'] }, // X corner
  { id: 'T32', rows: ['XYB', 'RBR', 'YGG'] }, // X corner
  { id: 'T33', rows: ['XYG', 'RBY', 'BRG'] }, // X corner
  { id: 'T34', rows: ['XGG', 'BRY', 'RYB'] }, // X corner
  { id: 'T35', rows: ['XBR', 'GYG', 'RYB'] }, // X corner
  { id: 'T36', rows: ['XGY', 'RBB', 'YGR'] }, // X corner
];
