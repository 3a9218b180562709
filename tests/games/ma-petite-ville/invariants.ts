/** State invariants of Ma Petite Ville (plain functions: usable from tests and scripts alike). */
import type { Seat } from '../../../src/engine/index.js';
import { cityIndex, key, letterOf, lineSquares, squareCode, tilePattern } from '../../../src/games/ma-petite-ville/board.js';
import { SILHOUETTE_LENGTHS, TILES } from '../../../src/games/ma-petite-ville/data.js';
import type { MpvState } from '../../../src/games/ma-petite-ville/index.js';

/** Conservation and geometry checks that hold in every reachable state. */
export function invariant(s: MpvState): void {
  // Tiles: the pile, the drawn tile and the placed tiles are the 36 tiles, each once.
  const all = [...s.pile, ...(s.drawn ? [s.drawn] : []), ...s.tiles.map((t) => t.tile)].sort();
  if (all.join() !== ALL_TILES) throw new Error(`tiles not conserved: ${all.join(' ')}`);
  // Placed tiles: each after the first shares an edge with an earlier one (M1), on a free
  // position; its squares are the data's, turned as recorded.
  const positions = new Set<string>();
  s.tiles.forEach((t, i) => {
    if (
      i > 0 &&
      ![
        [0, 1],
        [1, 0],
        [0, -1],
        [-1, 0],
      ].some(([dx, dy]) => positions.has(key(t.x + dx!, t.y + dy!)))
    )
      throw new Error(`tile ${t.tile} not edge to edge`);
    if (positions.has(key(t.x, t.y))) throw new Error(`two tiles at ${t.x},${t.y}`);
    positions.add(key(t.x, t.y));
    if (t.squares !== tilePattern(t.tile, t.quarterTurns)) throw new Error(`squares of ${t.tile} wrong`);
  });
  // Silhouettes: each seat's hand plus placed ones are 2, 2, 3, 3, 4, 4.
  for (let seat = 0; seat < s.players; seat++) {
    const lengths = [...s.hands[seat]!, ...s.silhouettes.filter((p) => p.seat === seat).map((p) => p.length)].sort();
    if (lengths.join() !== SILHOUETTE_LENGTHS.join()) throw new Error(`silhouettes of seat ${seat} not conserved: ${lengths.join()}`);
  }
  // No square covered twice; each covered square carries its coverer; each silhouette obeys M3/M4.
  const index = cityIndex(s.tiles);
  const covered = new Map<string, Seat>();
  for (const p of s.silhouettes) {
    const line = lineSquares(p.x, p.y, p.length, p.direction);
    line.forEach(([x, y], i) => {
      const k = key(x, y);
      if (covered.has(k)) throw new Error(`square ${k} covered twice`);
      covered.set(k, p.seat);
      const code = squareCode(s.tiles, index, x, y);
      if (code === undefined) throw new Error(`silhouette off the city at ${k}`);
      if (code !== code[0] + String(p.seat)) throw new Error(`square ${k} is ${code}, expected covered by ${p.seat}`);
      const end = i === 0 || i === line.length - 1;
      if (end && code[0] !== letterOf(p.seat)) throw new Error(`silhouette end off colour at ${k}`);
      if (code[0] === 'X' && (end || s.version === 'normal')) throw new Error(`X square covered at ${k}`);
    });
  }
  const coveredOnTiles = s.tiles.reduce((n, t) => n + t.covers.replace(/\./g, '').length, 0);
  if (coveredOnTiles !== covered.size) throw new Error('covered squares do not match silhouettes');
}

const ALL_TILES = TILES.map((t) => t.id)
  .sort()
  .join();

/** Every tile id still in the pile, as it would appear in JSON: none may be in a view while the game runs. */
export function pileSecrets(s: MpvState): string[] {
  return s.pile.map((t) => `"${t}"`);
}
