import { describe, expect, it } from 'vitest';
import { formatMove, parseMove, type AnyGame } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import { checkNotationRoundTrip, scaledPositions } from '../../support/notation.js';

const game = townCenter as unknown as AnyGame;
const state = townCenter.setup({ players: 2, options: { boardSide: 'A', soloVariant: 'bag', seatSides: '' }, seed: 'notation' });

describe('Town Center notation (src/games/town-center/rules.md, "Move notation")', () => {
  it("writes each move in the game's terms: sites as spreadsheet cells, towers from 1, cubes by colour", () => {
    const cases: [object, string][] = [
      [{ type: 'placeCityHall', row: 2, col: 2 }, 'hall c3'],
      [{ type: 'stackCube', color: 'office', tower: 1 }, 'stack office 2'],
      [{ type: 'takeCube', tower: 1 }, 'take 2'],
      [{ type: 'returnCube', color: 'utility' }, 'return utility'],
      [{ type: 'buildCube', color: 'residential', row: 3, col: 1 }, 'build residential b4'],
      [{ type: 'developCube', color: 'commercial', row: 3, col: 1 }, 'develop commercial b4'],
      [{ type: 'buyCube', color: 'elevator', row: 0, col: 2 }, 'buy elevator c1'],
      [{ type: 'pass' }, 'pass'],
    ];
    for (const [move, text] of cases) {
      expect(formatMove(game, state, 0, move as never)).toBe(text);
      expect(parseMove(game, state, 0, text)).toEqual({ ok: true, value: move });
    }
  });

  it('reads colour letters, prefixes and cube colours, in any case', () => {
    for (const text of ['BUILD R B4', 'build res b4', 'Build Green B4', 'build  residential   b4']) {
      expect(parseMove(game, state, 0, text), text).toEqual({
        ok: true,
        value: { type: 'buildCube', color: 'residential', row: 3, col: 1 },
      });
    }
  });

  it('names what it expected when it cannot read a text', () => {
    const cases: [string, RegExp][] = [
      ['hall', /hall <site>/],
      ['hall 3c', /column letter and row number/],
      ['develop office b2', /unknown cube colour "office": expected one of residential, commercial/],
      ['stack office', /stack <colour> <tower>/],
      ['take 0', /tower number, 1 to 4/],
      ['fly away', /hall <site>, stack <colour> <tower>/],
    ];
    for (const [text, message] of cases) {
      const r = parseMove(game, state, 0, text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('NOTATION');
        expect(r.error.message).toMatch(message);
      }
    }
  });

  it('property: in thousands of random positions, every listed move round-trips and has its own text', () => {
    const solo = checkNotationRoundTrip(game, 1, 300, { soloVariant: 'centralPark' });
    const four = checkNotationRoundTrip(game, 4, 1200);
    const six = checkNotationRoundTrip(game, 6, 1000, { seatSides: 'ABABAB' });
    expect(solo.positions + four.positions + six.positions).toBeGreaterThanOrEqual(scaledPositions(2500));
  });
});
