import { describe, expect, it } from 'vitest';
import { formatMove, parseMove, type AnyGame } from '../../../src/engine/index.js';
import { maPetiteVille } from '../../../src/games/ma-petite-ville/index.js';
import { checkNotationRoundTrip, scaledPositions } from '../../support/notation.js';

const game = maPetiteVille as unknown as AnyGame;
const state = maPetiteVille.setup({ players: 2, options: { version: 'normal' }, seed: 'notation' });

describe('Ma Petite Ville notation (src/games/ma-petite-ville/rules.md, "Move notation")', () => {
  it('writes tiles by position and turn, silhouettes by length, end square and direction', () => {
    const cases: [object, string][] = [
      [{ type: 'drawTile' }, 'draw'],
      [{ type: 'placeTile', x: 1, y: -1, quarterTurns: 1 }, 'tile 1,-1 r90'],
      [{ type: 'placeSilhouette', length: 3, x: 2, y: 5, direction: 'horizontal' }, 's3 2,5 h'],
      [{ type: 'placeSilhouette', length: 4, x: -3, y: 0, direction: 'vertical' }, 's4 -3,0 v'],
      [{ type: 'pass' }, 'pass'],
    ];
    for (const [move, text] of cases) {
      expect(formatMove(game, state, 0, move as never)).toBe(text);
      expect(parseMove(game, state, 0, text)).toEqual({ ok: true, value: move });
    }
    expect(parseMove(game, state, 0, 'Silhouette 3 (2, 5) Horizontal')).toEqual({
      ok: true,
      value: { type: 'placeSilhouette', length: 3, x: 2, y: 5, direction: 'horizontal' },
    });
    expect(parseMove(game, state, 0, 'TILE 0,1 180')).toEqual({ ok: true, value: { type: 'placeTile', x: 0, y: 1, quarterTurns: 2 } });
  });

  it('names what it expected when it cannot read a text', () => {
    for (const [text, message] of [
      ['tile 1,0', /tile <x,y> r<0\|90\|180\|270>/],
      ['s5 0,0 h', /s<length 2-4>/],
      ['jump', /draw, tile <x,y>/],
    ] as const) {
      const r = parseMove(game, state, 0, text);
      expect(r.ok ? '' : r.error.message, text).toMatch(message);
    }
  });

  it('property: in thousands of random positions, every listed move round-trips and has its own text', () => {
    const two = checkNotationRoundTrip(game, 2, 1000);
    const four = checkNotationRoundTrip(game, 4, 1000, { version: 'easy' });
    expect(two.positions + four.positions).toBeGreaterThanOrEqual(scaledPositions(2000));
  });
});
