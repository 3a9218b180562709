import { ok, reject, type Result, type Seat } from '../../engine/index.js';
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
  if (wanted === undefined) return reject('UNKNOWN_MOVE', `City Tycoon has no move "${String(move.type)}".`, 'move format');
  if (s.phase !== wanted) return reject('WRONG_PHASE', `A ${move.type} move belongs to the ${wanted} phase, but the game is in the ${s.phase} phase (round sequence).`, 'Séquence de jeu');
  switch (move.type) {
    case 'keepTile':
      return keepTile(b, seat, move.tile);
    case 'buildDistrict':
    case 'buildPlant':
    case 'sellTile':
      if (s.pending) return reject('PLACEMENT_PENDING', 'The tile already revealed must be placed (with its terrain) before another action (C4).', 'C4');
      if (!s.kept[seat]!.includes(move.tile)) return reject('TILE_NOT_KEPT', 'An action reveals one of the tiles the player kept in the draft; this tile is not one of them (C4).', 'C4');
      if (move.type === 'sellTile') {
        b.emit({ type: 'tileSold', seat, tile: move.tile, transfers: [{ from: 'bank', to: seat, amount: SALE_PRICE }] });
        finishAction(b);
        return null;
      }
      if (move.type === 'buildDistrict') {
        const level = Number.isInteger(move.level) ? district(move.tile).build[move.level] : undefined;
        if (!level) return reject('NO_SUCH_COST_LEVEL', 'The level chosen is not one of the costs printed on this district (variable cost, CT9).', 'CT9');
        if (level.cost > s.money[seat]!) return reject('CANNOT_AFFORD', `Building this district costs $${level.cost}, more than the player has (C4).`, 'C4');
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
  if (s.picked[seat]) return reject('ALREADY_KEPT', 'The player has already kept a tile in this pass of the draft (C3).', 'C3');
  if (!s.hands[seat]!.includes(tile)) return reject('TILE_NOT_IN_HAND', 'A player keeps one of the tiles in their own draft hand; this tile is not in it (C3).', 'C3');
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
  if (!top) return reject('PLANT_STACK_EMPTY', `No ${kind === 'power' ? 'power plant' : 'water station'} is left to build (C4).`, 'C4');
  const face = plant(top)[side];
  if (!face) return reject('NO_SUCH_SIDE', 'A plant has two sides, a and b (C4).', 'C4');
  if (face.cost > s.money[seat]!) return reject('CANNOT_AFFORD', `Building ${top} on side ${side} costs $${face.cost}, more than the player has (C4).`, 'C4');
  b.emit({ type: 'plantRevealed', seat, tile, plant: top, side });
  return null;
}

function placementProblem(s: State, x: number, y: number): Refusal | null {
  if (s.cells[key(x, y)]) return reject('CELL_OCCUPIED', 'A tile already lies on that square of the map (C1).', 'C1');
  if (!inBounds(s.players, x, y)) return reject('OUTSIDE_MAP', s.players <= 3 ? `With ${s.players} players nothing may be placed on the closed sides of the starting block (C1).` : 'That square is beyond the map coordinates the server accepts (C1).', 'C1');
  if (!canPlace(s.cells, s.players, x, y)) return reject('NOT_ADJACENT', 'A new tile must share an edge with a tile already placed (C1).', 'C1');
  return null;
}

function place(b: Builder, seat: Seat, x: number, y: number): Refusal | null {
  const s = b.state;
  const p = s.pending;
  if (!p || p.kind === 'terrain') return reject('NOTHING_TO_PLACE', p ? 'The terrain tiles of the new district are placed with placeTerrain (C5).' : 'Reveal a tile with buildDistrict or buildPlant before placing it (C4).', 'C4');
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
  b.emit({ type: 'districtBuilt', seat, tile: p.tile, level: p.level, x, y, transfers, vp: level.bonus.vp + typeVp, goods: level.bonus.goods });
  settleTerrain(b, seat);
  return null;
}

function placeTerrain(b: Builder, seat: Seat, x: number, y: number): Refusal | null {
  const p = b.state.pending;
  if (!p || p.kind !== 'terrain') return reject('NO_TERRAIN_TO_PLACE', 'Terrain tiles are placed only right after building a district with a terrain icon (C5).', 'C5');
  if (b.state.cells[key(x, y)]) return reject('CELL_OCCUPIED', 'A tile already lies on that square of the map (C1).', 'C1');
  if (!freeAround(b.state.cells, b.state.players, p.x, p.y).some((c) => c.x === x && c.y === y)) {
    return reject('TERRAIN_NOT_ADJACENT', 'Terrain tiles go on free squares sharing an edge with the district just built, inside the map (C5, CT3).', 'CT3');
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
  if (!c || c.kind !== 'district' || c.owner !== seat) return reject('NOT_YOUR_DISTRICT', 'A player supplies only one of their own districts (C6).', 'C6');
  if (c.supplied) return reject('ALREADY_SUPPLIED', 'A district is supplied at most once a round (C6).', 'C6');
  const d = district(c.tile!);
  const option = d.options[move.option];
  if (!option) return reject('NO_SUCH_OPTION', `This district has ${d.options.length} supply option(s); option ${move.option} does not exist (C6).`, 'C6');
  if (s.goods[seat]! < option.needs.goods) return reject('NOT_ENOUGH_GOODS', 'The player holds fewer goods than this option needs (C6).', 'C6');
  let cubes: CubeRoute[];
  if (move.routes !== undefined) {
    // C8: the client names the route and source of every electricity and water cube; the server checks them.
    cubes = [];
    const taken = new Map<string, number>();
    for (const r of move.routes) {
      const src = r.path[0];
      const sc = src ? s.cells[key(src.x, src.y)] : undefined;
      if (!sc || !sc.plant) return reject('ROUTE_NOT_FROM_PLANT', 'Each route must start on a power plant or a water station (C6, C8).', 'C8');
      const priced = priceRoute(s.cells, seat, sc.plant, r.path, move);
      if (!('transfers' in priced)) return reject(priced.code, `The route given is not legal: ${priced.message}.`, 'C8');
      const k = key(src!.x, src!.y);
      taken.set(k, (taken.get(k) ?? 0) + 1);
      if (taken.get(k)! > sc.cubes) return reject('SOURCE_EMPTY', 'The routes take more cubes from a plant than it holds (C6).', 'C6');
      cubes.push({ resource: sc.plant, path: r.path.map((p: Point) => ({ x: p.x, y: p.y })), cost: priced.cost });
    }
    const power = cubes.filter((r) => r.resource === 'power').length;
    if (power !== option.needs.electricity || cubes.length - power !== option.needs.water) {
      return reject('ROUTES_DO_NOT_MATCH', `This option needs ${option.needs.electricity} electricity and ${option.needs.water} water cube(s): give one route per cube, all at once (C6, CT13).`, 'CT13');
    }
    const cost = cubes.reduce((t, r) => t + r.cost, 0);
    if (cost > s.money[seat]!) return reject('CANNOT_AFFORD_SUPPLY', `Carrying these cubes costs $${cost}, more than the player has (C7, CT7).`, 'CT7');
  } else {
    const plan = planDistrict(s, seat, c)[move.option]!;
    if (plan.problem || !plan.cubes) return reject(plan.problem?.code ?? 'NO_CUBES_REACHABLE', `This option cannot be delivered: ${plan.problem?.message ?? 'no route'}.`, 'C6');
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
