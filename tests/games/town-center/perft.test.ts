/**
 * Move-count tables (perft-style): the number of legal moves from named positions, pinned, so any
 * change in move generation shows at once. Where a count is small enough it is derived by hand in
 * the comment; the walks pin whole seeded games phase by phase.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import type { TownCenterState } from '../../../src/games/town-center/types.js';
import { newGame, play, playUntil, position } from './helpers.js';

const counts = (s: TownCenterState) => townCenter.toMove(s).map((seat) => townCenter.legalMoves(s, seat).length);

describe('town-center move counts', () => {
  it('named positions', () => {
    // City Hall: every site of the board.
    expect(counts(newGame(2))).toEqual([21]); // side A: 21 sites
    expect(counts(newGame(3, { boardSide: 'B' }))).toEqual([21]);
    expect(counts(newGame(1, { soloVariant: 'centralPark' }))).toEqual([24]); // 25 squares minus the park
    // 4 players, seed "perft": drawn CCUUUUEE = 3 colours x 4 towers.
    let s = playUntil(newGame(4, {}, 'perft'), (x) => x.phase === 'arrange');
    expect(s.drawn).toBe('CCUUUUEE');
    expect(counts(s)).toEqual([12]);
    s = playUntil(s, (x) => x.phase === 'pick');
    expect(s.towers).toEqual(['CC', 'UU', 'UU', 'EE']);
    expect(counts(s)).toEqual([4]);
    s = playUntil(s, (x) => x.phase === 'construction');
    // Each town has only its City Hall at (0,1): 20 free sites per distinct colour in hand.
    expect(s.hands).toEqual(['CE', 'CE', 'UU', 'UU']);
    expect(counts(s)).toEqual([40, 40, 20, 20]);
    // 5 players: 10 cubes, 4 colours (RCUE) x 4 towers.
    const f = playUntil(newGame(5, {}, 'perft'), (x) => x.phase === 'arrange');
    expect(f.drawn).toBe('RRRCCUEEEE');
    expect(counts(f)).toEqual([16]);
  });

  it('hand-built positions', () => {
    const crowded = ['. U U U .', 'U U - U U', 'U U - U U', 'U U - U U', '. U U U .'];
    const construction = (picture: string[], hand: string, money = 3) =>
      position({ towns: [{ picture, money }], fields: { phase: 'construction', hands: [hand] } });
    // Two Residential cubes, three free sites in a column: the middle one would strand the second (R12).
    expect(counts(construction(crowded, 'RR'))).toEqual([2]);
    // A Utilities cube and a Residential cube: 3 + 3 sites, none strands the other.
    expect(counts(construction(crowded, 'UR'))).toEqual([6]);
    // Empty town with a powered Elevator of height 3 at (2,2) (yellow at (2,1)):
    // black: 19 empty sites + on the Elevator = 20; yellow: 19 empty + on top of the yellow (level 2) = 20.
    const tower = ['. - - - .', '- - - - -', '- U EEE - -', '- - - - -', '. - - - .'];
    expect(counts(construction(tower, 'EU'))).toEqual([40]);
    // Public Works with $30: a second yellow costs $10 (19 empty sites + on top of the yellow = 20),
    // a fourth black $20, only on the Elevator (1), and pass.
    const works = position({
      towns: [{ picture: ['. - - - .', '- - - - -', '- U EEE - -', '- - - - -', '. - - - .'], money: 30 }],
      fields: { phase: 'publicWorks', active: 0 },
    });
    expect(counts(works)).toEqual([20 + 1 + 1]);
  });

  const WALKS: [string, number, Record<string, string>, number, number, Record<string, number>][] = [
    ['solo bag', 1, { soloVariant: 'bag' }, 31, 311, { cityHall: 21, soloReturn: 23, construction: 241, publicWorks: 26 }],
    [
      'solo Central Park',
      1,
      { soloVariant: 'centralPark' },
      33,
      424,
      { cityHall: 24, soloReturn: 24, construction: 331, publicWorks: 43, development: 2 },
    ],
    ['2 players', 2, {}, 122, 734, { cityHall: 42, arrange: 135, pick: 63, construction: 448, publicWorks: 46 }],
    ['4 players', 4, {}, 251, 2052, { cityHall: 84, arrange: 676, pick: 222, construction: 968, publicWorks: 99, development: 3 }],
    [
      '8 players side B',
      8,
      { boardSide: 'B' },
      500,
      4592,
      { cityHall: 168, arrange: 1860, pick: 444, construction: 1954, publicWorks: 152, development: 14 },
    ],
  ];
  for (const [name, players, options, steps, total, byPhase] of WALKS) {
    it(`seeded walk, ${name}: moves played and legal moves summed per phase`, () => {
      const rng = Rng.fromSeed('perft-walk');
      let s = newGame(players, options, 'perft-walk');
      let n = 0,
        sum = 0;
      const phases: Record<string, number> = {};
      while (s.phase !== 'over') {
        const seat = rng.pick(townCenter.toMove(s));
        const legal = townCenter.legalMoves(s, seat);
        n++;
        sum += legal.length;
        phases[s.phase] = (phases[s.phase] ?? 0) + legal.length;
        s = play(s, seat, rng.pick(legal));
      }
      expect({ n, sum, phases }).toEqual({ n: steps, sum: total, phases: byPhase });
    });
  }
});
