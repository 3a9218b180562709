import type { Game, Json } from '../../engine/index.js';
import { moveSchemas, schemas } from './schema.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves, toMove } from './legal.js';
import { notation } from './notation.js';
import { undoable } from './undo.js';
import { setup } from './setup.js';
import type { Event, Move, Options, State } from './types.js';
import { eventView, outcome, view } from './view.js';
import { gamePlugin } from '../plugin.js';
import { bot } from './bot.js';
import { cityTycoonPicture } from './picture.js';
import { testing } from './testing.js';
import { messages } from './messages.js';

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
        description:
          "where the rest of a draft hand goes: 'right' (rule text, ruling C3: to the previous seat) " +
          "or 'left' (the worked example: to the next seat)",
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
  toMove,
  view,
  eventView,
  // C12: the tile a player keeps in the draft stays hidden from the others until it is played.
  moveView: (move, seat, viewer) => (move.type === 'keepTile' && viewer !== seat ? { type: 'keepTile' } : (move as unknown as Json)),
  outcome,
  notation,
  undoable,
};

/** The game as the server plugs it in (src/games/plugin.ts): listed once, in src/games/index.ts. */
export const plugin = gamePlugin(cityTycoon, { bot, picture: cityTycoonPicture, testing });
