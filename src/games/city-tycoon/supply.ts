import type { Seat } from '../../engine/index.js';
import { key, STEPS } from './map.js';
import type { Cell, Point, Resource, Transfer } from './types.js';

/**
 * Supply routing (rulings C6-C8): what one electricity or water cube costs to carry from a plant
 * to a district, and the cheapest legal route for it.
 *
 * Per cube (C7): $2 to the owner of another player's plant it is taken from; $2 to each other
 * player for each of their tiles it passes through (source and destination excluded; forests
 * count, they are owned); $2 to the bank at most once if it is taken from, or passes through,
 * the city (the four start tiles count as one tile); nothing for one's own tiles. Water tiles
 * stop cubes, and cubes travel only over placed tiles, orthogonally.
 */

export const TOLL = 2;

/** A priced route: the cost and who receives it. */
export interface Priced {
  cost: number;
  /** Payments from the supplying seat, one per recipient, bank first then seats in order. */
  transfers: Transfer[];
}

export type RouteProblem = { code: string; message: string };

/**
 * Prices a route given as the cells from the source plant to the destination, both included.
 * Checks that it is legal for `resource` and returns the problem otherwise.
 */
export function priceRoute(cells: Record<string, Cell>, seat: Seat, resource: Resource, path: readonly Point[], dest: Point): Priced | RouteProblem {
  if (path.length < 2) return { code: 'ROUTE_TOO_SHORT', message: 'a route lists at least its source plant and the district it supplies (C8)' };
  const last = path[path.length - 1]!;
  if (last.x !== dest.x || last.y !== dest.y) return { code: 'ROUTE_WRONG_END', message: 'a route must end on the district being supplied (C8)' };
  const source = cells[key(path[0]!.x, path[0]!.y)];
  if (!source || source.plant !== resource) return { code: 'ROUTE_NOT_FROM_PLANT', message: `a route must start on a ${resource === 'power' ? 'power plant' : 'water station'} (C6)` };
  const seen = new Set<string>();
  let bank = 0;
  const toSeat = new Map<Seat, number>();
  const pay = (owner: Seat) => toSeat.set(owner, (toSeat.get(owner) ?? 0) + TOLL);
  let city = false;
  if (source.kind === 'city') {
    bank += TOLL;
    city = true;
  } else if (source.owner !== null && source.owner !== seat) pay(source.owner);
  for (let i = 0; i < path.length; i++) {
    const p = path[i]!;
    const k = key(p.x, p.y);
    if (seen.has(k)) return { code: 'ROUTE_LOOPS', message: 'a route may not pass the same tile twice (C8)' };
    seen.add(k);
    if (i > 0) {
      const prev = path[i - 1]!;
      if (Math.abs(prev.x - p.x) + Math.abs(prev.y - p.y) !== 1) return { code: 'ROUTE_NOT_ORTHOGONAL', message: 'cubes travel from tile to tile across shared edges only (C6)' };
    }
    if (i === 0 || i === path.length - 1) continue;
    const c = cells[k];
    if (!c) return { code: 'ROUTE_OFF_MAP', message: 'cubes travel only over placed tiles (C6)' };
    if (c.kind === 'water') return { code: 'ROUTE_THROUGH_WATER', message: 'water tiles stop cubes: no route may cross them (C5)' };
    if (c.kind === 'city') {
      if (!city) bank += TOLL;
      city = true;
    } else if (c.owner !== null && c.owner !== seat) pay(c.owner);
  }
  const transfers: Transfer[] = [];
  if (bank > 0) transfers.push({ from: seat, to: 'bank', amount: bank });
  for (const s of [...toSeat.keys()].sort((a, b) => a - b)) transfers.push({ from: seat, to: s, amount: toSeat.get(s)! });
  return { cost: bank + [...toSeat.values()].reduce((a, b) => a + b, 0), transfers };
}

/** The cheapest route from one source plant. */
export interface SourceRoute {
  source: Point;
  /** Cubes waiting on that plant. */
  cubes: number;
  cost: number;
  /** Source first, district last. */
  path: Point[];
}

/**
 * For a district at `dest` owned by `seat`, the cheapest legal route from every plant of
 * `resource` that holds cubes, best first. Order (ruling CT4): lower cost, then fewer tiles
 * travelled, then the source further north, then further west. Between routes from one source
 * with equal cost and length the search keeps one deterministically (the first settled);
 * a player who prefers another of them gives it explicitly (C8).
 *
 * Dijkstra over (tile, city already paid) states: the city toll is owed once per cube, so whether
 * it has been paid is part of the state. Costs and lengths are compared as one number.
 */
