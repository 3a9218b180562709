/**
 * City Tycoon for bots (src/engine/bot.ts): a state sampled from a seat's view and history, and an
 * evaluation from the rulebook's economy.
 *
 * Hidden (C12): the round stacks, other seats' draft hands and kept tiles, the generator. A sample
 * deals the district tiles the seat has not seen into those places, round by round (a round's
 * tiles only ever sit in its own stack, or in this round's hands and kept tiles), respecting
 * what the seat saw in this round's draft (draft.ts): a hand it passed on holds tiles of that hand
 * only, each seat that kept from it after the seat took one of them.
 */
import type { GameBot, Json, Rng, Seat } from '../../engine/index.js';
import { district, plant, ROUND_TILES } from './data.js';
import { readDraft } from './draft.js';
import { key } from './map.js';
import { cooperation } from './rules.js';
import type { CityTycoonView } from './schema.js';
import type { Cell, District, Resource, State } from './types.js';

const LAST_ROUND = 4;

interface Known {
  base: State;
  seat: Seat;
  /** Per round (index 0 = round I): tiles the seat has not seen anywhere. */
  unseen: string[][];
  draft: ReturnType<typeof readDraft>;
}

const known = new WeakMap<object, Known>();

function read(view: CityTycoonView, history: readonly Json[], seat: Seat): Known {
  const cached = known.get(view);
  if (cached && cached.seat === seat) return cached;
  const n = view.players.length;
  const bySeat = view.players.slice().sort((a, b) => a.seat - b.seat);
  const cells: Record<string, Cell> = {};
  for (const c of view.map) {
    cells[key(c.x, c.y)] = {
      x: c.x,
      y: c.y,
      kind: c.kind,
      owner: c.owner,
      tile: c.tile,
      plant: c.resource,
      side: c.side,
      cubes: c.cubes,
      recycle: c.recycle,
      supplied: c.supplied && { ...c.supplied },
    };
  }
  const p = view.pending;
  const hand = (view.hand ?? []).map((f) => f.id);
  const kept = (view.kept ?? []).map((f) => f.id);
  const seen = new Set<string>([...view.discard, ...hand, ...kept]);
  for (const c of view.map) if (c.kind === 'district' && c.tile) seen.add(c.tile);
  if (p && p.kind !== 'terrain') seen.add(p.tile);
  const base: State = {
    players: n,
    draftPass: view.draftPass,
    round: view.round,
    phase: view.phase,
    order: view.order.slice(),
    turn: view.turn === null ? 0 : Math.max(0, view.order.indexOf(view.turn)),
    money: bySeat.map((x) => x.money),
    vp: bySeat.map((x) => x.vp),
    goods: bySeat.map((x) => x.goods),
    bank: view.bank,
    stacks: [],
    hands: bySeat.map((x) => (x.seat === seat ? hand : [])),
    picked: bySeat.map((x) => x.keptThisPass),
    kept: bySeat.map((x) => (x.seat === seat ? kept : [])),
    discard: view.discard.slice(),
    pending:
      p === null
        ? null
        : p.kind === 'terrain'
          ? { kind: 'terrain', terrain: p.terrain, remaining: p.remaining, x: p.x, y: p.y }
          : p.kind === 'district'
            ? { kind: 'district', tile: p.tile, level: p.level }
            : { kind: 'plant', tile: p.tile, plant: p.plant, side: p.side },
    passed: bySeat.map((x) => x.passed),
    plantStacks: { power: view.plantStacks.power.map((x) => x.id), water: view.plantStacks.water.map((x) => x.id) },
    terrainLeft: view.terrainLeft,
    cells,
    rng: [0, 0, 0, 0],
  };
  const unseen = ROUND_TILES.map((tiles) => tiles.filter((t) => !seen.has(t)));
  const out: Known = { base, seat, unseen, draft: readDraft(history, seat, n, view.draftPass, view.round) };
  known.set(view, out);
  return out;
}

/**
 * A full state: past and future rounds' stacks hold their unseen tiles; this round's unseen tiles
 * go first where the draft says they must be, then at random into other seats' hands and kept
 * tiles (sizes from the view), the rest into this round's stack.
 */
