import { Rng, seedState, type Game, type Viewer } from '../../../src/engine/index.js';
import type { GamePlugin } from '../../../src/games/plugin.js';
import { messages } from './messages.js';
import { notation } from './notation.js';
import { picture } from './picture.js';
import { rules, type ToyEvent, type ToyOptions, type ToyState } from './rules.js';
import { BUILDINGS, moveSchemas, schemas, type ToyMove } from './schema.js';

export type { ToyEvent, ToyOptions, ToyState } from './rules.js';
export type { ToyMove } from './schema.js';

/** Toy Street's engine: the rules, its notation and its shapes. */
export const toyStreet: Game<ToyState, ToyMove, ToyEvent, ToyOptions> = {
  id: 'toy-street',
  name: 'Toy Street (test game)',
  engineVersion: 1,
  moveSchemas,
  schemas,
  notation,
  messages,
  ...rules,
};

/**
 * Toy Street as a plug-in (src/games/plugin.ts), registered only by the tests that build a registry
 * with it (`defaultRegistry([toy])`: tests/games/fifth-game.test.ts runs every game's shared suites
 * over it, tests/e2e/toy-game.test.ts a server): the proof that a game plugs in with its folder and
 * one line.
 */
export const toy: GamePlugin = {
  engine: toyStreet,
  picture,
  testing: {
    // Hidden until the game is over (then the outcome shows them): the other seats' favourites, redrawn.
    perturb: (state: unknown, viewer: Viewer, seed: string) => {
      const s = state as ToyState;
      if (s.moves >= s.rounds * 2) return s;
      const rng = new Rng(seedState(seed));
      return { ...s, favourites: s.favourites.map((f, i) => (i === viewer ? f : rng.pick(BUILDINGS))) };
    },
    example: { players: 2, after: 3 },
    board: { coordinates: false },
  },
  docs: 'tests/support/toy-game/rules.md',
};
