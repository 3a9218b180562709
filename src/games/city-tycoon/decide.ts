import { ok, type Result, type Seat } from '../../engine/index.js';
import { refuse } from './messages.js';
import { district, plant } from './data.js';
import { evolve } from './evolve.js';
import { canPlace, freeAround, inBounds, key } from './map.js';
import { cooperation, countOwned, nextOrder, planDistrict, routeTransfers } from './rules.js';
import { HAND_SIZE } from './setup.js';
import { priceRoute, type CubeRoute } from './supply.js';
import type { Event, Move, Point, State, Transfer } from './types.js';

/** Money from selling a tile (rulebook "Vendre une tuile quartier", C4). */
export const SALE_PRICE = 5;
export const LAST_ROUND = 4;

/** Collects events and keeps the state they lead to, so forced steps can look at it. */
class Builder {
  events: Event[] = [];
  constructor(public state: State) {}
  emit(e: Event): void {
    this.events.push(e);
    this.state = evolve(this.state, e);
  }
}

type Refusal = Result<never>;

/**
 * Checks a move and returns its events, followed by every forced step (draft passing, the last
 * tile of a hand kept automatically, turn changes, phase changes, cleanup, the next round's deal,
 * the end of the game) until someone must act or the game is over.
 */
export function decide(state: State, move: Move, seat: Seat): Result<Event[]> {
  const b = new Builder(state);
  const refused = act(b, move, seat);
  return refused ?? ok(b.events);
}

function act(b: Builder, move: Move, seat: Seat): Refusal | null {
  const s = b.state;
  const phaseOf: Record<Move['type'], State['phase']> = {
    keepTile: 'draft',
    buildDistrict: 'construction',
    buildPlant: 'construction',
    sellTile: 'construction',
    place: 'construction',
    placeTerrain: 'construction',
    supply: 'supply',
    pass: 'supply',
  };
  const wanted = phaseOf[move.type];
  if (wanted === undefined) return refuse('UNKNOWN_MOVE', 'move format', { type: String(move.type) });
  if (s.phase !== wanted)
    return refuse('WRONG_PHASE', 'Séquence de jeu', {
      type: move.type,
      wanted: { key: `phase.${wanted}` },
      phase: { key: `phase.${s.phase}` },
    });
  switch (move.type) {
    case 'keepTile':
      return keepTile(b, seat, move.tile);
    case 'buildDistrict':
    case 'buildPlant':
    case 'sellTile':
      if (s.pending) return refuse('PLACEMENT_PENDING', 'C4');
      if (!s.kept[seat]!.includes(move.tile)) return refuse('TILE_NOT_KEPT', 'C4');
      if (move.type === 'sellTile') {
        b.emit({ type: 'tileSold', seat, tile: move.tile, transfers: [{ from: 'bank', to: seat, amount: SALE_PRICE }] });
        finishAction(b);
        return null;
      }
      if (move.type === 'buildDistrict') {
        const level = Number.isInteger(move.level) ? district(move.tile).build[move.level] : undefined;
        if (!level) return refuse('NO_SUCH_COST_LEVEL', 'CT9');
        if (level.cost > s.money[seat]!) return refuse('CANNOT_AFFORD', 'C4', { cost: level.cost });
        b.emit({ type: 'districtRevealed', seat, tile: move.tile, level: move.level });
        return null;
      }
      return buildPlant(b, seat, move.tile, move.plant, move.side);
    case 'place':
      return place(b, seat, move.x, move.y);
    case 'placeTerrain':
      return placeTerrain(b, seat, move.x, move.y);
    case 'supply':
      return supply(b, seat, move);
    case 'pass':
      b.emit({ type: 'supplyPassed', seat, forced: false });
      nextSupplyTurn(b);
      return null;
  }
}

function keepTile(b: Builder, seat: Seat, tile: string): Refusal | null {
  const s = b.state;
  if (s.picked[seat]) return refuse('ALREADY_KEPT', 'C3');
  if (!s.hands[seat]!.includes(tile)) return refuse('TILE_NOT_IN_HAND', 'C3');
  b.emit({ type: 'tileKept', seat, tile });
  settleDraft(b);
  return null;
}

/**
 * When every seat has kept a tile, the rest of each hand goes to the neighbour (C3, CT1); a hand
 * of one tile is kept at once (CT10); with no tiles left, construction starts.
 */
