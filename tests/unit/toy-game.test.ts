import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { randomPlayout } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { checkNotationRoundTrip } from '../support/notation.js';
import { checkRandomGame } from '../support/properties.js';
import { describePurity } from '../support/purity.js';
import { toy, toyStreet, type ToyState } from '../support/toy-game/index.js';

/**
 * The tests every game gets (docs/adding-a-game.md, "Tests"), here for the toy game: the kernel's
 * contracts over random games, purity and no hidden state in views, notation round trips, and
 * every view, event and move matching the shapes the game publishes.
 */
describe('Toy Street, the test game: the shared game tests', () => {
  it('random games keep the kernel contracts: builds on taken lots are refused with a code', () => {
    for (let i = 0; i < 20; i++) {
      const moves = checkRandomGame<ToyState>(toyStreet, `toy-${i}`, {
        players: 2,
        everyListedMove: true,
        // Every build on every lot: those on a taken lot are not listed and must be refused.
        candidates: (s) => s.lots.flatMap((_, lot) => [{ type: 'build', lot, building: 'house' }, { type: 'build', lot, building: 'shop' }]),
      });
      expect(moves).toBe(6);
    }
  });

  it('every legal move reads back from its notation', () => {
    expect(checkNotationRoundTrip(toyStreet, 2, 30).moves).toBeGreaterThan(100);
  });

  it('every view, readable event and legal move matches its published schema', () => {
    const ajv = new Ajv({ strict: true });
    const view = ajv.compile(toyStreet.schemas!.view);
    const event = ajv.compile(toyStreet.schemas!.event);
    const move = ajv.compile(toyStreet.schemas!.move);
    const { steps } = randomPlayout<ToyState>(toyStreet, { players: 2, options: { rounds: 3 }, seed: 'shapes' }, 'shapes');
    expect(steps).toHaveLength(6);
    for (const st of steps) {
      expect(move(st.move), JSON.stringify(move.errors)).toBe(true);
      for (const e of st.events) for (const viewer of [0, 1, null]) expect(event(toyStreet.eventView(e as never, viewer)), JSON.stringify(event.errors)).toBe(true);
    }
    const end = randomPlayout<ToyState>(toyStreet, { players: 2, options: { rounds: 3 }, seed: 'shapes' }, 'shapes').state;
    for (const viewer of [0, 1, null]) expect(view(toyStreet.view(end, viewer)), JSON.stringify(view.errors)).toBe(true);
  });
});

describePurity(toyStreet, 3, defaultRegistry([toy]));
