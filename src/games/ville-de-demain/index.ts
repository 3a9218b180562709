import type { Game } from '../../engine/index.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves } from './legal.js';
import { notation } from './notation.js';
import { moveSchemas, schemas } from './schema.js';
import { setup } from './setup.js';
import type { VilleEvent, VilleMove, VilleOptions, VilleState } from './types.js';
import { eventView, outcome, view } from './view.js';
import { messages } from './messages.js';

/** La Ville de Demain (Happy City's rules with leaves for hearts): 2-5 players, no options. */
export const villeDeDemain: Game<VilleState, VilleMove, VilleEvent, VilleOptions> = {
  id: 'ville-de-demain',
  name: 'La Ville de Demain',
  engineVersion: 1,
  minPlayers: 2,
  maxPlayers: 5,
  optionsSchema: { type: 'object', description: 'La Ville de Demain has no options.', properties: {}, additionalProperties: false },
  moveSchemas,
  messages,
  schemas,
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
export type { VilleEventView, VilleView } from './schema.js';
