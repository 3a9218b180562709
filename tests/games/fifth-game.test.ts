import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { randomPlayout } from '../../src/engine/index.js';
import { defaultRegistry, gamePlugins } from '../../src/games/index.js';
import { forbiddenIds } from '../support/internal-ids.js';
import { checkNotationRoundTrip } from '../support/notation.js';
import { checkRandomGame } from '../support/properties.js';
import { describePurity } from '../support/purity.js';
import { toy, toyStreet, type ToyState } from '../support/toy-game/index.js';
import {
  boardPictureTests,
  catalogueProblems,
  checkExampleView,
  checkSchemas,
  frenchRefusalProblems,
  optionLabelProblems,
} from './per-game.js';

/**
 * A fifth game is its folder and one line (docs/adding-a-game.md): Toy Street, whose folder is
 * tests/support/toy-game/ (rules, shapes, notation, picture, catalogue, rules document), is hosted
 * beside the four games by the one line below, with no other file changed, and gets every check
 * each hosted game gets, run by the very same code (tests/games/per-game.ts): the kernel's
 * contracts over random games, purity and no hidden state in views, notation round trips, its
 * published shapes against thousands of positions and its rules document's example view (the
 * contract checks), its catalogue in both languages and French refusals without English, the
 * page's labels of its options, and its board picture (hidden state, every legal move on the board
 * or a button, in words, no internal id). tests/e2e/toy-game.test.ts plays it on a real server.
 */
const registry = defaultRegistry([toy]);
const plugin = registry.plugin('toy-street')!;

describe('Toy Street, a fifth game hosted by its folder and one registry line', () => {
  it('is hosted beside the four, with everything its plug-in gives', () => {
    expect(registry.list().map((g) => g.id)).toEqual([...gamePlugins.map((p) => p.engine.id), 'toy-street']);
    expect(plugin).toBe(toy);
    expect(defaultRegistry().current('toy-street')).toBeUndefined();
    // The internal ids of every hosted game are still gathered from the registry; the toy has none.
    expect(forbiddenIds(registry)).toEqual(forbiddenIds());
  });

  it('random games keep the kernel contracts: builds on taken lots are refused with a code', () => {
    for (let i = 0; i < 20; i++) {
      const moves = checkRandomGame<ToyState>(toyStreet, `toy-${i}`, {
        players: 2,
        everyListedMove: true,
        // Every build on every lot: those on a taken lot are not listed and must be refused.
        candidates: (s) =>
          s.lots.flatMap((_, lot) => [
            { type: 'build', lot, building: 'house' },
            { type: 'build', lot, building: 'shop' },
          ]),
      });
      expect(moves).toBe(6);
    }
  });

  it('every legal move reads back from its notation', () => {
    expect(checkNotationRoundTrip(toyStreet, 2, 30).moves).toBeGreaterThan(100);
  });

  it('every view, readable event and legal move matches its published schemas (the contract check)', () => {
    const n = checkSchemas(plugin, 500);
    expect(n.positions).toBeGreaterThanOrEqual(500);
    expect([n.events > 0, n.moves > 0]).toEqual([true, true]);
    // And at the end of a game, for each viewer.
    const view = new Ajv({ strict: true }).compile(toyStreet.schemas!.view);
    const end = randomPlayout<ToyState>(toyStreet, { players: 2, options: { rounds: 3 }, seed: 'shapes' }, 'shapes').state;
    for (const viewer of [0, 1, null]) expect(view(toyStreet.view(end, viewer)), JSON.stringify(view.errors)).toBe(true);
  });

  it('its rules document ends with its example view, up to date', () => checkExampleView(plugin));

  it('its catalogue: the same ids in English and French, each ICU, taking the same values', () => {
    expect(catalogueProblems(toyStreet.messages!)).toEqual([]);
  });

  it('its French refusals, notation errors included, hold no word only its English catalogue has', () => {
    const { met, problems } = frenchRefusalProblems(toyStreet);
    expect([...met.keys()]).toEqual(expect.arrayContaining(['LOT_TAKEN', 'NOTATION.usage']));
    expect(problems).toEqual([]);
  });

  it('the page labels each of its options from its catalogue', () => {
    expect(optionLabelProblems(plugin)).toEqual([]);
  });

  describe('its board picture', () => boardPictureTests(plugin, registry));
});

describePurity(toyStreet, 3, registry);
