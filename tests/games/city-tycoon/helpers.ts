import { applyMove } from '../../../src/engine/index.js';
import { cityTycoon } from '../../../src/games/city-tycoon/index.js';
import { cell } from '../../../src/games/city-tycoon/evolve.js';
import { key } from '../../../src/games/city-tycoon/map.js';
import type { Cell, Event, Move, Options, State } from '../../../src/games/city-tycoon/types.js';

export const game = cityTycoon;
export const OPTIONS: Options = { draftPass: 'right' };

export function newGame(players: number, seed = 'seed', options: Options = OPTIONS): State {
  return cityTycoon.setup({ players, options, seed });
}

/** Applies a move through the kernel (turn checks included); throws with the refusal otherwise. */
export function play(state: State, seat: number, move: Move): { state: State; events: Event[] } {
  const r = applyMove<State>(cityTycoon, state, move, seat);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
  return { state: r.value.state, events: r.value.events as Event[] };
}

/** The refusal code of a move (the move must be refused). */
export function refusal(state: State, seat: number, move: Move): string {
  const r = applyMove<State>(cityTycoon, state, move, seat);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  return r.error.code;
}

/**
 * Builds a cell table from a picture, two characters per square, rows north to south, the first
 * square of the first row at (x0, y0):
 *   ..  empty           cP cW cD  the city's power plant, water station, district
 *   P0  power plant of seat 0     W1  water station of seat 1
 *   D0  district of seat 0 (tile `districtTile`)    F1  forest of seat 1    ~~  water
 * Plants hold `cubes` cubes (the city's too).
 */
export function mapOf(rows: string[], x0 = 0, y0 = 0, cubes = 3, districtTile = 't1_01'): Record<string, Cell> {
  const cells: Record<string, Cell> = {};
  rows.forEach((row, dy) => {
    const squares = row.replace(/\s+/g, '').match(/.{2}/g) ?? [];
    squares.forEach((sq, dx) => {
      const x = x0 + dx;
      const y = y0 + dy;
      const [a, b] = sq;
      const owner = b !== undefined && /\d/.test(b) ? Number(b) : null;
      let c: Cell | null = null;
      if (sq === '..') return;
      if (sq === '~~') c = cell(x, y, 'water', null, null);
      else if (sq === 'cP') c = { ...cell(x, y, 'city', null, 'cityPower'), plant: 'power', cubes };
      else if (sq === 'cW') c = { ...cell(x, y, 'city', null, 'cityWater'), plant: 'water', cubes };
      else if (sq === 'cD') c = cell(x, y, 'city', null, 'cityDistrict');
      else if (a === 'P') c = { ...cell(x, y, 'plant', owner, 'power1'), plant: 'power', side: 'a', cubes };
      else if (a === 'W') c = { ...cell(x, y, 'plant', owner, 'water1'), plant: 'water', side: 'a', cubes };
      else if (a === 'D') c = cell(x, y, 'district', owner, districtTile);
      else if (a === 'F') c = cell(x, y, 'forest', owner, null);
      if (!c) throw new Error(`bad square "${sq}"`);
      cells[key(x, y)] = c;
    });
  });
  return cells;
}

/**
 * A state in the supply phase of round 1 with the given map, `order` as turn order (first to act
 * first), everyone with `money` dollars.
 */
export function supplyState(players: number, cells: Record<string, Cell>, money = 30, order?: number[]): State {
  const s = newGame(players);
  return {
    ...s,
    phase: 'supply',
    order: order ?? s.order.slice().sort((a, b) => a - b),
    turn: 0,
    money: Array.from({ length: players }, () => money),
    hands: s.hands.map(() => []),
    kept: s.kept.map(() => []),
    stacks: s.stacks.map((st, i) => (i === 0 ? [...st, ...s.hands.flat()] : st)),
    cells,
  };
}

/** Sets the tile of a district cell. */
export function withTile(cells: Record<string, Cell>, x: number, y: number, tile: string): Record<string, Cell> {
  return { ...cells, [key(x, y)]: { ...cells[key(x, y)]!, tile } };
}

/** Plays the whole draft with every seat keeping the first tile of its hand. */
export function draftFirst(state: State): State {
  let s = state;
  while (s.phase === 'draft') {
    const seat = cityTycoon.toMove(s)[0]!;
    s = play(s, seat, { type: 'keepTile', tile: s.hands[seat]![0]! }).state;
  }
  return s;
}

/** Every district tile id present somewhere in the state (conservation checks). */
export function districtLocations(s: State): string[] {
  const out = [...s.stacks.flat(), ...s.hands.flat(), ...s.kept.flat(), ...s.discard];
  for (const c of Object.values(s.cells)) if (c.kind === 'district') out.push(c.tile!);
  if (s.pending?.kind === 'district') out.push(s.pending.tile);
  return out;
}

/** A construction-phase state: seats in order 0..n-1, seat 0 to act, the given kept tiles and money. */
export function constructionState(players: number, kept: string[][], money = 30): State {
  const s = newGame(players);
  const used = new Set(kept.flat());
  return {
    ...s,
    phase: 'construction',
    order: Array.from({ length: players }, (_, i) => i),
    turn: 0,
    money: Array.from({ length: players }, () => money),
    hands: s.hands.map(() => []),
    kept: Array.from({ length: players }, (_, i) => kept[i] ?? []),
    picked: s.picked.map(() => true),
    stacks: s.stacks.map((st, i) => (i === 0 ? [...st, ...s.hands.flat()] : st).filter((t) => !used.has(t))),
  };
}