export function routesFrom(cells: Record<string, Cell>, seat: Seat, resource: Resource, dest: Point): SourceRoute[] {
  const g = gridOf(cells);
  if (!g.sources[resource === 'power' ? 0 : 1]) return [];
  const start = g.index.get(pack(dest.x, dest.y));
  if (start === undefined) return [];
  const n = g.list.length;
  const SCALE = 4096; // steps < 4096: priority = cost * SCALE + steps
  const dist = new Float64Array(2 * n).fill(Infinity);
  const prev = new Int32Array(2 * n).fill(-1);
  const done = new Uint8Array(2 * n);
  const bestPri = new Float64Array(n).fill(Infinity);
  const bestPrev = new Int32Array(n).fill(-1);
  const heap = new NumHeap();
  dist[start] = 0;
  heap.push(0, start);
  while (heap.size > 0) {
    const [pri, id] = heap.pop();
    if (done[id] || pri > dist[id]!) continue;
    done[id] = 1;
    const ci = id % n;
    const city = id >= n;
    const cost = Math.floor(pri / SCALE);
    const steps = pri - cost * SCALE;
    for (let d = 0; d < 4; d++) {
      const ni = g.nbr[ci * 4 + d]!;
      if (ni < 0 || ni === start) continue;
      const c = g.list[ni]!;
      if (c.kind === 'water') continue;
      if (c.plant === resource && c.cubes > 0) {
        const fee = c.kind === 'city' ? (city ? 0 : TOLL) : c.owner !== seat ? TOLL : 0;
        const p = (cost + fee) * SCALE + steps + 1;
        if (p < bestPri[ni]!) {
          bestPri[ni] = p;
          bestPrev[ni] = id;
        }
      }
      let toll = 0;
      let ncity = city;
      if (c.kind === 'city') {
        if (!city) toll = TOLL;
        ncity = true;
      } else if (c.owner !== null && c.owner !== seat) toll = TOLL;
      const nid = ncity ? ni + n : ni;
      if (done[nid]) continue;
      const p = (cost + toll) * SCALE + steps + 1;
      if (p < dist[nid]!) {
        dist[nid] = p;
        prev[nid] = id;
        heap.push(p, nid);
      }
    }
  }
  const out: SourceRoute[] = [];
  for (let i = 0; i < n; i++) {
    if (bestPrev[i]! < 0) continue;
    const c = g.list[i]!;
    const path: Point[] = [{ x: c.x, y: c.y }];
    for (let s = bestPrev[i]!; s >= 0; s = prev[s]!) {
      const pc = g.list[s % n]!;
      path.push({ x: pc.x, y: pc.y });
    }
    out.push({ source: { x: c.x, y: c.y }, cubes: c.cubes, cost: Math.floor(bestPri[i]! / SCALE), path });
  }
  return out.sort((a, b) => a.cost - b.cost || a.path.length - b.path.length || a.source.y - b.source.y || a.source.x - b.source.x);
}

const pack = (x: number, y: number): number => (x + 1024) * 4096 + (y + 1024);

interface Grid {
  list: Cell[];
  index: Map<number, number>;
  /** Neighbour cell indices, 4 per cell (north, east, south, west), -1 where no tile lies. */
  nbr: Int32Array;
  /** Whether any power plant / water station holds cubes. */
  sources: [boolean, boolean];
}

/** The cell table as arrays, cached per table object (tables are never mutated, only replaced). */
const grids = new WeakMap<Record<string, Cell>, Grid>();
function gridOf(cells: Record<string, Cell>): Grid {
  let g = grids.get(cells);
  if (g) return g;
  const list = Object.values(cells);
  const index = new Map<number, number>();
  list.forEach((c, i) => index.set(pack(c.x, c.y), i));
  const nbr = new Int32Array(list.length * 4);
  const sources: [boolean, boolean] = [false, false];
  list.forEach((c, i) => {
    STEPS.forEach((d, k) => (nbr[i * 4 + k] = index.get(pack(c.x + d.x, c.y + d.y)) ?? -1));
    if (c.plant && c.cubes > 0) sources[c.plant === 'power' ? 0 : 1] = true;
  });
  g = { list, index, nbr, sources };
  grids.set(cells, g);
  return g;
}

/** A binary min-heap of (priority, id) pairs. */
class NumHeap {
  private pri: number[] = [];
  private ids: number[] = [];
  get size(): number {
    return this.pri.length;
  }
  push(p: number, id: number): void {
    const pri = this.pri;
    const ids = this.ids;
    let i = pri.length;
    pri.push(p);
    ids.push(id);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (pri[parent]! <= p) break;
      pri[i] = pri[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    pri[i] = p;
    ids[i] = id;
  }
  pop(): [number, number] {
    const pri = this.pri;
    const ids = this.ids;
    const top: [number, number] = [pri[0]!, ids[0]!];
    const lp = pri.pop()!;
    const li = ids.pop()!;
    const len = pri.length;
    if (len > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= len) break;
        const r = l + 1;
        const m = r < len && pri[r]! < pri[l]! ? r : l;
        if (pri[m]! >= lp) break;
        pri[i] = pri[m]!;
        ids[i] = ids[m]!;
        i = m;
      }
      pri[i] = lp;
      ids[i] = li;
    }
    return top;
  }
}

/** One cube's planned delivery. */
export interface CubeRoute {
  resource: Resource;
  path: Point[];
  cost: number;
}

/**
 * The cheapest way to bring `count` cubes of `resource` to a district: cube by cube from the
 * cheapest plant that still has cubes (each cube's cost depends only on its plant, so this greedy
 * choice is optimal). Null when the plants reachable hold fewer cubes than needed.
 */
export function cheapestCubes(routes: readonly SourceRoute[], resource: Resource, count: number): CubeRoute[] | null {
  const out: CubeRoute[] = [];
  for (const r of routes) {
    for (let i = 0; i < r.cubes && out.length < count; i++) out.push({ resource, path: r.path, cost: r.cost });
    if (out.length === count) break;
  }
  return out.length === count ? out : null;
}

/** Adds transfers from one payer to the same recipient together (bank first, then seats). */
export function mergeTransfers(list: readonly Transfer[]): Transfer[] {
  const byTo = new Map<Seat | 'bank', Transfer>();
  for (const t of list) {
    const m = byTo.get(t.to);
    if (m) m.amount += t.amount;
    else byTo.set(t.to, { ...t });
  }
  return [...byTo.values()].filter((t) => t.amount > 0).sort((a, b) => (a.to === 'bank' ? -1 : b.to === 'bank' ? 1 : (a.to as number) - (b.to as number)));
}