export function determinize(view: Json, history: readonly Json[], seat: Seat, rng: Rng): State {
  const v = view as unknown as CityTycoonView;
  const k = read(v, history, seat);
  const n = k.base.players;
  const r = k.base.round - 1;
  const hands = k.base.hands.map((h) => h.slice());
  const kept = k.base.kept.map((h) => h.slice());
  const sizes = [...v.players].sort((a, b) => a.seat - b.seat);
  let pool = rng.shuffle(k.unseen[r]!);
  // Tiles the seat watched pass on: each keeper after it took one of them, the holder has the rest.
  const placed = new Set<string>();
  for (const rec of k.draft.records) {
    const tiles = rng.shuffle(rec.tiles.filter((t) => !placed.has(t) && pool.includes(t)));
    if (tiles.length < rec.keepers.length) continue;
    const rest = tiles.slice(rec.keepers.length);
    const room = (s: Seat) => sizes[s]!.keptCount - kept[s]!.length - rec.keepers.filter((x) => x === s).length;
    if (rec.keepers.some((s) => room(s) < 0)) continue;
    if (rec.holder !== null && hands[rec.holder]!.length + rest.length > sizes[rec.holder]!.handSize) continue;
    rec.keepers.forEach((s, i) => {
      kept[s]!.push(tiles[i]!);
      placed.add(tiles[i]!);
    });
    if (rec.holder !== null) {
      hands[rec.holder]!.push(...rest);
      for (const t of rest) placed.add(t);
    }
  }
  pool = pool.filter((t) => !placed.has(t));
  for (let s = 0; s < n; s++) {
    if (s === seat) continue;
    while (hands[s]!.length < sizes[s]!.handSize) hands[s]!.push(pool.pop()!);
    while (kept[s]!.length < sizes[s]!.keptCount) kept[s]!.push(pool.pop()!);
  }
  if (
    pool.some((t) => t === undefined) ||
    hands.some((h) => h.includes(undefined as never)) ||
    kept.some((h) => h.includes(undefined as never))
  ) {
    throw new Error('city-tycoon: the view hides more tiles than are unseen');
  }
  const stacks = k.unseen.map((tiles, i) => (i === r ? pool : rng.shuffle(tiles)));
  stacks.forEach((st, i) => {
    if (st.length !== v.stackSizes[i])
      throw new Error(`city-tycoon: round ${i + 1} stack of ${st.length} tiles, the view says ${v.stackSizes[i]}`);
  });
  return { ...k.base, stacks, hands, kept, rng: [rng.next(), rng.next(), rng.next(), rng.next()] };
}

/**
 * Supply phases still ahead in which a district may pay: this round's while it has not paid and
 * its owner has not passed (C6), and each later round's.
 */
function suppliesLeft(s: State, c: Cell | null, owner: Seat): number {
  if (s.phase === 'over') return 0;
  const thisRound = (c === null || c.supplied === null) && !(s.phase === 'supply' && s.passed[owner]) ? 1 : 0;
  return LAST_ROUND - s.round + thisRound;
}

/** What money is worth in points now: $10 a point at the end (C11), more while it can still build. */
const moneyWeight = (s: State): number => (s.phase === 'over' ? 0.1 : 0.1 + 0.035 * (LAST_ROUND - s.round + 1));

/** One supply of a district's best option, in points, cubes and goods it needs priced in (read once per district and money weight). */
function supplyValue(d: District, w: number): number {
  let byWeight = supplyValues.get(d);
  if (!byWeight) supplyValues.set(d, (byWeight = new Map()));
  let v = byWeight.get(w);
  if (v === undefined) byWeight.set(w, (v = bestSupply(d, w)));
  return v;
}

const supplyValues = new Map<District, Map<number, number>>();

function bestSupply(d: District, w: number): number {
  let best = 0;
  for (const o of d.options) {
    const cubes = o.needs.electricity + o.needs.water;
    const v = o.gives.vp + o.gives.money * w + o.gives.goods * 0.35 - cubes * 0.2 - o.needs.goods * 0.35;
    if (v > best) best = v;
  }
  return best;
}

/** Cells of plants of each resource holding cubes (this round's or to recycle): where supplies come from. */
type Sources = Record<Resource, Cell[]>;

/** Nearest plant of a resource holding cubes, by grid steps from a cell (a rough route length). */
function reach(plants: readonly Cell[], c: Cell): number {
  let best = Infinity;
  for (const p of plants) {
    const d = Math.abs(p.x - c.x) + Math.abs(p.y - c.y);
    if (d < best) best = d;
  }
  return best;
}

/** Whether every option of a district needs electricity, and water: read once per tile. */
const needsOf = new Map<string, { power: boolean; water: boolean }>();
function needs(tile: string): { power: boolean; water: boolean } {
  let n = needsOf.get(tile);
  if (!n) {
    const d = district(tile);
    needsOf.set(tile, (n = { power: d.options.every((o) => o.needs.electricity > 0), water: d.options.every((o) => o.needs.water > 0) }));
  }
  return n;
}

