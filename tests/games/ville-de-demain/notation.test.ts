import { describe, expect, it } from 'vitest';
import { formatMove, parseMove, type AnyGame } from '../../../src/engine/index.js';
import { villeDeDemain, type VilleState } from '../../../src/games/ville-de-demain/index.js';
import { checkNotationRoundTrip, scaledPositions } from '../../support/notation.js';

const game = villeDeDemain as unknown as AnyGame;
const base = villeDeDemain.setup({ players: 3, options: {}, seed: 'notation' });
const state: VilleState = { ...base, visible: ['bakery#1', 'school#2', 'bakery#2'], specials: ['windFarm', 'harbour'] };

describe('La Ville de Demain notation (src/games/ville-de-demain/rules.md, "Move notation")', () => {
  it('writes cards by name, decks by number; twin visible cards get their slot', () => {
    const cases: [object, string][] = [
      [{ type: 'discardCard', slot: 1 }, 'discard School'],
      [{ type: 'skipDiscard' }, 'no discard'],
      [{ type: 'drawCard', deck: 2 }, 'draw 2'],
      [{ type: 'buyCard', slot: 0 }, 'buy Bakery #1'],
      [{ type: 'buyCard', slot: 2 }, 'buy Bakery #3'],
      [{ type: 'buyHabitation', kind: 'smallHouse' }, 'buy Small House'],
      [{ type: 'takeCoin' }, 'take coin'],
      [{ type: 'takeSpecial', special: 'windFarm' }, 'special Wind Farm'],
      [{ type: 'skipSpecial' }, 'no special'],
    ];
    for (const [move, text] of cases) {
      expect(formatMove(game, state, 0, move as never)).toBe(text);
      expect(parseMove(game, state, 0, text)).toEqual({ ok: true, value: move });
    }
    expect(parseMove(game, state, 0, 'BUY SMALLHOUSE')).toEqual({ ok: true, value: { type: 'buyHabitation', kind: 'smallHouse' } });
    expect(parseMove(game, state, 0, 'buy sch')).toEqual({ ok: true, value: { type: 'buyCard', slot: 1 } });
    expect(parseMove(game, state, 0, 'buy #3')).toEqual({ ok: true, value: { type: 'buyCard', slot: 2 } });
    expect(parseMove(game, state, 0, 'special harb')).toEqual({ ok: true, value: { type: 'takeSpecial', special: 'harbour' } });
  });

  it('refuses an ambiguous or unknown name, naming the choices', () => {
    const cases: [string, RegExp][] = [
      ['buy bakery', /ambiguous "buy bakery": two Bakery cards are visible: write Bakery #1 or Bakery #3/],
      ['discard casino', /unknown visible card "casino": expected one of Bakery, School/],
      ['draw 4', /draw <deck 1, 2 or 3>/],
      ['dance', /discard <card>, no discard, draw/],
    ];
    for (const [text, message] of cases) {
      const r = parseMove(game, state, 0, text);
      expect(r.ok ? '' : r.error.message, text).toMatch(message);
    }
  });

  it('property: in thousands of random positions, every listed move round-trips and has its own text', () => {
    const two = checkNotationRoundTrip(game, 2, 1500);
    const five = checkNotationRoundTrip(game, 5, 1500);
    expect(two.positions + five.positions).toBeGreaterThanOrEqual(scaledPositions(3000));
  });
});
