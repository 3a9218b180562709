/**
 * Exactness of move generation, the strong form: at sampled positions of random games, every move
 * the schemas allow (all types, colours, towers and coordinates, about 280) is given to decide, and
 * the accepted ones must be exactly the listed ones.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, checkMoveShape, Rng } from '../../../src/engine/index.js';
import { townCenter } from '../../../src/games/town-center/index.js';
import type { TownCenterMove, TownCenterState } from '../../../src/games/town-center/types.js';
import { densePick, games, newGame, play } from './helpers.js';

const COLORS = ['office', 'residential', 'commercial', 'utility', 'elevator'] as const;

function everyShapedMove(): TownCenterMove[] {
  const out: TownCenterMove[] = [{ type: 'pass' }];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 5; col++) {
      out.push({ type: 'placeCityHall', row, col });
      for (const color of COLORS) out.push({ type: 'buildCube', color, row, col });
      for (const color of ['residential', 'commercial'] as const) out.push({ type: 'developCube', color, row, col });
      for (const color of ['utility', 'elevator'] as const) out.push({ type: 'buyCube', color, row, col });
    }
  }
  for (let tower = 0; tower < 4; tower++) {
    out.push({ type: 'takeCube', tower });
    for (const color of COLORS) out.push({ type: 'stackCube', color, tower });
  }
  for (const color of COLORS) out.push({ type: 'returnCube', color });
  return out;
}

const ALL = everyShapedMove();

describe('town-center exhaustive move check', () => {
  it('every shaped move is well-formed for the schemas', () => {
    for (const m of ALL) expect(checkMoveShape(townCenter, m)).toBeNull();
    expect(ALL.length).toBeGreaterThan(250);
  });

  const configs: [number, Record<string, string>][] = [
    [1, { soloVariant: 'bag' }],
    [1, { soloVariant: 'centralPark' }],
    [2, {}],
    [3, { boardSide: 'B' }],
    [4, {}],
    [5, {}],
    [8, {}],
  ];
  for (const [players, options] of configs) {
    it(`${players} player(s) ${JSON.stringify(options)}: at sampled positions the accepted moves are exactly the listed ones`, () => {
      const n = games(6);
      let checked = 0;
      for (let g = 0; g < n; g++) {
        const rng = Rng.fromSeed(`exhaustive-${players}-${g}`);
        let s: TownCenterState = newGame(players, options, `exhaustive-${players}-${g}`);
        let step = 0;
        while (s.phase !== 'over') {
          const toMove = townCenter.toMove(s);
          const seat = rng.pick(toMove);
          const legal = townCenter.legalMoves(s, seat);
          if (step++ % 7 === 0) {
            const listed = new Set(legal.map((m) => canonicalJson(m)));
            const accepted = ALL.filter((m) => townCenter.decide(s, m, seat).ok).map((m) => canonicalJson(m));
            expect(new Set(accepted)).toEqual(listed);
            expect(accepted).toHaveLength(listed.size); // and the list has no duplicates
            expect(legal).toHaveLength(listed.size);
            checked++;
          }
          s = play(s, seat, g % 2 === 1 ? densePick(s, seat, legal, rng) : rng.pick(legal));
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
