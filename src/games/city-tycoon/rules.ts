import type { CityTycoonCode, CityTycoonId } from './messages.js';
import type { Params, Seat } from '../../engine/index.js';
import { district } from './data.js';
import { neighbourKeys } from './map.js';
import { cheapestCubes, mergeTransfers, priceRoute, routesFrom, type CubeRoute, type SourceRoute } from './supply.js';
import type { Cell, DistrictType, Resource, State, Transfer } from './types.js';

/** Rules shared by decide, legalMoves and view, so that the three never disagree. */

/** The server's plan for one supply option of one district: its cheapest cubes, or why it cannot be delivered. */
export interface OptionPlan {
  x: number;
  y: number;
  option: number;
  /** Cheapest total transport cost, null when the cubes cannot be brought at all. */
  cost: number | null;
  cubes: CubeRoute[] | null;
  /** Why the option cannot be delivered: the code and its sentence's id (city-tycoon/messages.ts). */
  problem: { code: CityTycoonCode; key: CityTycoonId; params?: Params } | null;
}

/** A seat's own districts not supplied yet this round (C6), north to south, west to east. */
export function unsuppliedDistricts(state: State, seat: Seat): Cell[] {
  return Object.values(state.cells)
    .filter((c) => c.kind === 'district' && c.owner === seat && c.supplied === null)
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Plans every supply option of the district in `c` for its owner `seat`. */
export function planDistrict(state: State, seat: Seat, c: Cell): OptionPlan[] {
  const d = district(c.tile!);
  const routes: Partial<Record<Resource, SourceRoute[]>> = {};
  const routesOf = (r: Resource) => (routes[r] ??= routesFrom(state.cells, seat, r, c));
  return d.options.map((o, option) => {
    const base = { x: c.x, y: c.y, option };
    const power = o.needs.electricity > 0 ? cheapestCubes(routesOf('power'), 'power', o.needs.electricity) : [];
    const water = o.needs.water > 0 ? cheapestCubes(routesOf('water'), 'water', o.needs.water) : [];
    if (!power || !water) {
      return { ...base, cost: null, cubes: null, problem: { code: 'NO_CUBES_REACHABLE', key: 'NO_CUBES_REACHABLE' } };
    }
    const cubes = [...power, ...water];
    const cost = cubes.reduce((s, r) => s + r.cost, 0);
    let problem: OptionPlan['problem'] = null;
    if (state.goods[seat]! < o.needs.goods) problem = { code: 'NOT_ENOUGH_GOODS', key: 'NOT_ENOUGH_GOODS.plan' };
    else if (state.money[seat]! < cost) problem = { code: 'CANNOT_AFFORD_SUPPLY', key: 'CANNOT_AFFORD_SUPPLY.plan', params: { cost } };
    return { ...base, cost, cubes, problem };
  });
}

/** Cooperation (C9): the bonuses of adjacent districts whose icon matches `type`. */
export function cooperation(state: State, x: number, y: number, type: DistrictType): { money: number; vp: number } {
  let money = 0;
  let vp = 0;
  for (const k of neighbourKeys(x, y)) {
    const c = state.cells[k];
    if (!c || c.kind !== 'district' || !c.tile) continue;
    const coop = district(c.tile).cooperation;
    if (coop && coop.type === type) {
      money += coop.money;
      vp += coop.vp;
    }
  }
  return { money, vp };
}

/** The transfers for a set of cube routes: each route priced, then merged by recipient. */
export function routeTransfers(state: State, seat: Seat, cubes: readonly CubeRoute[], dest: { x: number; y: number }): Transfer[] {
  const all: Transfer[] = [];
  for (const c of cubes) {
    const priced = priceRoute(state.cells, seat, c.resource, c.path, dest);
    if (!('transfers' in priced)) throw new Error(`city-tycoon: server route refused: ${priced.code}`);
    all.push(...priced.transfers);
  }
  return mergeTransfers(all);
}

/** Ruling C2: turn order for rounds 2-4, poorest first, ties keeping their previous order. */
export function nextOrder(state: State): Seat[] {
  return state.order
    .map((seat, i) => ({ seat, i }))
    .sort((a, b) => state.money[a.seat]! - state.money[b.seat]! || a.i - b.i)
    .map((e) => e.seat);
}

/** Ruling C11: VP + floor(money / 10). */
export function score(state: State, seat: Seat): number {
  return state.vp[seat]! + Math.floor(state.money[seat]! / 10);
}

/** Districts of `type` owned by `seat` (for type-count icons). */
export function countOwned(state: State, seat: Seat, type: DistrictType): number {
  let n = 0;
  for (const c of Object.values(state.cells)) if (c.kind === 'district' && c.owner === seat && district(c.tile!).type === type) n++;
  return n;
}
