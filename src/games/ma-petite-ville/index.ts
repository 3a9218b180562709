/**
 * Ma Petite Ville (Pellin & Brück): 2-4 players build one city of 3x3 tiles and race to place
 * their six silhouettes on it. Rules: shared/seeds/001 (French) with shared/rulings/ma-petite-ville.md;
 * how the engine reads them: rules.md, beside this file.
 */
import type { Game } from '../../engine/index.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves } from './legal.js';
import { notation } from './notation.js';
import { undoable } from './undo.js';
import { setup } from './setup.js';
import { moveSchemas, schemas } from './schema.js';
import type { MpvEvent, MpvMove, MpvOptions, MpvState } from './types.js';
import { eventView, outcome, view } from './view.js';
import { gamePlugin } from '../plugin.js';
import { bot } from './bot.js';
import { maPetiteVillePicture } from './picture.js';
import { testing } from './testing.js';
import { COLOURS } from './data.js';
import { messages } from './messages.js';

export type { MpvEvent, MpvMove, MpvOptions, MpvState } from './types.js';

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
  moveSchemas,
  messages,
  schemas,
  setup,
  decide,
  evolve,
  legalMoves,
  toMove: (state) => (state.phase === 'over' ? [] : [state.turn]),
  view,
  eventView,
  outcome,
  notation,
  undoable,
};

/** The game as the server plugs it in (src/games/plugin.ts): listed once, in src/games/index.ts. */
export const plugin = gamePlugin(maPetiteVille, {
  bot,
  picture: maPetiteVillePicture,
  testing,
  seatChoices: { colours: COLOURS, rule: 'M7' },
});
