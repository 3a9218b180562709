import { describe, expect, it } from 'vitest';
import {
  DISTRICT_IDS,
  DISTRICTS,
  PLANT_STACKS,
  PLANTS,
  ROUND_TILES,
  START_TILES,
  TERRAIN_TILES,
} from '../../../src/games/city-tycoon/data.js';
import type { District, SupplyOption } from '../../../src/games/city-tycoon/types.js';

const all: District[] = DISTRICT_IDS.map((id) => DISTRICTS[id]!);
const cubes = (o: SupplyOption) => o.needs.electricity + o.needs.water + o.needs.goods;

describe('component data (stand-in faces, rulings "Components to define")', () => {
  it('120 districts, 30 per round, six of each of the five types per round', () => {
    expect(all).toHaveLength(120);
    expect(new Set(DISTRICT_IDS).size).toBe(120);
    for (let r = 1; r <= 4; r++) {
      const tiles = ROUND_TILES[r - 1]!.map((id) => DISTRICTS[id]!);
      expect(tiles).toHaveLength(30);
      for (const type of ['residential', 'commercial', 'downtown', 'industrial', 'special'])
        expect(tiles.filter((d) => d.type === type)).toHaveLength(6);
    }
  });

  it('6 power plants and 6 water stations numbered 1-6, stacked 1 on top; higher numbers cost more and give more', () => {
    expect(PLANT_STACKS.power).toEqual(['power1', 'power2', 'power3', 'power4', 'power5', 'power6']);
    expect(PLANT_STACKS.water).toEqual(['water1', 'water2', 'water3', 'water4', 'water5', 'water6']);
    for (const stack of [PLANT_STACKS.power, PLANT_STACKS.water]) {
      for (let i = 1; i < 6; i++) {
        const lo = PLANTS[stack[i - 1]!]!;
        const hi = PLANTS[stack[i]!]!;
        for (const side of ['a', 'b'] as const) {
          expect(hi[side].cost).toBeGreaterThan(lo[side].cost);
          expect(hi[side].cubes + hi[side].recycle).toBeGreaterThanOrEqual(lo[side].cubes + lo[side].recycle);
          expect(hi[side].cubes * 1 + hi[side].recycle * 3).toBeGreaterThan(lo[side].cubes * 1 + lo[side].recycle * 3);
        }
      }
    }
  });

  it('4 start tiles in a 2x2 block (the city plant, the city station, two city districts) and 32 terrain tiles', () => {
    expect(START_TILES.map((t) => [t.x, t.y, t.role])).toEqual([
      [0, 0, 'power'],
      [1, 0, 'water'],
      [0, 1, 'district'],
      [1, 1, 'district'],
    ]);
    expect(TERRAIN_TILES).toBe(32);
  });

  it('every district has one to three supply options, each needing at least one cube', () => {
    for (const d of all) {
      expect(d.options.length).toBeGreaterThanOrEqual(1);
      expect(d.options.length).toBeLessThanOrEqual(3);
      for (const o of d.options) expect(cubes(o)).toBeGreaterThan(0);
    }
  });

  it('economy target: an option returns $3-$8 or 1-3 VP per cube needed (a VP counted $3, a good $4)', () => {
    for (const d of all) {
      for (const o of d.options) {
        const n = cubes(o);
        expect(o.gives.money / n, d.id).toBeLessThanOrEqual(8);
        expect(o.gives.vp / n, d.id).toBeLessThanOrEqual(3);
        const value = (o.gives.money + 3 * o.gives.vp + 4 * o.gives.goods) / n;
        expect(value, d.id).toBeGreaterThanOrEqual(3);
        expect(value, d.id).toBeLessThanOrEqual(9);
      }
    }
  });

  it('costs rise with the round', () => {
    const mean = (r: number) => ROUND_TILES[r - 1]!.reduce((s, id) => s + DISTRICTS[id]!.build[0]!.cost, 0) / 30;
    for (let r = 2; r <= 4; r++) expect(mean(r)).toBeGreaterThan(mean(r - 1) + 1);
  });

  it('round IV tiles are worth building in round IV: bonus plus one supply beats the cost, a VP being $10 at the end', () => {
    for (const id of ROUND_TILES[3]!) {
      const d = DISTRICTS[id]!;
      const best = Math.max(...d.options.map((o) => 10 * o.gives.vp + o.gives.money + 4 * o.gives.goods - 4 * cubes(o)));
      for (const level of d.build) {
        expect(10 * level.bonus.vp + level.bonus.money + 4 * level.bonus.goods + Math.max(0, best), id).toBeGreaterThan(level.cost);
      }
    }
  });

  it('parks give VP only, never money; type-count icons appear on round IV tiles only', () => {
    const parks = all.filter((d) => d.name.startsWith('Park'));
    expect(parks.length).toBe(8);
    for (const p of parks) {
      expect(p.options.every((o) => o.gives.money === 0)).toBe(true);
      expect(p.build.every((l) => l.bonus.money === 0)).toBe(true);
      expect(p.cooperation).toMatchObject({ type: 'residential', vp: 1 });
    }
    const counted = all.filter((d) => d.typeCount);
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.every((d) => d.round === 4)).toBe(true);
  });

  it('the features of the rulebook all occur: variable costs, construction bonuses, cooperation, forest and water icons', () => {
    expect(all.some((d) => d.build.length > 1)).toBe(true);
    expect(all.some((d) => d.build[0]!.bonus.money > 0)).toBe(true);
    expect(all.some((d) => d.build[0]!.bonus.goods > 0)).toBe(true);
    expect(all.some((d) => d.cooperation)).toBe(true);
    expect(all.some((d) => d.terrain?.kind === 'forest')).toBe(true);
    expect(all.some((d) => d.terrain?.kind === 'water')).toBe(true);
    expect(all.some((d) => d.options.some((o) => o.needs.goods > 0))).toBe(true);
    expect(all.some((d) => d.options.some((o) => o.gives.goods > 0))).toBe(true);
  });
});
