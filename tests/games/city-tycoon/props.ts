/** Shared pieces of the city-tycoon property tests: invariants, candidate moves, secrets. */
import type { Move, Rng, Seat } from '../../../src/engine/index.js';
import { DISTRICT_IDS } from '../../../src/games/city-tycoon/data.js';
import type { Event, State, Transfer } from '../../../src/games/city-tycoon/types.js';
import { districtLocations } from './helpers.js';

export const SCALE = Number(process.env.PROPERTY_SCALE ?? '1');
export const count = (n: number) => Math.max(1, Math.round(n * SCALE));
const ALL_TILES = [...DISTRICT_IDS].sort().join();

/** Throws with `what` unless `ok` (plain checks: vitest's expect is too slow for every step). */
export function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

/** Conservation and money checks that hold after every move. */
export function invariant(initialTotal: number) {
  return (s: State) => {
    check(
      s.money.every((m) => m >= 0),
      `money never negative: ${s.money}`,
    );
    check(s.money.reduce((a, b) => a + b, 0) + s.bank === initialTotal, 'money is only moved, never made: sum(money) + bank is constant');
    check(districtLocations(s).sort().join() === ALL_TILES, 'each of the 120 districts is in exactly one place');
    const cells = Object.values(s.cells);
    const plants =
      cells.filter((c) => c.kind === 'plant').length +
      s.plantStacks.power.length +
      s.plantStacks.water.length +
      (s.pending?.kind === 'plant' ? 1 : 0);
    check(plants === 12, `12 plants, found ${plants}`);
    check(cells.filter((c) => c.kind === 'forest' || c.kind === 'water').length + s.terrainLeft === 32, '32 terrain tiles');
    check(
      cells.every((c) => c.cubes >= 0),
      'plant cubes never negative',
    );
    check(
      s.goods.every((g) => g >= 0),
      'goods never negative',
    );
  };
}

const mv = (o: Record<string, unknown>): Move => o as unknown as Move;

/** Plausible but possibly illegal moves: other seats' tiles, shifted squares, bad levels, options and routes. */
export function candidates(s: State, seat: Seat, legal: Move[], rng: Rng): Move[] {
  const out: Move[] = [];
  const other = (seat + 1) % s.players;
  const foreign = [...(s.hands[other] ?? []), ...(s.kept[other] ?? []), ...(s.stacks[s.round - 1] ?? []).slice(0, 1)];
  for (const t of foreign.slice(0, 2)) {
    out.push(mv({ type: 'keepTile', tile: t }), mv({ type: 'sellTile', tile: t }), mv({ type: 'buildDistrict', tile: t, level: 0 }));
  }
  const pick = legal.length > 0 ? rng.pick(legal) : null;
  const m = pick as (Move & Record<string, unknown>) | null;
  if (m && typeof m.x === 'number' && typeof m.y === 'number') {
    out.push(mv({ ...m, x: m.x + 1 }), mv({ ...m, y: m.y - 1 }), mv({ ...m, x: 40, y: -40 }), mv({ ...m, x: 0, y: 0 }));
  }
  if (m && m.type === 'buildDistrict') out.push(mv({ ...m, level: (m.level as number) + 1 }));
  if (m && m.type === 'buildPlant')
    out.push(mv({ ...m, side: m.side === 'a' ? 'b' : 'a' }), mv({ ...m, plant: m.plant === 'power' ? 'water' : 'power' }));
  if (m && m.type === 'supply') {
    out.push(mv({ ...m, option: (m.option as number) + 1 }));
    const here = { x: m.x as number, y: m.y as number };
    out.push(mv({ ...m, routes: [{ path: [here, here] }] }));
    out.push(mv({ ...m, routes: [{ path: [{ x: 0, y: 0 }, { x: 1, y: 1 }, here] }] }));
  }
  // a move of another phase, and the other seat's supply of its own district
  out.push(mv({ type: 'pass' }), mv({ type: 'place', x: 2, y: 2 }), mv({ type: 'placeTerrain', x: -1, y: -1 }));
  for (const c of Object.values(s.cells)) {
    if (c.kind === 'district' && c.owner !== seat) {
      out.push(mv({ type: 'supply', x: c.x, y: c.y, option: 0 }));
      break;
    }
  }
  // five of them per step, drawn at random: enough to reach every kind over a game, cheap enough for many games
  return rng.shuffle(out).slice(0, 5);
}

/**
 * Another seat's hand and kept tiles, the undealt stacks and the generator state are secret.
 * `allSecrets` lists them all; `secrets` (for checkRandomGame, which runs one `expect` per secret,
 * viewer and step) checks a window of four that moves with the state, plus the generator state,
 * so that a game still visits every kind of secret.
 */
export function allSecrets(s: State, viewer: Seat | null): string[] {
  const out = s.stacks.flatMap((st) => st.slice(0, 3)).map((t) => `"${t}"`);
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === viewer) continue;
    for (const t of [...s.hands[seat]!, ...s.kept[seat]!]) out.push(`"${t}"`);
  }
  return out;
}

export function secrets(s: State, viewer: Seat | null): string[] {
  const all = allSecrets(s, viewer);
  const offset =
    (Object.keys(s.cells).length * 7 + s.money.reduce((a, b) => a + b, 0) + (viewer ?? s.players) * 3 + s.hands.flat().length) %
    Math.max(1, all.length);
  const window = all.length <= 4 ? all : Array.from({ length: 4 }, (_, i) => all[(offset + i) % all.length]!);
  return [...window, JSON.stringify(s.rng)];
}

export const startTotal = (players: number) => Array.from({ length: players }, (_, i) => 20 + 2 * i).reduce((a, b) => a + b, 0);

/** Money each seat gains or loses from the transfers of some events. */
export function transferDelta(events: readonly Event[], players: number): number[] {
  const d = Array.from({ length: players }, () => 0);
  for (const e of events) {
    const transfers: Transfer[] = 'transfers' in e ? e.transfers : [];
    for (const t of transfers) {
      check(t.amount > 0 && t.from !== t.to, `a transfer moves a positive amount between two parties: ${JSON.stringify(t)}`);
      if (t.from !== 'bank') d[t.from] = d[t.from]! - t.amount;
      if (t.to !== 'bank') d[t.to] = d[t.to]! + t.amount;
    }
  }
  return d;
}