function settleDraft(b: Builder): void {
  for (;;) {
    const s = b.state;
    if (s.hands.some((h, seat) => h.length > 0 && !s.picked[seat])) return;
    if (s.hands.every((h) => h.length === 0)) {
      b.emit({ type: 'constructionStarted', turn: 0 });
      return;
    }
    const n = s.players;
    const hands = s.hands.map((_, seat) => [...s.hands[s.draftPass === 'right' ? (seat + 1) % n : (seat + n - 1) % n]!]);
    b.emit({ type: 'handsPassed', hands });
    if (hands.every((h) => h.length === 1)) hands.forEach((h, seat) => b.emit({ type: 'tileKept', seat, tile: h[0]! }));
  }
}

function buildPlant(b: Builder, seat: Seat, tile: string, kind: 'power' | 'water', side: 'a' | 'b'): Refusal | null {
  const s = b.state;
  const top = s.plantStacks[kind]?.[0];
  if (!top) return refuse('PLANT_STACK_EMPTY', 'C4', { kind: { key: `plant.${kind}` } });
  const face = plant(top)[side];
  if (!face) return refuse('NO_SUCH_SIDE', 'C4');
  if (face.cost > s.money[seat]!) return refuse('CANNOT_AFFORD', 'C4', { plant: top, side, cost: face.cost }, 'CANNOT_AFFORD.plant');
  b.emit({ type: 'plantRevealed', seat, tile, plant: top, side });
  return null;
}

function placementProblem(s: State, x: number, y: number): Refusal | null {
  if (s.cells[key(x, y)]) return refuse('CELL_OCCUPIED', 'C1');
  if (!inBounds(s.players, x, y))
    return s.players <= 3 ? refuse('OUTSIDE_MAP', 'C1', { players: s.players }) : refuse('OUTSIDE_MAP', 'C1', {}, 'OUTSIDE_MAP.beyond');
  if (!canPlace(s.cells, s.players, x, y)) return refuse('NOT_ADJACENT', 'C1');
  return null;
}

function place(b: Builder, seat: Seat, x: number, y: number): Refusal | null {
  const s = b.state;
  const p = s.pending;
  if (!p || p.kind === 'terrain') return refuse('NOTHING_TO_PLACE', 'C4', {}, p ? 'NOTHING_TO_PLACE.terrain' : 'NOTHING_TO_PLACE');
  const problem = placementProblem(s, x, y);
  if (problem) return problem;
  if (p.kind === 'plant') {
    const face = plant(p.plant)[p.side];
    b.emit({ type: 'plantBuilt', seat, plant: p.plant, side: p.side, x, y, transfers: [{ from: seat, to: 'bank', amount: face.cost }] });
    finishAction(b);
    return null;
  }
  const d = district(p.tile);
  const level = d.build[p.level]!;
  const typeVp = d.typeCount ? d.typeCount.vp * countOwned(s, seat, d.typeCount.type) : 0;
  const transfers: Transfer[] = [{ from: seat, to: 'bank', amount: level.cost }];
  if (level.bonus.money > 0) transfers.push({ from: 'bank', to: seat, amount: level.bonus.money });
  b.emit({
    type: 'districtBuilt',
    seat,
    tile: p.tile,
    level: p.level,
    x,
    y,
    transfers,
    vp: level.bonus.vp + typeVp,
    goods: level.bonus.goods,
  });
  settleTerrain(b, seat);
  return null;
}

function placeTerrain(b: Builder, seat: Seat, x: number, y: number): Refusal | null {
  const p = b.state.pending;
  if (!p || p.kind !== 'terrain') return refuse('NO_TERRAIN_TO_PLACE', 'C5');
  if (b.state.cells[key(x, y)]) return refuse('CELL_OCCUPIED', 'C1');
  if (!freeAround(b.state.cells, b.state.players, p.x, p.y).some((c) => c.x === x && c.y === y)) {
    return refuse('TERRAIN_NOT_ADJACENT', 'CT3');
  }
  b.emit({ type: 'terrainPlaced', seat, terrain: p.terrain, x, y });
  settleTerrain(b, seat);
  return null;
}

/** Terrain that finds no free adjacent place, or no tile left in the box, is not placed (C5, CT3). */
function settleTerrain(b: Builder, seat: Seat): void {
  const p = b.state.pending;
  if (!p) return finishAction(b);
  if (p.kind !== 'terrain') return;
  if (b.state.terrainLeft > 0 && freeAround(b.state.cells, b.state.players, p.x, p.y).length > 0) return;
  b.emit({ type: 'terrainSkipped', seat, terrain: p.terrain, count: p.remaining });
  finishAction(b);
}

/** The next seat in turn order with kept tiles acts; with none left, supply starts (C4). */
function finishAction(b: Builder): void {
  const s = b.state;
  const n = s.players;
  for (let i = 1; i <= n; i++) {
    const idx = (s.turn + i) % n;
    if (s.kept[s.order[idx]!]!.length > 0) {
      if (idx !== s.turn) b.emit({ type: 'turnChanged', turn: idx });
      return;
    }
  }
  b.emit({ type: 'supplyStarted', turn: 0 });
}

