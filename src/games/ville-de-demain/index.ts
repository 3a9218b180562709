import type { Game } from '../../engine/index.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves } from './legal.js';
import { notation } from './notation.js';
import { undoable } from './undo.js';
import { moveSchemas, schemas } from './schema.js';
import { setup } from './setup.js';
import type { VilleEvent, VilleMove, VilleOptions, VilleState } from './types.js';
import { eventView, outcome, view } from './view.js';
import { gamePlugin } from '../plugin.js';
import { bot } from './bot.js';
import { villeDeDemainPicture } from './picture.js';
import { testing } from './testing.js';
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
  undoable,
};

export type { VilleEvent, VilleMove, VilleOptions, VilleState } from './types.js';

/** The game as the server plugs it in (src/games/plugin.ts): listed once, in src/games/index.ts. */
export const plugin = gamePlugin(villeDeDemain, { bot, picture: villeDeDemainPicture, testing });
