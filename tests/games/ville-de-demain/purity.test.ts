import { describe, it, expect } from 'vitest';
import { randomPlayout } from '../../../src/engine/index.js';
import type { VilleState } from '../../../src/games/ville-de-demain/index.js';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';
import { describePurity } from '../../support/purity.js';
import { game, SCALE, scaled } from './helpers.js';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('purity: decide and evolve never mutate their input and are deterministic', () => {
  it('random games over deep-frozen states (a mutation would throw in strict mode)', () => {
    for (const players of [2, 3, 4, 5]) {
      for (let i = 0; i < scaled(5); i++) {
        randomPlayout<VilleState>(game, { players, options: {}, seed: `pure-${players}-${i}` }, `pure-${i}`, {
          beforeMove(state, seat, legal) {
            deepFreeze(state);
            for (const move of legal) {
              const a = villeDeDemain.decide(state, move as never, seat);
              const b = villeDeDemain.decide(state, move as never, seat);
              expect(JSON.stringify(a)).toBe(JSON.stringify(b));
              if (a.ok) for (const e of a.value) deepFreeze(e);
            }
          },
        });
      }
    }
  });

  it('the same seed sets up the same game; another seed another one', () => {
    const a = villeDeDemain.setup({ players: 4, options: {}, seed: 'same' });
    expect(villeDeDemain.setup({ players: 4, options: {}, seed: 'same' })).toEqual(a);
    expect(villeDeDemain.setup({ players: 4, options: {}, seed: 'other' }).decks).not.toEqual(a.decks);
  });
});

// The same contract as every game's (tests/support/purity.ts): eventView and views too, and no hidden state in views.
describePurity(villeDeDemain, Math.max(1, Math.round(2 * SCALE)));
