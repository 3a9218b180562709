import type { FieldSchema, Game, ObjectSchema, RuleViolation } from '../../engine/index.js';
import { BOARDS, PLAYER_BOARD_SIDES } from './data.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves, toMove } from './legal.js';
import { notation } from './notation.js';
import { setup } from './setup.js';
import type { TownCenterEvent, TownCenterMove, TownCenterOptions, TownCenterState } from './types.js';
import { eventView, outcome, view } from './view.js';

export type { TownCenterEvent, TownCenterMove, TownCenterOptions, TownCenterState } from './types.js';

// Coordinates range over the largest board grid in the data, so a new board needs no change here.
const boards = Object.values(BOARDS);
const maxRow = Math.max(...boards.map((b) => b.rows.length)) - 1;
const maxCol = Math.max(...boards.flatMap((b) => b.rows.map((r) => r.length))) - 1;
const row: FieldSchema = { type: 'integer', minimum: 0, maximum: maxRow, description: 'Row of the building site on the board grid, 0 at the top.' };
const col: FieldSchema = { type: 'integer', minimum: 0, maximum: maxCol, description: 'Column of the building site on the board grid, 0 at the left.' };
const anyColor: FieldSchema = {
  type: 'string',
  enum: ['office', 'residential', 'commercial', 'utility', 'elevator'],
  description: 'Cube colour: office (red), residential (green), commercial (blue), utility (yellow), elevator (black Elevator/Parking).',
};
const tower = { type: 'integer', minimum: 0, maximum: 3, description: 'Tower number, 0-based.' } as const;
const schema = (description: string, properties: ObjectSchema['properties'], required: string[]): ObjectSchema => ({
  type: 'object',
  description,
  properties,
  required,
  additionalProperties: false,
});

export const townCenter: Game<TownCenterState, TownCenterMove, TownCenterEvent, TownCenterOptions> = {
  id: 'town-center',
  name: 'Town Center',
  engineVersion: 1,
  minPlayers: 1,
  maxPlayers: 8,
  optionsSchema: {
    type: 'object',
    properties: {
      boardSide: { type: 'string', enum: [...PLAYER_BOARD_SIDES], default: 'A', description: "Player board side for every town: 'A' (easier) or 'B' (harder; stand-in layout)." },
      soloVariant: {
        type: 'string',
        enum: ['bag', 'centralPark'],
        default: 'bag',
        description: "Solo only: 'bag' (draw 3, return 1 to the bag) or 'centralPark' (the row of 20 cubes on the Central Park map).",
      },
      seatSides: {
        type: 'string',
        default: '',
        description: "Optional: a board side per seat, one letter per seat in seat order (e.g. 'ABBA' for 4 players), for tables where some players take the harder side. Empty: every town uses boardSide.",
      },
    },
    additionalProperties: false,
  },
  moveSchemas: {
    placeCityHall: schema('Setup: put your City Hall on a building site of your town.', { row, col }, ['row', 'col']),
    stackCube: schema('Investment (first player): put one drawn cube of this colour on top of a tower.', { color: anyColor, tower }, ['color', 'tower']),
    takeCube: schema('Investment: take the top cube of a tower.', { tower }, ['tower']),
    returnCube: schema('Solo Investment: put one of the 3 drawn cubes back (in the bag, or at the back of the Central Park row).', { color: anyColor }, ['color']),
    buildCube: schema('Construction: build one of your drafted cubes on a site (on top of its stack).', { color: anyColor, row, col }, ['color', 'row', 'col']),
    developCube: schema('Development: add a cube from the reserve to a unit that develops, on top of the stack of this site.', {
      color: { type: 'string', enum: ['residential', 'commercial'], description: 'Colour of the unit that develops.' },
      row,
      col,
    }, ['color', 'row', 'col']),
    buyCube: schema('Public Works: buy one Utilities or Elevator/Parking cube and place it on this site.', {
      color: { type: 'string', enum: ['utility', 'elevator'], description: 'utility (yellow) or elevator (black).' },
      row,
      col,
    }, ['color', 'row', 'col']),
    pass: schema('Public Works: buy nothing this round.', {}, []),
  },
  checkConfig(players: number, options: TownCenterOptions): RuleViolation | null {
    const sides = options.seatSides ?? '';
    if (sides !== '' && (sides.length !== players || [...sides].some((c) => !(PLAYER_BOARD_SIDES as readonly string[]).includes(c)))) {
      return {
        code: 'SEAT_SIDES',
        message: `seatSides needs one board side (${PLAYER_BOARD_SIDES.join(' or ')}) per seat: ${players} letters, or empty for all the same.`,
        rule: 'Setup, board sides (TC14)',
      };
    }
    if (players > 1 && options.soloVariant !== 'bag') {
      return { code: 'SOLO_VARIANT_NEEDS_ONE_PLAYER', message: 'The Central Park variant is a solo variant: it needs exactly 1 player.', rule: 'Solo variant, R25' };
    }
    return null;
  },
  setup,
  decide,
  evolve,
  legalMoves,
  toMove,
  view,
  eventView,
  outcome,
  notation,
};
