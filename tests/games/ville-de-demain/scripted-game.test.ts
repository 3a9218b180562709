import { describe, it, expect } from 'vitest';
import { canonicalHash, fold } from '../../../src/engine/index.js';
import type { VilleEvent, VilleState } from '../../../src/games/ville-de-demain/index.js';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';
import { game, ids, newGame, playAll, refused, stackDeck } from './helpers.js';

/**
 * A complete two-player game, scripted turn by turn, with every coin and the final scores worked
 * out by hand (in the comments) before the engine was asked. A = seat 0 (Prem's), B = seat 1.
 *
 * Final cities, by hand:
 *   A: Town Hall, Shoe Shop, Square (1 leaf), School (1 inh), Small House (1 inh), Wind Farm (2 leaves),
 *      Museum (2 leaves), Apartment Block (2 inh), Police Station (1 inh), Hospital (2 inh)
 *      -> 7 inhabitants x 5 leaves = 35, 5 coins left.
 *   B: Town Hall, Grocery, Library (1 leaf), Bakery (1 leaf), Florist (1 leaf), Igloo (1 inh),
 *      Tourist Office, Luxury Residence (3 inh), Cabin (3 inh), Observatory (2 leaves)
 *      -> 7 inhabitants x 5 leaves = 35, 4 coins left.
 *   Tied on 35: A wins on coins (5 against 4), rulebook "Fin du jeu" and V7.
 */
function scriptedStart(): VilleState {
  let s = newGame(2, 'scripted');
  s = stackDeck(s, 1, [
    'factory',
    'steelworks',
    'shoeShop',
    'grocery',
    'square',
    'library',
    'school',
    'policeStation',
    'bakery',
    'florist',
    'igloo',
    'bank',
    'bookshop',
    'shoeShop',
  ]);
  s = stackDeck(s, 2, ['museum', 'hospital', 'observatory']);
  s = stackDeck(s, 3, ['cabin']);
  return { ...s, specials: ['touristOffice', 'windFarm', 'communityGarden', 'culturalCentre'] };
}

