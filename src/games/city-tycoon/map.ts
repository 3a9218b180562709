import type { Cell, Point } from './types.js';

/**
 * The map is a square grid (ruling C1): x grows to the east, y to the south; the starting block
 * covers x 0..1, y 0..1. Cells are stored by the key `x,y`.
 */

/** Coordinates the move schemas accept: far beyond what 168 tiles can reach from the start block. */
export const COORD_LIMIT = 200;

export const key = (x: number, y: number): string => `${x},${y}`;

/** Orthogonal neighbours in a fixed order (north, east, south, west): route ties depend on it. */
export const STEPS: readonly Point[] = [
  { x: 0, y: -1 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
];

/**
 * The keys of the cells around (x, y), in STEPS order, built once per position: the evaluation reads
 * them for every district of every position a search visits, and building the strings dominated it.
 */
export function neighbourKeys(x: number, y: number): readonly string[] {
  const id = (x + 1024) * 4096 + (y + 1024);
  let keys = keysAround.get(id);
  if (!keys) keysAround.set(id, (keys = STEPS.map((d) => key(x + d.x, y + d.y))));
  return keys;
}

const keysAround = new Map<number, readonly string[]>();

export function neighbours(x: number, y: number): Point[] {
  return STEPS.map((d) => ({ x: x + d.x, y: y + d.y }));
}

/**
 * Ruling C1: with 2 players nothing goes south of or east of the starting block (y > 1 or x > 1);
 * with 3 players nothing south of it (y > 1). Otherwise the map is unbounded.
 */
export function inBounds(players: number, x: number, y: number): boolean {
  if (Math.abs(x) > COORD_LIMIT || Math.abs(y) > COORD_LIMIT) return false;
  if (players <= 3 && y > 1) return false;
  if (players === 2 && x > 1) return false;
  return true;
}

/**
 * Empty in-bounds cells sharing an edge with a placed tile, sorted north to south, west to east.
 * Cached per cell table (tables are replaced, never mutated); callers must not modify the result.
 */
export function frontier(cells: Record<string, Cell>, players: number): Point[] {
  let byPlayers = frontiers.get(cells);
  if (!byPlayers) frontiers.set(cells, (byPlayers = new Map()));
  let f = byPlayers.get(players);
  if (!f) byPlayers.set(players, (f = computeFrontier(cells, players)));
  return f;
}

const frontiers = new WeakMap<Record<string, Cell>, Map<number, Point[]>>();

function computeFrontier(cells: Record<string, Cell>, players: number): Point[] {
  const seen = new Set<string>();
  const out: Point[] = [];
  for (const c of Object.values(cells)) {
    const keys = neighbourKeys(c.x, c.y);
    for (let i = 0; i < STEPS.length; i++) {
      const k = keys[i]!;
      const n = { x: c.x + STEPS[i]!.x, y: c.y + STEPS[i]!.y };
      if (seen.has(k) || cells[k] || !inBounds(players, n.x, n.y)) continue;
      seen.add(k);
      out.push(n);
    }
  }
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Empty in-bounds cells next to (x, y), where a district's terrain tiles may go (C5). */
export function freeAround(cells: Record<string, Cell>, players: number, x: number, y: number): Point[] {
  return neighbours(x, y).filter((n) => !cells[key(n.x, n.y)] && inBounds(players, n.x, n.y));
}

export function canPlace(cells: Record<string, Cell>, players: number, x: number, y: number): boolean {
  if (cells[key(x, y)] || !inBounds(players, x, y)) return false;
  return neighbours(x, y).some((n) => cells[key(n.x, n.y)] !== undefined);
}
