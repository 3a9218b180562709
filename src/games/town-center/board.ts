import { BOARDS } from './data.js';

/**
 * A board compiled for fast lookups: sites are numbered in reading order (row by row), each with
 * its row, column, Center/Suburb kind and orthogonal neighbours (R1). Compiled once per board id.
 */
export interface Board {
  id: string;
  width: number;
  height: number;
  siteCount: number;
  row: number[];
  col: number[];
  center: boolean[];
  neighbors: number[][];
  /** siteAt[row * width + col] = site id, or -1 where the grid has no site. */
  siteAt: number[];
}

const compiled = new Map<string, Board>();

export function boardOf(id: string): Board {
  let b = compiled.get(id);
  if (b) return b;
  const data = BOARDS[id];
  if (!data) throw new Error(`unknown Town Center board ${id}`);
  const height = data.rows.length;
  const width = Math.max(...data.rows.map((r) => r.length));
  const siteAt: number[] = new Array<number>(width * height).fill(-1);
  const row: number[] = [],
    col: number[] = [],
    center: boolean[] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const ch = data.rows[r]![c] ?? '.';
      if (ch !== 'C' && ch !== 'S') continue;
      siteAt[r * width + c] = row.length;
      row.push(r);
      col.push(c);
      center.push(ch === 'C');
    }
  }
  const at = (r: number, c: number) => (r < 0 || c < 0 || r >= height || c >= width ? -1 : siteAt[r * width + c]!);
  const neighbors = row.map((r, i) =>
    [at(r - 1, col[i]!), at(r, col[i]! + 1), at(r + 1, col[i]!), at(r, col[i]! - 1)].filter((s) => s >= 0),
  );
  b = { id, width, height, siteCount: row.length, row, col, center, neighbors, siteAt };
  compiled.set(id, b);
  return b;
}

/** The site at a row and column, or -1. */
export function siteOf(board: Board, row: number, col: number): number {
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= board.height || col >= board.width) return -1;
  return board.siteAt[row * board.width + col]!;
}
