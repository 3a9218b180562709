import { describe, it } from 'vitest';
import type { State } from '../../../src/games/city-tycoon/types.js';
import { checkRandomGame } from '../../support/properties.js';
import { game } from './helpers.js';
import { candidates, count, invariant, secrets, startTotal } from './props.js';

describe('city-tycoon property tests (checkRandomGame)', () => {
  for (const players of [2, 3, 4, 5]) {
    const games = count(({ 2: 8, 3: 6, 4: 5, 5: 4 } as Record<number, number>)[players]!);
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

