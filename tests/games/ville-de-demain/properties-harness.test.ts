import { describe, it } from 'vitest';
import type { VilleState } from '../../../src/games/ville-de-demain/index.js';
import { checkRandomGame } from '../../support/properties.js';
import { game, scaled } from './helpers.js';
import { candidates, invariant, secrets } from './invariants.js';

/** Random games through the shared harness: every step checks every kernel contract (slow: ~1 view per viewer per step). */
const GAMES = scaled(20);

describe('property: random legal games (checkRandomGame harness)', () => {
  for (const players of [2, 3, 4, 5]) {
    it(`${GAMES} random ${players}-player games keep every kernel contract, conserve cards and never leak a face-down card`, () => {
      for (let i = 0; i < GAMES; i++) {
        checkRandomGame<VilleState>(game, `vdd-heavy-${players}-${i}`, { players, invariant, candidates, secrets, everyListedMove: true });
      }
    });
  }
});