function supply(b: Builder, seat: Seat, move: Extract<Move, { type: 'supply' }>): Refusal | null {
  const s = b.state;
  const c = s.cells[key(move.x, move.y)];
  if (!c || c.kind !== 'district' || c.owner !== seat) return refuse('NOT_YOUR_DISTRICT', 'C6');
  if (c.supplied) return refuse('ALREADY_SUPPLIED', 'C6');
  const d = district(c.tile!);
  const option = d.options[move.option];
  if (!option) return refuse('NO_SUCH_OPTION', 'C6', { count: d.options.length, option: String(move.option) });
  if (s.goods[seat]! < option.needs.goods) return refuse('NOT_ENOUGH_GOODS', 'C6');
  let cubes: CubeRoute[];
  if (move.routes !== undefined) {
    // C8: the client names the route and source of every electricity and water cube; the server checks them.
    cubes = [];
    const taken = new Map<string, number>();
    for (const r of move.routes) {
      const src = r.path[0];
      const sc = src ? s.cells[key(src.x, src.y)] : undefined;
      if (!sc || !sc.plant) return refuse('ROUTE_NOT_FROM_PLANT', 'C8');
      const priced = priceRoute(s.cells, seat, sc.plant, r.path, move);
      if (!('transfers' in priced)) return refuse(priced.code, 'C8', priced.params, priced.key ?? priced.code);
      const k = key(src!.x, src!.y);
      taken.set(k, (taken.get(k) ?? 0) + 1);
      if (taken.get(k)! > sc.cubes) return refuse('SOURCE_EMPTY', 'C6');
      cubes.push({ resource: sc.plant, path: r.path.map((p: Point) => ({ x: p.x, y: p.y })), cost: priced.cost });
    }
    const power = cubes.filter((r) => r.resource === 'power').length;
    if (power !== option.needs.electricity || cubes.length - power !== option.needs.water) {
      return refuse('ROUTES_DO_NOT_MATCH', 'CT13', { electricity: option.needs.electricity, water: option.needs.water });
    }
    const cost = cubes.reduce((t, r) => t + r.cost, 0);
    if (cost > s.money[seat]!) return refuse('CANNOT_AFFORD_SUPPLY', 'CT7', { cost });
  } else {
    const plan = planDistrict(s, seat, c)[move.option]!;
    if (plan.problem || !plan.cubes)
      return refuse(plan.problem?.code ?? 'NO_CUBES_REACHABLE', 'C6', plan.problem?.params, plan.problem?.key ?? 'NO_CUBES_REACHABLE');
    cubes = plan.cubes;
  }
  const transfers = routeTransfers(s, seat, cubes, move);
  const coop = cooperation(s, move.x, move.y, d.type);
  const income = option.gives.money + coop.money;
  if (income > 0) transfers.push({ from: 'bank', to: seat, amount: income });
  b.emit({
    type: 'districtSupplied',
    seat,
    x: move.x,
    y: move.y,
    option: move.option,
    deliveries: cubes.map((r) => ({ resource: r.resource, path: r.path, cost: r.cost })),
    goodsUsed: option.needs.goods,
    transfers,
    vp: option.gives.vp + coop.vp,
    goods: option.gives.goods,
  });
  nextSupplyTurn(b);
  return null;
}

/** The next seat in turn order that has not passed supplies; when all have passed, the round ends. */
function nextSupplyTurn(b: Builder): void {
  const s = b.state;
  const n = s.players;
  for (let i = 1; i <= n; i++) {
    const idx = (s.turn + i) % n;
    if (!s.passed[s.order[idx]!]) {
      if (idx !== s.turn) b.emit({ type: 'turnChanged', turn: idx });
      return;
    }
  }
  endRound(b);
}

/** Cleanup after rounds 1-3 (C10), then the next round's turn order (C2) and deal (C3); after round 4 the end. */
function endRound(b: Builder): void {
  const s = b.state;
  if (s.round >= LAST_ROUND) {
    b.emit({ type: 'gameEnded' });
    return;
  }
  const recycled = Object.values(s.cells)
    .filter((c) => c.plant !== null && c.recycle > 0)
    .sort((a, c) => a.y - c.y || a.x - c.x)
    .map((c) => ({ x: c.x, y: c.y, cubes: c.recycle }));
  b.emit({ type: 'cleanedUp', recycled });
  const order = nextOrder(b.state);
  const stack = b.state.stacks[s.round]!;
  const hands = Array.from({ length: s.players }, (_, seat) => stack.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE));
  b.emit({ type: 'roundStarted', round: s.round + 1, order, hands });
}
