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

const TILE_INDEX = new Map(TILES.map((t) => [t.id, t] as const));

/** A tile's 9 letters after `quarterTurns` clockwise quarter turns, rows top to bottom. */
const ROTATIONS = new Map<string, string[]>(
  TILES.map((t) => {
    const r0 = t.rows.join('');
    const r1 = turnClockwise(r0);
    const r2 = turnClockwise(r1);
    return [t.id, [r0, r1, r2, turnClockwise(r2)]] as const;
  }),
);

export function isTileId(id: string): boolean {
  return TILE_INDEX.has(id);
}

export function tilePattern(tile: string, quarterTurns: number): string {
  const p = ROTATIONS.get(tile)?.[quarterTurns];
  if (p === undefined) throw new Error(`unknown tile ${tile} or rotation ${quarterTurns}`);
  return p;
}

/** The squares of a placed tile, added to a copy of `squares`. */
export function withTileSquares(squares: Record<string, string>, t: PlacedTile): Record<string, string> {
  const out = { ...squares };
  const p = tilePattern(t.tile, t.quarterTurns);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[key(3 * t.x + c, 3 * t.y + r)] = p[r * 3 + c]!;
  return out;
}

/** The squares a silhouette covers, first to last (top or left first). */
export function lineSquares(x: number, y: number, length: number, direction: Direction): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < length; i++) out.push(direction === 'horizontal' ? [x + i, y] : [x, y + i]);
  return out;
}

/** Free tile positions sharing a full edge with a placed tile (M1), sorted by y then x. */
export function openTilePositions(tiles: readonly PlacedTile[]): [number, number][] {
  const taken = new Set(tiles.map((t) => key(t.x, t.y)));
  const seen = new Set<string>();
  const out: [number, number][] = [];
  for (const t of tiles) {
    for (const [dx, dy] of [[0, -1], [-1, 0], [1, 0], [0, 1]] as const) {
      const x = t.x + dx, y = t.y + dy;
      const k = key(x, y);
      if (taken.has(k) || seen.has(k)) continue;
      seen.add(k);
      out.push([x, y]);
    }
  }
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

export type LineProblem =
  | 'OUTSIDE_CITY'
  | 'SQUARE_COVERED'
  | 'X_SQUARE_FORBIDDEN'
  | 'END_ON_X_SQUARE'
  | 'END_NOT_OWN_COLOUR';

/**
 * Why a silhouette may not lie on these squares for this seat (M3, M4), or null if it may.
 * Checked in this order: every square on a tile; none covered; the version's X rule; both ends
 * on the seat's colour.
 */
export function lineProblem(state: MpvState, seat: Seat, x: number, y: number, length: number, direction: Direction): LineProblem | null {
  const cells: string[] = [];
  for (const [sx, sy] of lineSquares(x, y, length, direction)) {
    const c = state.squares[key(sx, sy)];
    if (c === undefined) return 'OUTSIDE_CITY';
    cells.push(c);
  }
  if (cells.some((c) => c.length > 1)) return 'SQUARE_COVERED';
  const first = cells[0]!, last = cells[cells.length - 1]!;
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
export function silhouettePlacements(state: MpvState, seat: Seat, firstOnly = false): { length: number; x: number; y: number; direction: Direction }[] {
  const hand = state.hands[seat] ?? [];
  const lengths = [...new Set(hand)];
  const out: { length: number; x: number; y: number; direction: Direction }[] = [];
  if (lengths.length === 0) return out;
  const own = letterOf(seat);
  const starts: [number, number][] = [];
  for (const t of state.tiles) {
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const x = 3 * t.x + c, y = 3 * t.y + r;
        if (state.squares[key(x, y)] === own) starts.push([x, y]);
      }
    }
  }
  starts.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const normal = state.version === 'normal';
  for (const length of lengths) {
    for (const [x, y] of starts) {
      for (const direction of ['horizontal', 'vertical'] as const) {
        const dx = direction === 'horizontal' ? 1 : 0, dy = 1 - dx;
        if (state.squares[key(x + dx * (length - 1), y + dy * (length - 1))] !== own) continue;
        let fits = true;
        for (let i = 1; i < length - 1; i++) {
          const c = state.squares[key(x + dx * i, y + dy * i)];
          if (c === undefined || c.length > 1 || (normal && c === 'X')) { fits = false; break; }
        }
        if (!fits) continue;
        out.push({ length, x, y, direction });
        if (firstOnly) return out;
      }
    }
  }
  return out;
}

export function canPlaceSilhouette(state: MpvState, seat: Seat): boolean {
  return silhouettePlacements(state, seat, true).length > 0;
}

/** Objects shown on a seat's silhouettes still in hand. */
export const objectsLeft = (state: MpvState, seat: Seat): number => (state.hands[seat] ?? []).reduce((a, b) => a + b, 0);
