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
 * with equal cost and length the search keeps the first found, exploring north, east, south, west.
 *
 * Dijkstra over (tile, city already paid) states: the city toll is owed once per cube, so whether
 * it has been paid is part of the state.
 */
export function routesFrom(cells: Record<string, Cell>, seat: Seat, resource: Resource, dest: Point): SourceRoute[] {
  const destKey = key(dest.x, dest.y);
  // state id: cellKey + '|' + (city ? 1 : 0)
  const dist = new Map<string, { cost: number; steps: number; prev: string | null; x: number; y: number; city: boolean }>();
  const best = new Map<string, { cost: number; steps: number; prevState: string; x: number; y: number }>();
  const heap = new Heap();
  const start = `${destKey}|0`;
  dist.set(start, { cost: 0, steps: 0, prev: null, x: dest.x, y: dest.y, city: false });
  heap.push(0, 0, start);
  const done = new Set<string>();
  while (heap.size > 0) {
    const id = heap.pop()!;
    if (done.has(id)) continue;
    done.add(id);
    const cur = dist.get(id)!;
    for (const d of STEPS) {
      const nx = cur.x + d.x;
      const ny = cur.y + d.y;
      const nk = key(nx, ny);
      if (nk === destKey) continue;
      const c = cells[nk];
      if (!c || c.kind === 'water') continue;
      const steps = cur.steps + 1;
      // n as the source of the cube
      if (c.plant === resource && c.cubes > 0) {
        const fee = c.kind === 'city' ? (cur.city ? 0 : TOLL) : c.owner !== seat ? TOLL : 0;
        const total = cur.cost + fee;
        const b = best.get(nk);
        if (!b || total < b.cost || (total === b.cost && steps < b.steps)) best.set(nk, { cost: total, steps, prevState: id, x: nx, y: ny });
      }
      // n as a tile the cube passes through
      let toll = 0;
      let city = cur.city;
      if (c.kind === 'city') {
        if (!city) toll = TOLL;
        city = true;
      } else if (c.owner !== null && c.owner !== seat) toll = TOLL;
      const nid = `${nk}|${city ? 1 : 0}`;
      if (done.has(nid)) continue;
      const cost = cur.cost + toll;
      const old = dist.get(nid);
      if (!old || cost < old.cost || (cost === old.cost && steps < old.steps)) {
        dist.set(nid, { cost, steps, prev: id, x: nx, y: ny, city });
        heap.push(cost, steps, nid);
      }
    }
  }
  const out: SourceRoute[] = [];
  for (const [k, b] of best) {
    const path: Point[] = [{ x: b.x, y: b.y }];
    let s: string | null = b.prevState;
    while (s !== null) {
      const n: { prev: string | null; x: number; y: number } = dist.get(s)!;
      path.push({ x: n.x, y: n.y });
      s = n.prev;
    }
    out.push({ source: { x: b.x, y: b.y }, cubes: cells[k]!.cubes, cost: b.cost, path });
  }
  return out.sort((a, b) => a.cost - b.cost || a.path.length - b.path.length || a.source.y - b.source.y || a.source.x - b.source.x);
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

/** A binary min-heap of state ids keyed by (cost, steps). */
class Heap {
  private items: { cost: number; steps: number; id: string; n: number }[] = [];
  private counter = 0;
  get size(): number {
    return this.items.length;
  }
  private less(i: number, j: number): boolean {
    const a = this.items[i]!;
    const b = this.items[j]!;
    return (a.cost - b.cost || a.steps - b.steps || a.n - b.n) < 0;
  }
  push(cost: number, steps: number, id: string): void {
    this.items.push({ cost, steps, id, n: this.counter++ });
    let i = this.items.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      [this.items[i], this.items[p]] = [this.items[p]!, this.items[i]!];
      i = p;
    }
  }
  pop(): string | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (this.items.length > 0 && last) {
      this.items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.items.length && this.less(l, m)) m = l;
        if (r < this.items.length && this.less(r, m)) m = r;
        if (m === i) break;
        [this.items[i], this.items[m]] = [this.items[m]!, this.items[i]!];
        i = m;
      }
    }
    return top?.id;
  }
}
