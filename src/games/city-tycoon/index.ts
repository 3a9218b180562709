import type { FieldSchema, Game, Json, ObjectSchema } from '../../engine/index.js';
import { DISTRICT_IDS } from './data.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves, toMove } from './legal.js';
import { notation } from './notation.js';
import { COORD_LIMIT } from './map.js';
import { setup } from './setup.js';
import type { Event, Move, Options, State } from './types.js';
import { eventView, outcome, view } from './view.js';

const tile: FieldSchema = { type: 'string', enum: DISTRICT_IDS, description: 'a district tile id (t<round>_<nn>)' };
const coord = (axis: string): FieldSchema => ({ type: 'integer', minimum: -COORD_LIMIT, maximum: COORD_LIMIT, description: `map ${axis} (x grows east, y grows south; the city covers 0..1)` });
const point: ObjectSchema = { type: 'object', properties: { x: coord('column'), y: coord('row') }, required: ['x', 'y'], additionalProperties: false };
const obj = (description: string, properties: Record<string, FieldSchema>, required: string[]): ObjectSchema => ({ type: 'object', description, properties, required, additionalProperties: false });

export const moveSchemas: Record<Move['type'], ObjectSchema> = {
  keepTile: obj('Draft: keep one tile of your hand; the rest goes to your neighbour (C3).', { tile }, ['tile']),
  buildDistrict: obj('Construction: reveal a kept district and pay one of its cost levels (0 unless variable cost); then place it (C4).', { tile, level: { type: 'integer', minimum: 0, maximum: 2, description: 'index of the cost level paid' } }, ['tile', 'level']),
  buildPlant: obj('Construction: discard a kept tile to build the top power plant or water station on the chosen side; then place it (C4).', { tile, plant: { type: 'string', enum: ['power', 'water'] }, side: { type: 'string', enum: ['a', 'b'] } }, ['tile', 'plant', 'side']),
  sellTile: obj('Construction: reveal and discard a kept tile for $5 (C4).', { tile }, ['tile']),
  place: obj('Construction: put the revealed district or plant on a free square sharing an edge with a placed tile (C1).', { x: coord('column'), y: coord('row') }, ['x', 'y']),
  placeTerrain: obj('Construction: put one terrain tile of the district just built on a free square next to it (C5).', { x: coord('column'), y: coord('row') }, ['x', 'y']),
  supply: obj(
    'Supply one of your districts with one option, all its cubes at once; routes are found by the server unless given (C6-C8).',
    {
      x: coord('column'),
      y: coord('row'),
      option: { type: 'integer', minimum: 0, maximum: 2, description: 'index of the supply option' },
      routes: {
        type: 'array',
        description: 'optional: one route per electricity and water cube, each from its source plant to the district',
        maxItems: 8,
        items: obj('one cube route', { path: { type: 'array', minItems: 2, maxItems: 400, items: point } }, ['path']),
      },
    },
    ['x', 'y', 'option'],
  ),
  pass: obj('Supply: stop supplying for the rest of this phase (C6).', {}, []),
};

export const cityTycoon: Game<State, Move, Event, Options> = {
  id: 'city-tycoon',
  name: 'City Tycoon',
  engineVersion: 1,
  minPlayers: 2,
  maxPlayers: 5,
  optionsSchema: {
    type: 'object',
    properties: {
      draftPass: {
        type: 'string',
        enum: ['right', 'left'],
        default: 'right',
        description: "where the rest of a draft hand goes: 'right' (rule text, ruling C3: to the previous seat) or 'left' (the worked example: to the next seat)",
      },
    },
    additionalProperties: false,
  },
  moveSchemas,
  setup,
  decide,
  evolve,
  legalMoves,
  toMove,
  view,
  eventView,
  // C12: the tile a player keeps in the draft stays hidden from the others until it is played.
  moveView: (move, seat, viewer) => (move.type === 'keepTile' && viewer !== seat ? { type: 'keepTile' } : (move as unknown as Json)),
  outcome,
  notation,
};
