import { violationOf, type Game, type RuleViolation } from '../../engine/index.js';
import { messages } from './messages.js';
import { PLAYER_BOARD_SIDES } from './data.js';
import { moveSchemas, schemas } from './schema.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import { legalMoves, toMove } from './legal.js';
import { notation } from './notation.js';
import { undoable } from './undo.js';
import { setup } from './setup.js';
import type { TownCenterEvent, TownCenterMove, TownCenterOptions, TownCenterState } from './types.js';
import { eventView, outcome, view } from './view.js';
import { gamePlugin } from '../plugin.js';
import { bot } from './bot.js';
import { townCenterPicture } from './picture.js';
import { testing } from './testing.js';

export type { TownCenterEvent, TownCenterMove, TownCenterOptions, TownCenterState } from './types.js';

export const townCenter: Game<TownCenterState, TownCenterMove, TownCenterEvent, TownCenterOptions> = {
  id: 'town-center',
  name: 'Town Center',
  engineVersion: 1,
  minPlayers: 1,
  maxPlayers: 8,
  optionsSchema: {
    type: 'object',
    properties: {
      boardSide: {
        type: 'string',
        enum: [...PLAYER_BOARD_SIDES],
        default: 'A',
        description: "Player board side for every town: 'A' (easier) or 'B' (harder; stand-in layout).",
      },
      soloVariant: {
        type: 'string',
        enum: ['bag', 'centralPark'],
        default: 'bag',
        description: "Solo only: 'bag' (draw 3, return 1 to the bag) or 'centralPark' (the row of 20 cubes on the Central Park map).",
      },
      seatSides: {
        type: 'string',
        default: '',
        description:
          "Optional: a board side per seat, one letter per seat in seat order (e.g. 'ABBA' for 4 " +
          'players), for tables where some players take the harder side. Empty: every town uses ' +
          'boardSide.',
      },
    },
    additionalProperties: false,
  },
  moveSchemas,
  schemas,
  messages,
  checkConfig(players: number, options: TownCenterOptions): RuleViolation | null {
    const sides = options.seatSides ?? '';
    if (sides !== '' && (sides.length !== players || [...sides].some((c) => !(PLAYER_BOARD_SIDES as readonly string[]).includes(c)))) {
      return violationOf(messages, 'SEAT_SIDES', 'Setup, board sides (TC14)', { sides: { or: [...PLAYER_BOARD_SIDES] }, players });
    }
    if (players > 1 && options.soloVariant !== 'bag') {
      return violationOf(messages, 'SOLO_VARIANT_NEEDS_ONE_PLAYER', 'Solo variant, R25');
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
  undoable,
};

/** The game as the server plugs it in (src/games/plugin.ts): listed once, in src/games/index.ts. */
export const plugin = gamePlugin(townCenter, { bot, picture: townCenterPicture, testing });
