import type { CityTycoonCode, CityTycoonId } from './messages.js';
import type { Params, Seat } from '../../engine/index.js';
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

/** Why a route is refused: the code, and its sentence's id in city-tycoon/messages.ts when not the code itself. */
export type RouteProblem = { code: CityTycoonCode; key?: CityTycoonId; params?: Params };

/**
 * Prices a route given as the cells from the source plant to the destination, both included.
 * Checks that it is legal for `resource` and returns the problem otherwise.
 */
export function priceRoute(
  cells: Record<string, Cell>,
  seat: Seat,
  resource: Resource,
  path: readonly Point[],
  dest: Point,
): Priced | RouteProblem {
  if (path.length < 2) return { code: 'ROUTE_TOO_SHORT' };
  const last = path[path.length - 1]!;
  if (last.x !== dest.x || last.y !== dest.y) return { code: 'ROUTE_WRONG_END' };
  const source = cells[key(path[0]!.x, path[0]!.y)];
  if (!source || source.plant !== resource)
    return { code: 'ROUTE_NOT_FROM_PLANT', key: 'ROUTE_NOT_FROM_PLANT.kind', params: { kind: { key: `plant.${resource}` } } };
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
    if (seen.has(k)) return { code: 'ROUTE_LOOPS' };
    seen.add(k);
    if (i > 0) {
      const prev = path[i - 1]!;
      if (Math.abs(prev.x - p.x) + Math.abs(prev.y - p.y) !== 1) return { code: 'ROUTE_NOT_ORTHOGONAL' };
    }
    if (i === 0 || i === path.length - 1) continue;
    const c = cells[k];
    if (!c) return { code: 'ROUTE_OFF_MAP' };
    if (c.kind === 'water') return { code: 'ROUTE_THROUGH_WATER' };
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
 */
export function routesFrom(cells: Record<string, Cell>, seat: Seat, resource: Resource, dest: Point): SourceRoute[] {
  // Cell tables are never mutated (evolve replaces them), so answers are cached per table.
  const memo = memoOf(cells);
  const k = `${seat}|${resource}|${dest.x},${dest.y}`;
  let r = memo.routes.get(k);
  if (!r) memo.routes.set(k, (r = computeRoutes(cells, memo.topo, seat, resource, dest)));
  return r;
}

const SCALE = 4096; // routes are shorter than 4096 tiles: priority = cost * SCALE + steps

function computeRoutes(cells: Record<string, Cell>, topo: Topology, seat: Seat, resource: Resource, dest: Point): SourceRoute[] {
  const d = topo.index.get(pack(dest.x, dest.y));
  if (d === undefined) return [];
  const out: SourceRoute[] = [];
  for (const si of topo.sources[resource]) {
    if (si === d) continue;
    const t = topo.list[si]!;
    const live = cells[key(t.x, t.y)]!;
    if (live.cubes <= 0) continue;
    const r = bestRoute(topo, seat, si, d);
    if (r) out.push({ source: { x: t.x, y: t.y }, cubes: live.cubes, cost: r.cost, path: r.path });
  }
  return out.sort((a, b) => a.cost - b.cost || a.path.length - b.path.length || a.source.y - b.source.y || a.source.x - b.source.x);
}

/** The cheapest route from source `si` to tile `d` for `seat` (cached on the topology), or null. */
function bestRoute(topo: Topology, seat: Seat, si: number, d: number): { cost: number; path: Point[] } | null {
  const k = `${seat}|${si}|${d}`;
  const cached = topo.best.get(k);
  if (cached !== undefined) return cached;
  const found = fromSource(topo, seat, si);
  const pri = found.arrive[d]!;
  let r: { cost: number; path: Point[] } | null = null;
  if (pri !== Infinity) {
    const t = topo.list[si]!;
    const n = topo.list.length;
    const fee = t.kind === 'city' || t.owner !== seat ? TOLL : 0;
    const dc = topo.list[d]!;
    const path: Point[] = [{ x: dc.x, y: dc.y }];
    for (let s = found.arrivePrev[d]!; s >= 0; s = found.prev[s]!) {
      const c = topo.list[s % n]!;
      path.push({ x: c.x, y: c.y });
    }
    path.reverse();
    r = { cost: fee + Math.floor(pri / SCALE), path };
  }
  topo.best.set(k, r);
  return r;
}

/** One search from a source plant: for every tile, the cheapest way to arrive there (its own toll excluded). */
interface SourceSearch {
  arrive: Float64Array;
  /** The search state each tile is best arrived from. */
  arrivePrev: Int32Array;
  /** Predecessor of each search state (tile + n when the city is already paid). */
  prev: Int32Array;
}

/**
 * Dijkstra from source `si` over (tile, city already paid) states: the city toll is owed once per
 * cube, so whether it has been paid is part of the state. Tolls of tiles passed through are added
 * on leaving them; the destination's own toll never counts (it is the supplier's district).
 * Results depend only on the map's shape and owners, not on cubes, so they are cached on the
 * topology and survive the cube changes of a whole supply phase.
 */
function fromSource(topo: Topology, seat: Seat, si: number): SourceSearch {
  const k = `${seat}|${si}`;
  const cached = topo.searches.get(k);
  if (cached) return cached;
  const n = topo.list.length;
  const dist = new Float64Array(2 * n).fill(Infinity);
  const prev = new Int32Array(2 * n).fill(-1);
  const done = new Uint8Array(2 * n);
  const arrive = new Float64Array(n).fill(Infinity);
  const arrivePrev = new Int32Array(n).fill(-1);
  const heap = new NumHeap();
  const start = topo.list[si]!.kind === 'city' ? si + n : si;
  dist[start] = 0;
  heap.push(0, start);
  while (heap.size > 0) {
    const [pri, id] = heap.pop();
    if (done[id] || pri > dist[id]!) continue;
    done[id] = 1;
    const ci = id % n;
    const city = id >= n;
    for (let dir = 0; dir < 4; dir++) {
      const ni = topo.nbr[ci * 4 + dir]!;
      if (ni < 0 || ni === si) continue;
      const c = topo.list[ni]!;
      if (c.kind === 'water') continue;
      const p = pri + 1;
      if (p < arrive[ni]!) {
        arrive[ni] = p;
        arrivePrev[ni] = id;
      }
      let toll = 0;
      let ncity = city;
      if (c.kind === 'city') {
        if (!city) toll = TOLL;
        ncity = true;
      } else if (c.owner !== null && c.owner !== seat) toll = TOLL;
      const nid = ncity ? ni + n : ni;
      if (done[nid]) continue;
      const np = p + toll * SCALE;
      if (np < dist[nid]!) {
        dist[nid] = np;
        prev[nid] = id;
        heap.push(np, nid);
      }
    }
  }
  const found = { arrive, arrivePrev, prev };
  topo.searches.set(k, found);
  return found;
}

const pack = (x: number, y: number): number => (x + 1024) * 4096 + (y + 1024);

/** The map's shape and owners, which placing a tile changes and supplying does not. */
interface Topology {
  /** Tiles as first seen: only x, y, kind, owner and plant are read from them (never cubes). */
  list: Cell[];
  index: Map<number, number>;
  /** Neighbour tile indices, 4 per tile (north, east, south, west), -1 where no tile lies. */
  nbr: Int32Array;
  /** Indices of the power plants and of the water stations (the city's included). */
  sources: Record<Resource, number[]>;
  /** Searches done on this shape, by seat and source. */
  searches: Map<string, SourceSearch>;
  /** Routes already read from those searches, by seat, source and destination. */
  best: Map<string, { cost: number; path: Point[] } | null>;
}

interface Memo {
  topo: Topology;
  routes: Map<string, SourceRoute[]>;
}

let memos = new WeakMap<Record<string, Cell>, Memo>();
const topologies = new Map<string, Topology>();

/** Forgets every cached search (for benchmarks that time searches from cold). */
export function clearRouteCaches(): void {
  memos = new WeakMap();
  topologies.clear();
}

function memoOf(cells: Record<string, Cell>): Memo {
  let m = memos.get(cells);
  if (m) return m;
  const list = Object.values(cells);
  const signature = list.map((c) => `${c.x},${c.y},${c.kind},${c.owner},${c.plant}`).join(';');
  let topo = topologies.get(signature);
  if (!topo) {
    const index = new Map<number, number>();
    list.forEach((c, i) => index.set(pack(c.x, c.y), i));
    const nbr = new Int32Array(list.length * 4);
    list.forEach((c, i) => STEPS.forEach((d, k) => (nbr[i * 4 + k] = index.get(pack(c.x + d.x, c.y + d.y)) ?? -1)));
    const sources: Record<Resource, number[]> = { power: [], water: [] };
    list.forEach((c, i) => c.plant && sources[c.plant].push(i));
    topo = { list, index, nbr, sources, searches: new Map(), best: new Map() };
    // bounded: the shapes of up to 64 games in their supply phase (a shape with its searches is some 100 KB in a real game)
    if (topologies.size >= 64) topologies.clear();
    topologies.set(signature, topo);
  }
  m = { topo, routes: new Map() };
  memos.set(cells, m);
  return m;
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
  return [...byTo.values()]
    .filter((t) => t.amount > 0)
    .sort((a, b) => (a.to === 'bank' ? -1 : b.to === 'bank' ? 1 : (a.to as number) - (b.to as number)));
}
