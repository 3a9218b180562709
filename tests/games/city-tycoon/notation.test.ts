import { describe, expect, it } from 'vitest';
import { formatMove, parseMove, type AnyGame } from '../../../src/engine/index.js';
import { cityTycoon } from '../../../src/games/city-tycoon/index.js';
import { checkNotationRoundTrip, scaledPositions } from '../../support/notation.js';

const game = cityTycoon as unknown as AnyGame;
const state = cityTycoon.setup({ players: 3, options: { draftPass: 'right' }, seed: 'notation' });

describe('City Tycoon notation (src/games/city-tycoon/rules.md, "Move notation")', () => {
  it('writes tiles by id, squares as x,y, variable costs by the cost paid, options from 1, routes square by square', () => {
    const cases: [object, string][] = [
      [{ type: 'keepTile', tile: 't1_03' }, 'keep t1_03'],
      [{ type: 'buildDistrict', tile: 't1_03', level: 0 }, 'build t1_03'],
      [{ type: 'buildDistrict', tile: 't1_15', level: 1 }, 'build t1_15 $8'],
      [{ type: 'buildPlant', tile: 't1_07', plant: 'power', side: 'a' }, 'plant power a t1_07'],
      [{ type: 'sellTile', tile: 't1_07' }, 'sell t1_07'],
      [{ type: 'place', x: 2, y: -1 }, 'place 2,-1'],
      [{ type: 'placeTerrain', x: 3, y: 0 }, 'terrain 3,0'],
      [{ type: 'supply', x: 2, y: 0, option: 1 }, 'supply 2,0 #2'],
      [
        {
          type: 'supply',
          x: 2,
          y: 0,
          option: 0,
          routes: [
            {
              path: [
                { x: 0, y: 0 },
                { x: 1, y: 0 },
                { x: 2, y: 0 },
              ],
            },
            {
              path: [
                { x: 1, y: 1 },
                { x: 2, y: 1 },
                { x: 2, y: 0 },
              ],
            },
          ],
        },
        'supply 2,0 #1 via 0,0>1,0>2,0 via 1,1>2,1>2,0',
      ],
      [{ type: 'pass' }, 'pass'],
    ];
    for (const [move, text] of cases) {
      expect(formatMove(game, state, 0, move as never)).toBe(text);
      expect(parseMove(game, state, 0, text)).toEqual({ ok: true, value: move });
    }
    expect(parseMove(game, state, 0, 'SUPPLY (2, 0) #2')).toEqual({ ok: true, value: { type: 'supply', x: 2, y: 0, option: 1 } });
  });

  it('names what it expected when it cannot read a text', () => {
    const cases: [string, RegExp][] = [
      ['build t1_15', /t1_15 has a variable cost: write the cost paid, \$4 or \$8/],
      ['build t1_15 $5', /t1_15 costs \$4 or \$8, not \$5/],
      ['keep t9_99', /no district tile t9_99/],
      ['place two', /place <x,y>/],
      ['supply 2,0', /supply <x,y> #<option>/],
      ['fly', /keep <tile>, build <tile>/],
    ];
    for (const [text, message] of cases) {
      const r = parseMove(game, state, 0, text);
      expect(r.ok ? '' : r.error.message, text).toMatch(message);
    }
  });

  it('property: in thousands of random positions, every listed move round-trips and has its own text', () => {
    const two = checkNotationRoundTrip(game, 2, 1000);
    const five = checkNotationRoundTrip(game, 5, 1000, { draftPass: 'left' });
    expect(two.positions + five.positions).toBeGreaterThanOrEqual(scaledPositions(2000));
  });
});
