/**
 * The rulebook's worked examples (English rulebook, ../shared/seeds/002_5c466c974af873cf.txt; the
 * French one has the same examples). The printed pictures are not available: each example is laid
 * out on side A so that every statement of its caption holds, and each statement is checked.
 */
import type { CubeColor } from '../../../src/games/town-center/data.js';
import type { TownCenterMove } from '../../../src/games/town-center/types.js';
import { describe, expect, it } from 'vitest';
import { townCenter } from '../../../src/games/town-center/index.js';
import { boardOf } from '../../../src/games/town-center/board.js';
import { settled } from '../../../src/games/town-center/decide.js';
import { analyzeTown, heightLimit, townIncome, townScore } from '../../../src/games/town-center/town.js';
import { codeOf, play, position, stacksFrom } from './helpers.js';

const A = boardOf('A');
const build = (color: CubeColor, row: number, col: number): TownCenterMove => ({ type: 'buildCube', color, row, col });

describe('Construction, Adjacency', () => {
  it(
    'example 1: the ground Commercial cube touches the Residential and Utilities cubes; the ' +
      'Residential above City Hall does not touch the ground one',
    () => {
      // (2,2) Commercial, (2,1) Residential, (3,2) Utilities; City Hall at (1,3) with a Residential on top; Residential at (1,4).
      const stacks = stacksFrom('A', ['. - - - .', '- - - HR R', '- R C - -', '- - U - -', '. - - - .']);
      const a = analyzeTown(A, stacks);
      const blue = a.commercial[0]!;
      expect(blue.powered).toBe(true); // touches the Utilities cube
      expect(blue.residentialUnits).toBe(1); // touches the Residential cube
      expect(a.residential).toHaveLength(3); // (2,1), the one on City Hall, the ground one at (1,4): none adjacent
    },
  );

  it('example 2: where a Residential and a Commercial cube may be built (A, B, C, D, E)', () => {
    // Green at (1,2) with (0,2) behind it; A = (1,1), E = (1,3); City Hall (2,1); yellow (2,2);
    // blue at (3,3) with B = (3,2), C = (2,3), D = (3,4); a powered Elevator of height 2 at (3,1).
    const s = position({
      towns: [{ picture: ['. - - - .', '- - R - -', '- H U - -', '- EE - C -', '. U - - .'] }],
      fields: { phase: 'construction', hands: ['RC'] },
    });
    expect(heightLimit(A, s.towns[0]!.stacks)).toBe(2);
    const green = (r: number, c: number) => codeOf(s, 0, build('residential', r, c));
    const blue = (r: number, c: number) => codeOf(s, 0, build('commercial', r, c));
    expect(green(1, 2)).toBe('RESIDENTIAL_SPACING'); // on top of the green cube
    expect(green(0, 2)).toBe('RESIDENTIAL_SPACING'); // behind it
    expect(green(1, 1)).toBe('RESIDENTIAL_SPACING'); // A
    expect(green(1, 3)).toBe('RESIDENTIAL_SPACING'); // E
    expect(green(3, 2)).toBe('OK'); // B
    expect(green(2, 1)).toBe('OK'); // on top of the City Hall
    expect(blue(3, 2)).toBe('COMMERCIAL_SPACING'); // B
    expect(blue(2, 3)).toBe('COMMERCIAL_SPACING'); // C
    expect(blue(3, 4)).toBe('COMMERCIAL_SPACING'); // D
    expect(blue(3, 3)).toBe('COMMERCIAL_SPACING'); // on top of the blue cube
    expect(blue(2, 2)).toBe('OK'); // on top of the yellow cube
  });
});

describe('Construction, Elevator/Parking and heights', () => {
  it('example: A and D are Parking lots, B and C a powered Elevator of height 2, nothing on the Suburb cube E', () => {
    const s = position({
      towns: [{ picture: ['. - R - .', '- E - - -', '- - EE U -', '- - - E -', '. - - - .'] }],
      fields: { phase: 'construction', hands: ['RU'] },
    });
    const a = analyzeTown(A, s.towns[0]!.stacks);
    expect(a.parkingLots).toHaveLength(2);
    expect(a.limit).toBe(2);
    expect(codeOf(s, 0, build('residential', 1, 1))).toBe('NOTHING_ON_BLACK'); // A
    expect(codeOf(s, 0, build('residential', 3, 3))).toBe('NOTHING_ON_BLACK'); // D
    expect(codeOf(s, 0, build('utility', 0, 2))).toBe('SUBURB_NO_TOWER'); // E
    expect(codeOf(s, 0, build('residential', 2, 3))).toBe('OK'); // on top of the yellow cube: level 2 allowed
  });
});

