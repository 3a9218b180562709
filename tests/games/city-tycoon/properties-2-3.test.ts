import { describe, it } from 'vitest';
import type { State } from '../../../src/games/city-tycoon/types.js';
import { checkRandomGame } from '../../support/properties.js';
import { game } from './helpers.js';
import { candidates, count, invariant, secrets, startTotal } from './props.js';

/** Split in two files (2-3 and 4-5 players) so that vitest runs them side by side. */
const PLAYERS = [2, 3];
const GAMES: Record<number, number> = { 2: 6, 3: 5 };

describe('city-tycoon property tests (checkRandomGame)', () => {
  for (const players of PLAYERS) {
    const games = count(GAMES[players]!);
    it(`${games} random ${players}-player games keep the kernel contracts, conservation and secrecy`, () => {
      for (let i = 0; i < games; i++) {
        checkRandomGame<State>(game, `ct-${players}-${i}`, {
          players,
          options: i % 4 === 3 ? { draftPass: 'left' } : {},
          invariant: invariant(startTotal(players)),
          candidates,
          secrets,
        });
      }
    });
  }
});

