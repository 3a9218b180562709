import { describe, it, expect } from 'vitest';
import { randomPlayout } from '../../../src/engine/index.js';
import type { VilleState } from '../../../src/games/ville-de-demain/index.js';
import { villeDeDemain } from '../../../src/games/ville-de-demain/index.js';
import { build, game, newGame, playAll, stackDeck } from './helpers.js';

const count = (s: VilleState) => villeDeDemain.legalMoves(s, s.current).length;

/** Move-count tables: the number of legal moves from named positions, pinned. */
describe('move counts from named positions', () => {
  it('the opening: three decks to draw from, for 2 to 5 players', () => {
    for (const players of [2, 3, 4, 5]) expect(count(newGame(players, `open${players}`))).toBe(3);
  });

  it('opening build: Factory, Steelworks, Shoe Shop visible with 3 coins -> 3 cards + 2 Habitations + coin = 6', () => {
    let s = stackDeck(newGame(2), 1, ['factory', 'steelworks', 'shoeShop']);
    s = playAll(s, 0, [
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 1 },
    ]).state;
    expect(count(s)).toBe(6);
  });

  it('second seat of round 1: 3 visible cards -> 3 discards + keep = 4', () => {
    let s = newGame(3);
    s = playAll(s, 0, [
      { type: 'drawCard', deck: 1 },
      { type: 'drawCard', deck: 2 },
      { type: 'drawCard', deck: 3 },
      { type: 'takeCoin' },
    ]).state;
    expect(count(s)).toBe(4);
  });

  it('a rich build step: 3 buyable cards, 3 Habitations, coin = 7 (the largest list)', () => {
    expect(count(build(3, { visible: ['bakery', 'hospital', 'spa'], coins: [9, 0, 0], step: 'build' }))).toBe(7);
  });

  it('a special step where the city meets 6 conditions -> 6 specials + skip = 7', () => {
    const s = build(5, {
      cities: [
        ['townHall', 'school', 'square', 'smallHouse', 'apartmentBlock', 'factory', 'hauntedHouse'],
        ['townHall'],
        ['townHall'],
        ['townHall'],
        ['townHall'],
      ],
      step: 'special',
      specials: ['ecoDistrict', 'greenTower', 'tramLine', 'gardenVillage', 'recyclingCentre', 'harbour', 'culturalCentre'],
    });
    // gardenVillage needs 2 orange: not met.
    expect(villeDeDemain.legalMoves(s, 0).map((m) => (m.type === 'takeSpecial' ? m.special : m.type))).toEqual([
      'ecoDistrict',
      'greenTower',
      'tramLine',
      'recyclingCentre',
      'harbour',
      'culturalCentre',
      'skipSpecial',
    ]);
  });

  it('seeded random games: number of moves and of choices, pinned per player count', () => {
    const table = [2, 3, 4, 5].map((players) => {
      const { state, steps } = randomPlayout<VilleState>(
        game,
        { players, options: {}, seed: `perft-${players}` },
        `perft-choices-${players}`,
      );
      return {
        players,
        moves: steps.length,
        choices: steps.reduce((n, s) => n + s.choices, 0),
        rounds: state.round,
        scores: villeDeDemain.outcome(state)!.scores,
      };
    });
    expect(table).toMatchInlineSnapshot(`
      [
        {
          "choices": 250,
          "moves": 77,
          "players": 2,
          "rounds": 12,
          "scores": [
            36,
            5,
          ],
        },
        {
          "choices": 374,
          "moves": 113,
          "players": 3,
          "rounds": 11,
          "scores": [
            21,
            22,
            42,
          ],
        },
        {
          "choices": 527,
          "moves": 171,
          "players": 4,
          "rounds": 13,
          "scores": [
            72,
            40,
            54,
            40,
          ],
        },
        {
          "choices": 520,
          "moves": 156,
          "players": 5,
          "rounds": 10,
          "scores": [
            6,
            -8,
            0,
            45,
            45,
          ],
        },
      ]
    `);
  });
});
