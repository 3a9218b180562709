/**
 * One test per shared ruling (../shared/rulings/town-center.md), named by its number.
 * Pictures are side A unless said: one string per row, '.' no site, '-' empty site, else the stack
 * bottom first (O Office, R Residential, C Commercial, U Utilities, E Elevator/Parking, H City Hall).
 */
import type { CubeColor } from '../../../src/games/town-center/data.js';
import { describe, expect, it } from 'vitest';
import { townCenter } from '../../../src/games/town-center/index.js';
import { boardOf } from '../../../src/games/town-center/board.js';
import { BOARDS, CUBES_PER_BOX } from '../../../src/games/town-center/data.js';
import { settled } from '../../../src/games/town-center/decide.js';
import { analyzeTown, developmentTargets, heightLimit, townIncome, townScore } from '../../../src/games/town-center/town.js';
import type { TownCenterEvent, TownCenterMove, TownCenterState } from '../../../src/games/town-center/types.js';
import { codeOf, cubeCount, newGame, play, playUntil, position, siteAt, stacksFrom } from './helpers.js';

const A = boardOf('A');
const EMPTY = ['. - - - .', '- - - - -', '- - - - -', '- - - - -', '. - - - .'];
const analyze = (picture: string[]) => analyzeTown(A, stacksFrom('A', picture));

/** A one-player position in Construction with this hand. */
const building = (picture: string[], hand: string, money = 3, extra: Partial<TownCenterState> = {}) =>
  position({ towns: [{ picture, money }], fields: { phase: 'construction', hands: [hand], ...extra } });

const build = (color: CubeColor, row: number, col: number): TownCenterMove => ({ type: 'buildCube', color, row, col });

