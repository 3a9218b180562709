/**
 * The geometry of the shared city: tiles on a tile grid, squares on one square grid (M1, E4).
 * Tile position (tx, ty) covers squares x = 3tx..3tx+2, y = 3ty..3ty+2; x grows to the right,
 * y downwards.
 */
import type { Seat } from '../../engine/index.js';
import { COLOUR_LETTER, COLOURS, TILES } from './data.js';
import type { Colour, Direction, MpvState, PlacedTile } from './types.js';

/** Tile coordinates reachable from the first tile at (0, 0) with 36 tiles; square coordinates follow. */
export const TILE_COORD_MIN = -(TILES.length - 1);
export const TILE_COORD_MAX = TILES.length - 1;
export const SQUARE_COORD_MIN = 3 * TILE_COORD_MIN;
export const SQUARE_COORD_MAX = 3 * TILE_COORD_MAX + 2;

/** A square or tile position as text, "x,y" (for sets and messages). */
export const key = (x: number, y: number): string => `${x},${y}`;

/** Seat s plays colour s in the rulebook's order: blue, green, yellow, red (E1). */
export const colourOf = (seat: Seat): Colour => COLOURS[seat]!;
export const letterOf = (seat: Seat): string => COLOUR_LETTER[colourOf(seat)];

/** Turns a 9-letter pattern (rows top to bottom) a quarter turn clockwise. */
export function turnClockwise(pattern: string): string {
  let out = '';
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out += pattern[(2 - c) * 3 + r]!;
  return out;
}

/** A tile's 9 letters after `quarterTurns` clockwise quarter turns, rows top to bottom. */
const ROTATIONS = new Map<string, string[]>(
  TILES.map((t) => {
    const r0 = t.rows.join('');
    const r1 = turnClockwise(r0);
    const r2 = turnClockwise(r1);
    return [t.id, [r0, r1, r2, turnClockwise(r2)]] as const;
  }),
);

export function tilePattern(tile: string, quarterTurns: number): string {
  const p = ROTATIONS.get(tile)?.[quarterTurns];
  if (p === undefined) throw new Error(`unknown tile ${tile} or rotation ${quarterTurns}`);
  return p;
}

/** A tile put on the table: its squares after rotation, none covered yet. */
const FREE = '.........';
export function placedTile(tile: string, x: number, y: number, quarterTurns: number): PlacedTile {
  return { tile, x, y, quarterTurns, squares: tilePattern(tile, quarterTurns), covers: FREE };
}

const TILE_KEY_LIMIT = 64;
const tileKey = (tx: number, ty: number): number => (tx + TILE_KEY_LIMIT) * 256 + (ty + TILE_KEY_LIMIT);

/** Tile positions to indexes in `tiles`, to find squares by coordinates (built once per query). */
export function cityIndex(tiles: readonly PlacedTile[]): Map<number, number> {
  const index = new Map<number, number>();
  tiles.forEach((t, i) => index.set(tileKey(t.x, t.y), i));
  return index;
}

/** Where square (x, y) lies: the index of its tile in `tiles` and its place 0..8 in the tile, or null off the city. */
export function locate(index: Map<number, number>, x: number, y: number): [number, number] | null {
  const tx = Math.floor(x / 3),
    ty = Math.floor(y / 3);
  if (Math.abs(tx) >= TILE_KEY_LIMIT || Math.abs(ty) >= TILE_KEY_LIMIT) return null;
  const i = index.get(tileKey(tx, ty));
  return i === undefined ? null : [i, (y - 3 * ty) * 3 + (x - 3 * tx)];
}

/**
 * The square at (x, y): its letter (B G Y R X), followed by the covering seat's digit when a
 * silhouette lies on it; undefined where there is no tile.
 */
export function squareCode(tiles: readonly PlacedTile[], index: Map<number, number>, x: number, y: number): string | undefined {
  const at = locate(index, x, y);
  if (at === null) return undefined;
  const t = tiles[at[0]]!;
  const cover = t.covers[at[1]]!;
  return cover === '.' ? t.squares[at[1]]! : t.squares[at[1]]! + cover;
}

/** The squares a silhouette covers, first to last (top or left first). */
export function lineSquares(x: number, y: number, length: number, direction: Direction): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < length; i++) out.push(direction === 'horizontal' ? [x + i, y] : [x, y + i]);
  return out;
}