describe('Development', () => {
  it('Residential example: unit A with 3 Offices (2 Offices and City Hall) grows a cube on top, merging with unit B into 4 cubes', () => {
    // A = (2,2)+(2,3); B = Residential on level 2 above the Office at (2,1); Office (1,2), City Hall (1,3);
    // a powered Elevator of height 2 at (3,3) allows level 2.
    const picture = ['. - - - .', '- - O H -', '- OR R R -', '- - U EE -', '. - - - .'];
    const s = settled(position({ towns: [{ picture }], fields: { phase: 'construction', hands: [''] } }));
    const before = analyzeTown(A, s.towns[0]!.stacks);
    const unitA = before.residential.find((u) => u.size === 2)!;
    expect(unitA.offices).toBe(3);
    expect(unitA.develops).toBe(true);
    expect(s.phase).toBe('development');
    const after = play(s, 0, { type: 'developCube', color: 'residential', row: 2, col: 2 });
    expect(analyzeTown(A, after.towns[0]!.stacks).residential.map((u) => u.size)).toEqual([4]);
  });

  it(
    'Commercial example: a 2-cube unit touching 2 Residential units cannot grow; a third unit ' + 'built at D lets it grow at E or on top',
    () => {
      // Commercial A = (2,2)+(2,3); Residential B = (1,2), C = (3,3); D = (2,4); E = (1,3); Elevator at (3,1) powered by (2,1).
      const picture = ['. - - - .', '- - R - -', '- U C C -', '- EE - R -', '. - - - .'];
      const s0 = position({ towns: [{ picture, money: 0 }], fields: { phase: 'construction', hands: ['R'] } });
      expect(analyzeTown(A, s0.towns[0]!.stacks).commercial[0]).toMatchObject({ size: 2, residentialUnits: 2, develops: false });
      const s = play(s0, 0, build('residential', 2, 4)); // D
      expect(s.phase).toBe('development');
      const spots = townCenter.legalMoves(s, 0).filter((m) => m.type === 'developCube' && m.color === 'commercial');
      expect(spots).toContainEqual({ type: 'developCube', color: 'commercial', row: 1, col: 3 }); // E
      expect(spots).toContainEqual({ type: 'developCube', color: 'commercial', row: 2, col: 2 }); // on top of a blue cube
      expect(spots).toContainEqual({ type: 'developCube', color: 'commercial', row: 2, col: 3 });
    },
  );
});

describe('Phase IV, Tax Revenue', () => {
  it(
    'example: Parking lot C next to 3 cubes pays $3, unpowered Commercial A pays nothing, ' +
      '3-cube Commercial B reaching level 3 pays $9',
    () => {
      const stacks = stacksFrom('A', ['. - H - .', '- - U - -', '- O CCC - -', '- E R C -', '. U - - .']);
      const a = analyzeTown(A, stacks);
      expect(a.parkingLots[0]!.adjacentCubes).toBe(3);
      const [b, unitA] = a.commercial;
      expect(unitA).toMatchObject({ size: 1, powered: false });
      expect(b).toMatchObject({ size: 3, height: 3, powered: true });
      expect(townIncome(a, stacks)).toEqual({ commercial: 9, parking: 3, cityHall: 1, total: 13 });
    },
  );

  it('text: a Commercial unit of 4 cubes reaching level 3 earns $1+$2+$3+$4 + $1+$2 = $13', () => {
    const stacks = stacksFrom('A', ['. - - - .', '- - U - -', '- C CCC - -', '- - - - -', '. - - - .']);
    expect(townIncome(analyzeTown(A, stacks), stacks).commercial).toBe(13);
  });
});

describe('Final scoring', () => {
  it('text: a powered Residential unit of 3 cubes reaching level 4 scores 1+2+3 + 1+2+3 = 12 points', () => {
    const stacks = stacksFrom('A', ['. - - - .', '- - OU - -', '- - ORRR - -', '- - - - -', '. - - - .']);
    expect(townScore(A, analyzeTown(A, stacks), stacks, 0)).toEqual({ cash: 0, residential: 12, suburbs: 0, total: 12 });
  });
});
