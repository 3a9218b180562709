import type { Game, ObjectSchema } from '../../engine/index.js';
import { SPECIAL_IDS } from './cards.js';
import { HABITATION_KINDS } from './data.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves } from './legal.js';
import { notation } from './notation.js';
import { setup } from './setup.js';
import type { VilleEvent, VilleMove, VilleOptions, VilleState } from './types.js';
import { eventView, outcome, view } from './view.js';

const none = (description: string): ObjectSchema => ({ type: 'object', description, properties: {}, additionalProperties: false });

const moveSchemas: Record<VilleMove['type'], ObjectSchema> = {
  discardCard: {
    type: 'object',
    description: 'Step 1 (optional): put one visible card face down on its deck\'s discard pile.',
    properties: { slot: { type: 'integer', minimum: 0, maximum: 2, description: 'Slot of the visible card (0-based, as in the view).' } },
    required: ['slot'],
    additionalProperties: false,
  },
  skipDiscard: none('Step 1: keep the visible cards as they are.'),
  drawCard: {
    type: 'object',
    description: 'Step 2: turn the top card of a building deck face up (repeat until 3 cards are visible).',
    properties: { deck: { type: 'integer', minimum: 1, maximum: 3, description: 'Deck 1 (costs 1-3), 2 (4-5) or 3 (6-9).' } },
    required: ['deck'],
    additionalProperties: false,
  },
  buyCard: {
    type: 'object',
    description: 'Step 3: buy a visible building card and place it in your city.',
    properties: { slot: { type: 'integer', minimum: 0, maximum: 2, description: 'Slot of the visible card (0-based, as in the view).' } },
    required: ['slot'],
    additionalProperties: false,
  },
  buyHabitation: {
    type: 'object',
    description: 'Step 3: buy a Habitation and place it in your city.',
    properties: { kind: { type: 'string', enum: [...HABITATION_KINDS], description: 'smallHouse (1 coin), apartmentBlock (3) or luxuryResidence (6).' } },
    required: ['kind'],
    additionalProperties: false,
  },
  takeCoin: none('Step 3: buy nothing and take 1 coin from the bank.'),
  takeSpecial: {
    type: 'object',
    description: 'Step 4 (optional): take a special building whose condition your city meets (one per game).',
    properties: { special: { type: 'string', enum: [...SPECIAL_IDS], description: 'Id of a special building on offer.' } },
    required: ['special'],
    additionalProperties: false,
  },
  skipSpecial: none('Step 4: take no special building this turn.'),
};

/** La Ville de Demain (Happy City's rules with leaves for hearts): 2-5 players, no options. */
export const villeDeDemain: Game<VilleState, VilleMove, VilleEvent, VilleOptions> = {
  id: 'ville-de-demain',
  name: 'La Ville de Demain',
  engineVersion: 1,
  minPlayers: 2,
  maxPlayers: 5,
  optionsSchema: { type: 'object', description: 'La Ville de Demain has no options.', properties: {}, additionalProperties: false },
  moveSchemas,
  setup,
  decide,
  evolve,
  legalMoves,
  toMove: (state) => (state.step === 'over' ? [] : [state.current]),
  view,
  eventView,
  outcome,
  notation,
};

export type { VilleEvent, VilleMove, VilleOptions, VilleState } from './types.js';