/** Free tile positions sharing a full edge with a placed tile (M1), sorted by y then x. */
export function openTilePositions(tiles: readonly PlacedTile[]): [number, number][] {
  // Positions as numbers (y + 64) * 256 + (x + 64): numeric order is y, then x.
  const code = (x: number, y: number) => (y + TILE_KEY_LIMIT) * 256 + (x + TILE_KEY_LIMIT);
  const taken = new Set<number>();
  for (const t of tiles) taken.add(code(t.x, t.y));
  const open = new Set<number>();
  for (const t of tiles) {
    for (const [dx, dy] of NEIGHBOURS) {
      const c = code(t.x + dx, t.y + dy);
      if (!taken.has(c)) open.add(c);
    }
  }
  return [...open].sort((a, b) => a - b).map((c) => [(c % 256) - TILE_KEY_LIMIT, Math.floor(c / 256) - TILE_KEY_LIMIT]);
}
const NEIGHBOURS = [
  [0, -1],
  [-1, 0],
  [1, 0],
  [0, 1],
] as const;

export type LineProblem = 'OUTSIDE_CITY' | 'SQUARE_COVERED' | 'X_SQUARE_FORBIDDEN' | 'END_ON_X_SQUARE' | 'END_NOT_OWN_COLOUR';

/**
 * Why a silhouette may not lie on these squares for this seat (M3, M4), or null if it may.
 * Checked in this order: every square on a tile; none covered; the version's X rule; both ends
 * on the seat's colour.
 */
export function lineProblem(state: MpvState, seat: Seat, x: number, y: number, length: number, direction: Direction): LineProblem | null {
  const cells: string[] = [];
  const index = cityIndex(state.tiles);
  for (const [sx, sy] of lineSquares(x, y, length, direction)) {
    const c = squareCode(state.tiles, index, sx, sy);
    if (c === undefined) return 'OUTSIDE_CITY';
    cells.push(c);
  }
  if (cells.some((c) => c.length > 1)) return 'SQUARE_COVERED';
  const first = cells[0]!,
    last = cells[cells.length - 1]!;
  if (state.version === 'normal' && cells.some((c) => c === 'X')) return 'X_SQUARE_FORBIDDEN';
  if (first === 'X' || last === 'X') return 'END_ON_X_SQUARE';
  const own = letterOf(seat);
  if (first !== own || last !== own) return 'END_NOT_OWN_COLOUR';
  return null;
}

/**
 * Every place a silhouette of the seat's may go: distinct lengths in hand, ascending, then by
 * top/left square (y, then x), horizontal before vertical. Stops at the first when `firstOnly`.
 */
export function silhouettePlacements(
  state: MpvState,
  seat: Seat,
  firstOnly = false,
): { length: number; x: number; y: number; direction: Direction }[] {
  const hand = state.hands[seat] ?? [];
  const lengths = [...new Set(hand)];
  const out: { length: number; x: number; y: number; direction: Direction }[] = [];
  if (lengths.length === 0) return out;
  const own = letterOf(seat);
  const tiles = state.tiles;
  const index = cityIndex(tiles);
  /** The letter of a free square, '' if covered, undefined off the city. */
  const free = (x: number, y: number): string | undefined => {
    const tx = Math.floor(x / 3),
      ty = Math.floor(y / 3);
    const i = index.get(tileKey(tx, ty));
    if (i === undefined) return undefined;
    const t = tiles[i]!;
    const j = (y - 3 * ty) * 3 + (x - 3 * tx);
    return t.covers[j] === '.' ? t.squares[j] : '';
  };
  // Free squares of the seat's colour, as numbers (y + 4096) * 8192 + (x + 4096): numeric order is y, then x.
  const starts: number[] = [];
  for (const t of tiles) {
    for (let j = 0; j < 9; j++) {
      if (t.squares[j] === own && t.covers[j] === '.') starts.push((3 * t.y + Math.floor(j / 3) + 4096) * 8192 + 3 * t.x + (j % 3) + 4096);
    }
  }
  starts.sort((a, b) => a - b);
  const normal = state.version === 'normal';
  for (const length of lengths) {
    for (const start of starts) {
      const x = (start % 8192) - 4096,
        y = Math.floor(start / 8192) - 4096;
      for (const direction of DIRECTIONS) {
        const dx = direction === 'horizontal' ? 1 : 0,
          dy = 1 - dx;
        if (free(x + dx * (length - 1), y + dy * (length - 1)) !== own) continue;
        let fits = true;
        for (let i = 1; i < length - 1; i++) {
          const c = free(x + dx * i, y + dy * i);
          if (c === undefined || c === '' || (normal && c === 'X')) {
            fits = false;
            break;
          }
        }
        if (!fits) continue;
        out.push({ length, x, y, direction });
        if (firstOnly) return out;
      }
    }
  }
  return out;
}
const DIRECTIONS = ['horizontal', 'vertical'] as const;

export function canPlaceSilhouette(state: MpvState, seat: Seat): boolean {
  return silhouettePlacements(state, seat, true).length > 0;
}

/** Objects shown on a seat's silhouettes still in hand. */
export const objectsLeft = (state: MpvState, seat: Seat): number => (state.hands[seat] ?? []).reduce((a, b) => a + b, 0);