describe('a complete scripted two-player game (scores worked out by hand)', () => {
  it('plays eight rounds to a 35-35 tie broken by coins', () => {
    const start = scriptedStart();
    const log: VilleEvent[] = [];
    let s = start;
    const turn = (seat: number, moves: Parameters<typeof playAll>[2]) => {
      const r = playAll(s, seat, moves);
      log.push(...r.events);
      s = r.state;
    };
    const coins = () => s.coins.slice();

    // Round 1: income 1 each (Town Hall): 3 and 3.
    expect(coins()).toEqual([3, 3]);
    turn(0, [
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
      { type: 'buyCard', slot: 2 },
    ]); // Shoe Shop: A 1
    turn(1, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }, { type: 'buyCard', slot: 2 }]); // Grocery: B 1
    // Round 2: incomes 2 and 2.
    expect([s.round, ...coins()]).toEqual([2, 3, 3]);
    turn(0, [
      { type: 'discardCard', slot: 0 },
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
      { type: 'buyCard', slot: 1 },
    ]); // Factory discarded; Square: A 1
    turn(1, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }, { type: 'buyCard', slot: 1 }]); // Library: B 1
    // Round 3.
    expect([s.round, ...coins()]).toEqual([3, 3, 3]);
    turn(0, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }, { type: 'buyCard', slot: 1 }]); // School: A 1, 2 blue
    expect(villeDeDemain.legalMoves(s, 0)).toEqual([{ type: 'takeSpecial', special: 'culturalCentre' }, { type: 'skipSpecial' }]);
    turn(0, [{ type: 'skipSpecial' }]);
    turn(1, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }, { type: 'buyCard', slot: 2 }]); // Bakery: B 0
    // Round 4: A income 2, B income 3.
    expect([s.round, ...coins()]).toEqual([4, 3, 3]);
    turn(0, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }, { type: 'buyHabitation', kind: 'smallHouse' }]); // A 2
    expect(villeDeDemain.legalMoves(s, 0).map((m) => m.type === 'takeSpecial' && m.special)).toEqual([
      'touristOffice',
      'windFarm',
      'culturalCentre',
      false,
    ]);
    turn(0, [{ type: 'takeSpecial', special: 'windFarm' }]); // A income now 4
    turn(1, [
      { type: 'discardCard', slot: 0 },
      { type: 'drawCard', deck: 1 },
      { type: 'buyCard', slot: 1 },
    ]); // Steelworks discarded; Florist: B 0
    // Round 5: A 2 + 4, B 0 + 4.
    expect([s.round, ...coins()]).toEqual([5, 6, 4]);
    // Museum: A 2 (no special step: A holds one)
    turn(0, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 2 }, { type: 'buyCard', slot: 2 }]);
    turn(1, [
      { type: 'skipDiscard' },
      { type: 'drawCard', deck: 1 },
      { type: 'buyCard', slot: 1 },
      { type: 'takeSpecial', special: 'touristOffice' },
    ]); // Igloo: B 1, income 7
    // Round 6: A 2 + 4, B 1 + 7.
    expect([s.round, ...coins()]).toEqual([6, 6, 8]);
    turn(0, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }, { type: 'buyHabitation', kind: 'apartmentBlock' }]); // A 3
    expect(s.step).toBe('discard'); // three cards visible: B may discard, then goes straight to building
    turn(1, [{ type: 'skipDiscard' }, { type: 'buyHabitation', kind: 'luxuryResidence' }]); // B 2
    // Round 7.
    expect([s.round, ...coins()]).toEqual([7, 7, 9]);
    turn(0, [
      { type: 'discardCard', slot: 1 },
      { type: 'drawCard', deck: 3 },
      { type: 'buyCard', slot: 0 },
    ]); // Bank discarded; Police Station: A 5
    turn(1, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 2 }, { type: 'buyCard', slot: 1 }]); // Cabin: B 1
    // Round 8: A 5 + 4, B 1 + 7.
    expect([s.round, ...coins()]).toEqual([8, 9, 8]);
    turn(0, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 1 }]);
    expect(ids(s.visible)).toEqual(['bookshop', 'hospital', 'shoeShop']);
    expect(refused(s, 0, { type: 'buyCard', slot: 2 })).toMatchObject({
      code: 'ALREADY_OWNED',
      message: expect.stringContaining('You already own a Shoe Shop'),
    });
    turn(0, [{ type: 'buyCard', slot: 1 }]); // Hospital: A 5, 10th card
    expect(s.endTriggeredBy).toBe(0);
    expect(villeDeDemain.outcome(s)).toBeNull(); // the round is finished first (V6)
    turn(1, [{ type: 'skipDiscard' }, { type: 'drawCard', deck: 2 }, { type: 'buyCard', slot: 2 }]); // Observatory: B 4

    expect(ids(s.cities[0]!)).toEqual([
      'townHall',
      'shoeShop',
      'square',
      'school',
      'smallHouse',
      'windFarm',
      'museum',
      'apartmentBlock',
      'policeStation',
      'hospital',
    ]);
    expect(ids(s.cities[1]!)).toEqual([
      'townHall',
      'grocery',
      'library',
      'bakery',
      'florist',
      'igloo',
      'touristOffice',
      'luxuryResidence',
      'cabin',
      'observatory',
    ]);
    expect(ids(s.discards[0]!)).toEqual(['factory', 'steelworks', 'bank']);
    const outcome = villeDeDemain.outcome(s)!;
    expect(outcome.scores).toEqual([35, 35]);
    expect(outcome.ranks).toEqual([1, 2]);
    expect(outcome.winners).toEqual([0]);
    expect(outcome.detail).toMatchObject([
      { seat: 0, inhabitants: 7, leaves: 5, score: 35, coins: 5 },
      { seat: 1, inhabitants: 7, leaves: 5, score: 35, coins: 4 },
    ]);
    expect(log.at(-1)).toEqual({ type: 'gameEnded', scores: [35, 35] });
    expect(villeDeDemain.toMove(s)).toEqual([]);
    expect([villeDeDemain.legalMoves(s, 0), villeDeDemain.legalMoves(s, 1)]).toEqual([[], []]);
    expect(refused(s, 1, { type: 'takeCoin' }).code).toBe('GAME_OVER');
    // The log replays to the live state.
    expect(canonicalHash(fold(game, start, log))).toBe(canonicalHash(s));
  });
});