/** A district's supplies to come, with the cooperation bonuses of its neighbours (C9). */
function districtWorth(s: State, c: Cell, w: number, sources: Sources): number {
  const d = district(c.tile!);
  const need = needs(c.tile!);
  let feasible = 1;
  if (need.power) feasible *= 1 / (1 + 0.12 * reach(sources.power, c));
  if (need.water) feasible *= 1 / (1 + 0.12 * reach(sources.water, c));
  const coop = cooperation(s, c.x, c.y, d.type);
  return (supplyValue(d, w) + coop.vp + coop.money * w) * feasible * suppliesLeft(s, c, c.owner!);
}

/** A kept tile's worth: the better of selling it ($5) and building it at its first level. */
function tileWorth(s: State, tile: string, w: number, seat: Seat): number {
  const d = district(tile);
  const level = d.build[0]!;
  const built =
    level.bonus.vp +
    level.bonus.money * w +
    level.bonus.goods * 0.35 +
    0.55 * supplyValue(d, w) * suppliesLeft(s, null, seat) -
    level.cost * w;
  return Math.max(5 * w, built);
}

/**
 * Per seat, what each of its districts and plants on the map is worth, in the map's order
 * (`evaluate`'s map part). It reads
 * the cell table, the round and, in the supply phase, who has passed, so it is kept per cell table
 * (tables are replaced, never changed) with the round and passes it was read at: the draft and
 * most construction steps leave the map as it was, and a search evaluates the same map many times.
 */
function mapWorth(s: State, w: number, cleanups: number): number[][] {
  let mask = 0;
  if (s.phase === 'supply') {
    mask = 1;
    s.passed.forEach((p, i) => {
      if (p) mask |= 2 << i;
    });
  }
  const at = s.round * 64 + mask;
  const kept = mapWorths.get(s.cells);
  if (kept && kept.at === at && kept.worth.length === s.players) return kept.worth;
  const cells = Object.values(s.cells);
  const sources: Sources = { power: [], water: [] };
  for (const c of cells) if (c.plant !== null && c.cubes + c.recycle > 0) sources[c.plant].push(c);
  const worth = Array.from({ length: s.players }, (): number[] => []);
  for (const c of cells) {
    if (c.owner === null) continue;
    if (c.kind === 'district') worth[c.owner]!.push(districtWorth(s, c, w, sources));
    else if (c.kind === 'plant') worth[c.owner]!.push(0.25 * (c.cubes + c.recycle * cleanups));
  }
  mapWorths.set(s.cells, { at, worth });
  return worth;
}

const mapWorths = new WeakMap<Record<string, Cell>, { at: number; worth: number[][] }>();

/**
 * Per seat, the final score it is heading for (C11: VP + money / 10): VP, money at its current
 * worth, goods, each own district's best supply and its neighbours' cooperation bonuses for the
 * supply phases left (discounted by how far the nearest plant is), own plants' cubes (others pay tolls for them, C7), kept tiles and the
 * tile being placed. At the end it is the score, money as a fraction for the tie-break.
 */
export function evaluate(s: State): number[] {
  const w = moneyWeight(s);
  const over = s.phase === 'over';
  const cleanups = over ? 0 : LAST_ROUND - s.round;
  const out = s.money.map((m, seat) => (over ? s.vp[seat]! + Math.floor(m / 10) + m / 1000 : s.vp[seat]! + m * w + s.goods[seat]! * 0.3));
  if (over) return out;
  // Added one by one in the map's order, as if read here: the same sums to the last bit.
  const map = mapWorth(s, w, cleanups);
  for (let seat = 0; seat < map.length; seat++) {
    const worths = map[seat]!;
    for (let i = 0; i < worths.length; i++) out[seat]! += worths[i]!;
  }
  s.kept.forEach((tiles, seat) => {
    for (const t of tiles) out[seat]! += tileWorth(s, t, w, seat);
  });
  const p = s.pending;
  if (p && s.phase === 'construction') {
    const seat = s.order[s.turn]!;
    if (p.kind === 'district') {
      const d = district(p.tile);
      const level = d.build[p.level]!;
      out[seat]! +=
        level.bonus.vp +
        level.bonus.money * w +
        level.bonus.goods * 0.35 +
        0.55 * supplyValue(d, w) * suppliesLeft(s, null, seat) -
        level.cost * w;
    } else if (p.kind === 'plant') {
      const face = plant(p.plant)[p.side];
      out[seat]! += 0.25 * (face.cubes + face.recycle * cleanups) - face.cost * w;
    }
  }
  return out;
}

/** Short playouts: a few actions played on, then the evaluation (a whole round is long and noisy). */
export const bot: GameBot<State> = { determinize, evaluate, scale: 2.5, playoutDepth: 12 };