describe('Geometry', () => {
  it('R1 a town is a grid of Center and Suburb sites, each stack at most 5 high, levels 1 to 5', () => {
    expect(A.siteCount).toBe(21);
    expect(A.center.filter(Boolean)).toHaveLength(9);
    const s = building(['. - - - .', '- - - - -', '- - EEEEE - -', '- - - - -', '. - - - .'], 'EU');
    expect(codeOf(s, 0, build('elevator', 2, 2))).toBe('STACK_FULL');
    expect(heightLimit(A, s.towns[0]!.stacks)).toBe(1); // unpowered: no Utilities next to it
    const powered = building(['. - - - .', '- - - - -', '- U EEEEE - -', '- - - - -', '. - - - .'], 'R');
    expect(heightLimit(A, powered.towns[0]!.stacks)).toBe(5);
  });

  it('R2 adjacency is same level orthogonal or same site one level apart; no diagonals, no two-level gaps', () => {
    expect(analyze(['. - - - .', '- R - - -', '- - R - -', '- - - - -', '. - - - .']).residential).toHaveLength(2); // diagonal
    expect(analyze(['. - - - .', '- - - - -', '- - R R -', '- - - - -', '. - - - .']).residential).toHaveLength(1); // orthogonal
    expect(analyze(['. - - - .', '- - - - -', '- - RR - -', '- - - - -', '. - - - .']).residential).toHaveLength(1); // on top
    expect(analyze(['. - - - .', '- - - - -', '- - RUR - -', '- - - - -', '. - - - .']).residential).toHaveLength(2); // two levels apart
    // different levels, next site
    expect(analyze(['. - - - .', '- - - - -', '- - R UR -', '- - - - -', '. - - - .']).residential).toHaveLength(2);
  });

  it('R3 a unit is a maximal connected group of one colour, with size and highest level', () => {
    const a = analyze(['. - - - .', '- - - - -', '- R RR C -', '- - C - -', '. - - - .']);
    expect(a.residential.map((u) => [u.size, u.height])).toEqual([[3, 2]]);
    expect(a.commercial.map((u) => [u.size, u.height])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('R4 adjacent Offices are distinct red or purple cubes next to any cube of the unit', () => {
    // The Office at (2,2) touches two cubes of the L-shaped unit: it counts once.
    expect(analyze(['. - - - .', '- R R - -', '- R O - -', '- - - - -', '. - - - .']).residential[0]!.offices).toBe(1);
    // City Hall counts; an Office on top counts.
    expect(analyze(['. - - - .', '- - O - -', '- H RO O -', '- - - - -', '. - - - .']).residential[0]!.offices).toBe(4);
  });

  it('R5 Parking lots are orthogonal groups of lone ground black cubes; an Elevator is powered by any adjacent yellow', () => {
    const a = analyze(['. - - - .', '- E E - -', '- - EE OU -', '- E - - -', '. - - - .']);
    expect(a.parkingLots.map((p) => p.sites.length).sort()).toEqual([1, 2]);
    expect(a.limit).toBe(2); // the yellow on level 2 next to the Elevator's second cube powers it
    expect(analyze(['. - - - .', '- - - - -', '- - EE O -', '- - - - -', '. - - - .']).limit).toBe(1);
  });
});

describe('Boards', () => {
  it('R6 side A is a 5x5 grid without corners, inner 3x3 Center; side B and Central Park are data with fewer Center sites', () => {
    expect(BOARDS.A!.rows).toEqual(['.SSS.', 'SCCCS', 'SCCCS', 'SCCCS', '.SSS.']);
    expect(BOARDS.A!.standIn).toBe(false);
    expect(BOARDS.B!.standIn).toBe(true);
    expect(BOARDS.centralPark!.standIn).toBe(true);
    expect(boardOf('B').center.filter(Boolean).length).toBeLessThan(9);
    // The option enum is read from the data: a new board is a new data entry.
    const sides = (townCenter.optionsSchema.properties.boardSide as { enum: string[] }).enum;
    expect(sides).toEqual(['A', 'B']);
    expect(newGame(1, { soloVariant: 'centralPark' }).towns[0]!.board).toBe('centralPark');
    expect(newGame(3, { boardSide: 'B' }).towns[0]!.stacks).toHaveLength(boardOf('B').siteCount);
  });
});

describe('Heights and black cubes', () => {
  it('R7 a black cube never goes on a non-black cube, nothing goes on black, black on black needs no power', () => {
    const s = building(['. - - - .', '- H - - -', '- - EE - -', '- - - E -', '. - - - .'], 'ER');
    expect(codeOf(s, 0, build('elevator', 1, 1))).toBe('BLACK_ONLY_ON_BLACK');
    expect(codeOf(s, 0, build('residential', 3, 3))).toBe('NOTHING_ON_BLACK');
    // The Elevator is unpowered (limit 1), yet a third black cube goes on it.
    expect(heightLimit(A, s.towns[0]!.stacks)).toBe(1);
    expect(codeOf(s, 0, build('elevator', 2, 2))).toBe('OK');
  });

  it('R8 other cubes go up to the height of the tallest powered Elevator (1 without), never on Suburbs, never above 5', () => {
    const flat = building(['. - - - .', '- H - - -', '- - U - -', '- - - - -', '. H - - .'], 'UR');
    expect(codeOf(flat, 0, build('residential', 1, 1))).toBe('HEIGHT_LIMIT');
    const tall = building(['. - - - .', '- H U - -', '- - EE - -', '- - - - -', '. H - - .'], 'UR');
    expect(heightLimit(A, tall.towns[0]!.stacks)).toBe(2);
    expect(codeOf(tall, 0, build('residential', 1, 1))).toBe('OK');
    expect(codeOf(tall, 0, build('residential', 4, 1))).toBe('SUBURB_NO_TOWER');
    const tallest = building(['. - - - .', '- HO U - -', '- - EE - -', '- - - - -', '. - - - .'], 'UR');
    expect(codeOf(tallest, 0, build('residential', 1, 1))).toBe('HEIGHT_LIMIT'); // level 3 > 2
  });
});

describe('Construction', () => {
  it('R9 players build simultaneously: every seat with cubes is to move, in any interleaving', () => {
    let s = playUntil(newGame(3, {}, 'r9'), (x) => x.phase === 'construction');
    expect(townCenter.toMove(s)).toEqual([0, 1, 2].filter((i) => s.hands[i]!.length > 0));
    const orders = [
      [0, 1, 2, 0, 1, 2],
      [2, 2, 1, 1, 0, 0],
      [1, 0, 2, 2, 0, 1],
    ];
    const finals = orders.map((order) => {
      let x = s;
      for (const seat of order) {
        if (!townCenter.toMove(x).includes(seat)) continue;
        const legal = townCenter.legalMoves(x, seat);
        x = play(x, seat, legal[legal.length - 1]!);
      }
      return JSON.stringify(x.towns);
    });
    expect(new Set(finals).size).toBe(1);
    s = position({ players: 2, fields: { phase: 'construction', hands: ['', 'U'] } });
    expect(townCenter.toMove(s)).toEqual([1]);
  });

  it('R10 Residential next to Residential and Commercial next to Commercial are refused in Construction', () => {
    const s = building(['. - - - .', '- H R C -', '- - U - -', '- - - - -', '. - - - .'], 'RC');
    expect(codeOf(s, 0, build('residential', 1, 4))).toBe('OK');
    expect(codeOf(s, 0, build('residential', 2, 3))).toBe('OK'); // diagonal is fine
    expect(codeOf(s, 0, build('residential', 0, 2))).toBe('RESIDENTIAL_SPACING');
    expect(codeOf(s, 0, build('commercial', 1, 4))).toBe('COMMERCIAL_SPACING');
    const r = townCenter.decide(s, build('residential', 0, 2), 0);
    expect(r.ok ? '' : r.error.message).toBe(
      'A Residential cube may not be built next to another Residential cube (Construction, spacing rule).',
    );
  });

  it('R11 an Office costs $5 at once; with $7 and two Offices one is built and the other forfeited to the reserve', () => {
    const before = building(EMPTY, 'OO', 7);
    const s = settled(before);
    expect(s.hands[0]).toBe('O');
    expect(s.reserve[0]).toBe(before.reserve[0]! + 1);
    const after = play(s, 0, build('office', 2, 2));
    expect(after.towns[0]!.money).toBe(2);
    expect(settled(building(EMPTY, 'OU', 4)).hands[0]).toBe('U');
  });

  it(
    'R12 a first placement that strands the second cube is refused when another lets both be ' + 'built; a cube with no site is forfeited',
    () => {
      // Only (1,2), (2,2) and (3,2) are free; every other site holds a Utilities cube (limit 1).
      const crowded = ['. U U U .', 'U U - U U', 'U U - U U', 'U U - U U', '. U U U .'];
      const s = building(crowded, 'RR');
      const r = townCenter.decide(s, build('residential', 2, 2), 0);
      expect(r.ok ? 'OK' : r.error.code).toBe('BOTH_CUBES_RULE');
      expect(r.ok ? '' : r.error.rule).toBe('R12');
      expect(townCenter.legalMoves(s, 0)).toEqual([build('residential', 1, 2), build('residential', 3, 2)]);
      const both = play(play(s, 0, build('residential', 1, 2)), 0, build('residential', 3, 2));
      expect(both.phase).not.toBe('construction');
      // With one free site, the first Residential goes there and the second is forfeited without a move.
      const one = building(['. U U U .', 'U U - U U', 'U U U U U', 'U U U U U', '. U U U .'], 'RR');
      expect(townCenter.legalMoves(one, 0)).toEqual([build('residential', 1, 2)]);
      const r2 = townCenter.decide(one, build('residential', 1, 2), 0);
      expect(r2.ok && r2.value.some((e) => e.type === 'cubeForfeited' && e.reason === 'noSite')).toBe(true);
    },
  );
});

describe('Development', () => {
  it('R13 a Residential unit of size s needs s+1 Offices; a Commercial unit needs s+1 distinct Residential units', () => {
    expect(analyze(['. - - - .', '- H R O -', '- - - - -', '- - - - -', '. - - - .']).residential[0]!.develops).toBe(true);
    expect(analyze(['. - - - .', '- H R - -', '- - - - -', '- - - - -', '. - - - .']).residential[0]!.develops).toBe(false);
    // size 2, 2 Offices
    expect(analyze(['. - - - .', '- H R O -', '- - R - -', '- - - - -', '. - - - .']).residential[0]!.develops).toBe(false);
    // size 2, 3 Offices
    expect(analyze(['. - - - .', '- H R O -', '- - R O -', '- - - - -', '. - - - .']).residential[0]!.develops).toBe(true);
    // Two Residential cubes of one unit are one unit: not enough.
    expect(analyze(['. - - - .', '- - R - -', '- R C - -', '- - - - -', '. - - - .']).commercial[0]!.develops).toBe(true);
    expect(analyze(['. - - - .', '- - R R -', '- - C - -', '- - - - -', '. - - - .']).commercial[0]!.develops).toBe(false);
  });

  it('R14 a new cube goes on top of a unit cube or beside one on a stack one level lower; spacing does not apply and units merge', () => {
    const stacks = stacksFrom('A', ['. - - - .', '- H R O -', '- - U R -', '- - - - -', '. - - - .']);
    // Height limit 1: only ground spots next to the developing unit at (1,2); (2,2) holds a yellow cube.
    expect(developmentTargets(A, stacks, true, true)).toEqual([{ letter: 'R', site: siteAt('A', 0, 2) }]);
    // With a powered Elevator of height 2, stacking on the unit's cube is offered too.
    const tall = stacksFrom('A', ['. - - - .', '- H R O -', '- - U EE -', '- - - - -', '. - - - .']);
    expect(
      developmentTargets(A, tall, true, true)
        .map((t) => t.site)
        .sort((a, b) => a - b),
    ).toEqual([siteAt('A', 0, 2), siteAt('A', 1, 2)]);
    // (2,2) touches the developing unit and another Residential unit: spacing does not stop it, and they merge.
    const picture = ['. - - - .', '- H R O -', '- - - - -', '- - R - -', '. - - - .'];
    const merge = stacksFrom('A', picture);
    expect(developmentTargets(A, merge, true, true).map((t) => t.site)).toEqual([siteAt('A', 0, 2), siteAt('A', 2, 2)]);
    const dev = settled(position({ towns: [{ picture }], fields: { phase: 'construction', hands: [''] } }));
    expect(dev.phase).toBe('development');
    const merged = play(dev, 0, { type: 'developCube', color: 'residential', row: 2, col: 2 });
    expect(analyzeTown(A, merged.towns[0]!.stacks).residential.map((u) => u.size)).toContain(3);
    expect(developmentTargets(A, stacks, false, true)).toEqual([]); // no green cube in the reserve
  });

  it('R15 development is compulsory and chained: the seat keeps developing until nothing qualifies, and cannot pass', () => {
    // Residential (2,2) with 3 Offices around grows to 2 cubes, and the 2-cube unit still has 3 Offices: it grows again.
    const s0 = position({
      towns: [{ picture: ['. - - - .', '- - O - -', '- O R H -', '- - - - -', '. - - - .'] }],
      fields: { phase: 'construction', hands: [''] },
    });
    let s = settled(s0);
    expect(s.phase).toBe('development');
    expect(codeOf(s, 0, { type: 'pass' })).toBe('WRONG_PHASE');
    let developed = 0;
    while (s.phase === 'development') {
      const legal = townCenter.legalMoves(s, 0);
      expect(legal.length).toBeGreaterThan(0);
      s = play(s, 0, legal[0]!);
      developed++;
    }
    expect(developed).toBeGreaterThanOrEqual(2); // chained: the unit grew again after its first cube
    expect(s.phase).not.toBe('development');
    expect(developmentTargets(A, s.towns[0]!.stacks, true, true)).toEqual([]); // it stopped only when nothing qualified
  });

  it('R16 with fewer green or blue cubes in the reserve than players, development goes one cube at a time in reverse order', () => {
    const grows = ['. - - - .', '- O O - -', '- - R H -', '- - - - -', '. - - - .'];
    const base = position({
      players: 3,
      towns: [{ picture: grows }, { picture: grows }, { picture: grows }],
      fields: { phase: 'construction', hands: ['', '', ''] },
    });
    const scarce = settled({ ...base, reserve: base.reserve.map((c, i) => (i === 1 ? 2 : c)) });
    expect(scarce.devMode).toBe('sequential');
    expect(townCenter.toMove(scarce)).toEqual([2]); // reverse order: the seat before the first player (seat 0)
    const s1 = play(scarce, 2, townCenter.legalMoves(scarce, 2)[0]!);
    expect(townCenter.toMove(s1)).toEqual([1]);
    const s2 = play(s1, 1, townCenter.legalMoves(s1, 1)[0]!);
    // The reserve is out of green cubes: seat 0 cannot develop, the phase ends (and the round goes on).
    expect(s2.reserve[1]).toBe(0);
    expect(s2.phase).not.toBe('development');
    expect(s2.towns[0]!.stacks).toEqual(scarce.towns[0]!.stacks);
    const plenty = settled(base);
    expect(plenty.devMode).toBe('simultaneous');
    expect(townCenter.toMove(plenty)).toEqual([0, 1, 2]);
  });
});

describe('Income', () => {
  it('R17 a powered Commercial unit pays T(size) + T(height-1): 4 cubes to level 3 pay $13, 3 cubes to level 3 pay $9', () => {
    const four = analyze(['. - - - .', '- - - - -', '- U CCC C -', '- - - - -', '. - - - .']);
    expect(four.commercial[0]!.size).toBe(4);
    expect(townIncome(four, []).commercial).toBe(13);
    const three = analyze(['. - - - .', '- - - - -', '- U CCC - -', '- - - - -', '. - - - .']);
    expect(townIncome(three, []).commercial).toBe(9);
    const unpowered = analyze(['. - - - .', '- - - - -', '- - CCC - -', '- - - - -', '. - - - .']);
    expect(townIncome(unpowered, []).commercial).toBe(0);
  });

  it('R18 a Parking lot pays $1 per distinct adjacent cube', () => {
    const a = analyze(['. - - - .', '- R E U -', '- - E O -', '- - - - -', '. - - - .']);
    expect(a.parkingLots).toHaveLength(1);
    expect(a.parkingLots[0]!.adjacentCubes).toBe(3); // R, U and O; the lot's own cubes do not count
  });

  it('R19 the City Hall pays $1 and money never goes negative', () => {
    const stacks = stacksFrom('A', ['. - - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .']);
    expect(townIncome(analyzeTown(A, stacks), stacks)).toEqual({ commercial: 0, parking: 0, cityHall: 1, total: 1 });
    const s = settled(
      position({
        towns: [{ picture: ['. - - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .'], money: 0 }],
        fields: { phase: 'construction', hands: [''] },
      }),
    );
    expect(s.towns[0]!.money).toBe(1);
  });
});

describe('Public Works', () => {
  it('R20 in reverse order each seat may buy one yellow or black cube at $5 x (count + 1), or pass', () => {
    const town = { picture: ['. - - - .', '- H U - -', '- U - - -', '- - - - -', '. - - - .'], money: 20 };
    const s = position({
      players: 3,
      towns: [town, town, town],
      fields: { phase: 'publicWorks', active: 2, firstPlayer: 0, worksDone: 0 },
    });
    expect(townCenter.toMove(s)).toEqual([2]);
    const s1 = play(s, 2, { type: 'buyCube', color: 'utility', row: 3, col: 3 });
    expect(s1.towns[2]!.money).toBe(5); // third yellow: $15
    expect(townCenter.toMove(s1)).toEqual([1]);
    const s2 = play(s1, 1, { type: 'buyCube', color: 'elevator', row: 3, col: 3 });
    expect(s2.towns[1]!.money).toBe(15); // first black: $5
    expect(townCenter.toMove(s2)).toEqual([0]);
    const poor = { ...s, towns: s.towns.map((t) => ({ ...t, money: 14 })) };
    expect(codeOf(poor, 2, { type: 'buyCube', color: 'utility', row: 3, col: 3 })).toBe('NOT_ENOUGH_MONEY');
    expect(codeOf(s, 2, { type: 'pass' })).toBe('OK');
  });

  it('R21 a bought black cube goes on an empty site first, then only on an all-black Center stack; no site, no offer', () => {
    const first = position({
      towns: [{ picture: ['. - - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .'], money: 30 }],
      fields: { phase: 'publicWorks', active: 0 },
    });
    expect(codeOf(first, 0, { type: 'buyCube', color: 'elevator', row: 2, col: 2 })).toBe('OK');
    expect(codeOf(first, 0, { type: 'buyCube', color: 'elevator', row: 1, col: 1 })).toBe('FIRST_BLACK_ON_GROUND');
    const second = position({
      towns: [{ picture: ['. E - - .', '- H - - -', '- - E - -', '- - - - -', '. - - - .'], money: 30 }],
      fields: { phase: 'publicWorks', active: 0 },
    });
    expect(codeOf(second, 0, { type: 'buyCube', color: 'elevator', row: 2, col: 2 })).toBe('OK');
    expect(codeOf(second, 0, { type: 'buyCube', color: 'elevator', row: 3, col: 3 })).toBe('ELEVATOR_ON_BLACK');
    expect(codeOf(second, 0, { type: 'buyCube', color: 'elevator', row: 0, col: 1 })).toBe('SUBURB_NO_TOWER');
    // Only black cube in a Suburb: no black purchase is offered.
    const none = position({
      towns: [{ picture: ['. E - - .', '- H - - -', '- - - - -', '- - - - -', '. - - - .'], money: 30 }],
      fields: { phase: 'publicWorks', active: 0 },
    });
    expect(townCenter.legalMoves(none, 0).some((m) => m.type === 'buyCube' && m.color === 'elevator')).toBe(false);
    expect(townCenter.legalMoves(none, 0).some((m) => m.type === 'buyCube' && m.color === 'utility')).toBe(true);
  });
});

describe('Rounds, end and solo', () => {
  it('R22 the first player moves clockwise each round, towns start with $3, the game ends after round 10', () => {
    const s0 = newGame(3, {}, 'r22');
    expect(s0.towns.map((t) => t.money)).toEqual([3, 3, 3]);
    const starts: [number, number][] = [];
    let s = s0;
    while (s.phase !== 'over') {
      const seat = townCenter.toMove(s)[0]!;
      const r = townCenter.decide(s, townCenter.legalMoves(s, seat)[0]!, seat);
      if (!r.ok) throw new Error(r.error.code);
      for (const e of r.value) if (e.type === 'roundStarted') starts.push([e.round, e.firstPlayer]);
      s = r.value.reduce((x: TownCenterState, e: TownCenterEvent) => townCenter.evolve(x, e), s);
    }
    expect(starts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => [r, (r - 1) % 3]));
    expect(townCenter.outcome(s)).not.toBeNull();
  });

  it('R23 score = cash/5 + powered Residential units - 1 per Suburb cube; 3 cubes reaching level 4 score 12; ties by high cubes', () => {
    const stacks = stacksFrom('A', ['. H - - .', '- - - - -', '- OU ORRR - -', '- - - - -', '. - - - .']);
    const a = analyzeTown(A, stacks);
    expect(a.residential[0]!.height).toBe(4);
    expect(townScore(A, a, stacks, 14)).toEqual({ cash: 2, residential: 12, suburbs: -1, total: 13 });
    // Tie-break: equal scores, the town with a cube on level 5 wins.
    const tall = ['. - - - .', '- H U - -', '- U EEEEE - -', '- - - - -', '. - - - .'];
    const flat = ['. - - - .', '- H U - -', '- U E E -', '- E E E -', '. - - - .'];
    const s = position({
      players: 2,
      towns: [
        { picture: flat, money: 10 },
        { picture: tall, money: 10 },
      ],
      fields: { phase: 'over' },
    });
    const o = townCenter.outcome(s)!;
    expect(o.scores[0]).toBe(o.scores[1]);
    expect(o.ranks).toEqual([2, 1]);
    expect(o.winners).toEqual([1]);
    const same = position({
      players: 2,
      towns: [
        { picture: flat, money: 10 },
        { picture: flat, money: 10 },
      ],
      fields: { phase: 'over' },
    });
    expect(townCenter.outcome(same)!.ranks).toEqual([1, 1]);
  });

  it('R24 draw 2 x players (no Office in round 1), towers of 2 with 2-4 players, 4 towers of 2+ with 5-8, snake picks', () => {
    for (let i = 0; i < 20; i++) {
      const s = playUntil(newGame(4, {}, `r24-${i}`), (x) => x.phase === 'arrange');
      expect(s.drawn).toHaveLength(8);
      expect(s.drawn).not.toContain('O');
      expect(s.towers).toEqual(['', '', '', '']);
    }
    let s = playUntil(newGame(4, {}, 'r24'), (x) => x.phase === 'arrange');
    s = playUntil(s, (x) => x.phase !== 'arrange');
    expect(s.towers.map((t) => t.length)).toEqual([2, 2, 2, 2]);
    const pickers: number[] = [];
    while (s.phase === 'pick') {
      const seat = townCenter.toMove(s)[0]!;
      pickers.push(seat);
      s = play(s, seat, townCenter.legalMoves(s, seat)[0]!);
    }
    expect(pickers).toEqual([0, 1, 2, 3, 3, 2, 1, 0]);
    // 5 players: 10 cubes in exactly 4 towers of at least 2.
    let f = playUntil(newGame(5, {}, 'r24-5'), (x) => x.phase === 'arrange');
    expect(f.towers).toHaveLength(4);
    expect(f.drawn).toHaveLength(10);
    // Put 4 cubes on tower 0: then the 6 left must fill towers 1-3 to 2 each.
    f = playUntil(
      f,
      (x) => x.towers[0]!.length === 4,
      (legal) => legal.find((m) => m.type === 'stackCube' && m.tower === 0)!,
    );
    const legal = townCenter.legalMoves(f, 0);
    expect(legal.some((m) => m.type === 'stackCube' && m.tower === 0)).toBe(false);
    expect(codeOf(f, 0, { type: 'stackCube', color: f.drawn.includes('R') ? 'residential' : 'utility', tower: 0 })).toMatch(
      /TOWERS_INCOMPLETE|NOT_DRAWN/,
    );
    expect(cubeCount(f)).toBe(2 * CUBES_PER_BOX);
  });

  it(
    'R25 solo: bag draws 3 and returns 1; Central Park lays 20 cubes with no Office in front ' +
      'and builds the last 2 in round 10; level names',
    () => {
      let s = playUntil(newGame(1, { soloVariant: 'bag' }, 'r25'), (x) => x.phase === 'soloReturn');
      expect(s.hands[0]).toHaveLength(3);
      const bagBefore = s.bag.reduce((a, b) => a + b, 0);
      s = play(s, 0, townCenter.legalMoves(s, 0)[0]!);
      expect(s.hands[0]).toHaveLength(2);
      expect(s.bag.reduce((a, b) => a + b, 0)).toBe(bagBefore + 1);
      for (let i = 0; i < 30; i++) {
        const cp = newGame(1, { soloVariant: 'centralPark' }, `cp-${i}`);
        expect(cp.row).toHaveLength(20);
        expect(cp.row.slice(0, 3)).not.toContain('O');
      }
      let cp = playUntil(newGame(1, { soloVariant: 'centralPark' }, 'cp'), (x) => x.phase === 'soloReturn');
      const returned = townCenter.legalMoves(cp, 0)[0] as { color: string };
      const rowBefore = cp.row;
      cp = play(cp, 0, townCenter.legalMoves(cp, 0)[0]!);
      expect(cp.row).toBe(rowBefore + { office: 'O', residential: 'R', commercial: 'C', utility: 'U', elevator: 'E' }[returned.color]);
      cp = playUntil(cp, (x) => x.round === 10);
      expect(cp.phase).toBe('construction'); // round 10: the last 2 cubes are built, nothing to return
      expect(cp.row).toBe('');
      cp = playUntil(cp, (x) => x.phase === 'over');
      const o = townCenter.outcome(cp)!;
      expect(o.detail).toMatchObject({ soloLevel: { en: expect.any(String), fr: expect.any(String) } });
      expect(townCenter.checkConfig!(2, { boardSide: 'A', soloVariant: 'centralPark', seatSides: '' })?.code).toBe(
        'SOLO_VARIANT_NEEDS_ONE_PLAYER',
      );
    },
  );
});
