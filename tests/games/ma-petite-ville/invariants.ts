/** State invariants of Ma Petite Ville (plain functions: usable from tests and scripts alike). */
import type { Seat } from '../../../src/engine/index.js';
import { key, letterOf, lineSquares, tilePattern } from '../../../src/games/ma-petite-ville/board.js';
import { SILHOUETTE_LENGTHS, TILES } from '../../../src/games/ma-petite-ville/data.js';
import type { MpvState } from '../../../src/games/ma-petite-ville/index.js';

/** Conservation and geometry checks that hold in every reachable state. */
export function invariant(s: MpvState): void {
  // Tiles: the pile, the drawn tile and the placed tiles are the 36 tiles, each once.
  const all = [...s.pile, ...(s.drawn ? [s.drawn] : []), ...s.tiles.map((t) => t.tile)].sort();
  if (all.join() !== ALL_TILES) throw new Error(`tiles not conserved: ${all.join(' ')}`);
  // Placed tiles: each after the first shares an edge with an earlier one (M1); squares match the data.
  s.tiles.forEach((t, i) => {
    if (i > 0 && !s.tiles.slice(0, i).some((o) => Math.abs(o.x - t.x) + Math.abs(o.y - t.y) === 1)) throw new Error(`tile ${t.tile} not edge to edge`);
    const p = tilePattern(t.tile, t.quarterTurns);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      if (s.squares[key(3 * t.x + c, 3 * t.y + r)]?.[0] !== p[r * 3 + c]) throw new Error(`square of ${t.tile} wrong`);
    }
  });
  if (Object.keys(s.squares).length !== 9 * s.tiles.length) throw new Error('squares do not match tiles');
  // Silhouettes: each seat's hand plus placed ones are 2, 2, 3, 3, 4, 4.
  for (let seat = 0; seat < s.players; seat++) {
    const lengths = [...s.hands[seat]!, ...s.silhouettes.filter((p) => p.seat === seat).map((p) => p.length)].sort();
    if (lengths.join() !== SILHOUETTE_LENGTHS.join()) throw new Error(`silhouettes of seat ${seat} not conserved: ${lengths.join()}`);
  }
  // No square covered twice; each covered square carries its coverer; each silhouette obeys M3/M4.
  const covered = new Map<string, Seat>();
  for (const p of s.silhouettes) {
    const line = lineSquares(p.x, p.y, p.length, p.direction);
    line.forEach(([x, y], i) => {
      const k = key(x, y);
      if (covered.has(k)) throw new Error(`square ${k} covered twice`);
      covered.set(k, p.seat);
      const code = s.squares[k];
      if (code === undefined) throw new Error(`silhouette off the city at ${k}`);
      if (code !== code[0] + String(p.seat)) throw new Error(`square ${k} is ${code}, expected covered by ${p.seat}`);
      const end = i === 0 || i === line.length - 1;
      if (end && code[0] !== letterOf(p.seat)) throw new Error(`silhouette end off colour at ${k}`);
      if (code[0] === 'X' && (end || s.version === 'normal')) throw new Error(`X square covered at ${k}`);
    });
  }
  const coveredInDict = Object.values(s.squares).filter((c) => c.length > 1).length;
  if (coveredInDict !== covered.size) throw new Error('covered squares do not match silhouettes');
}

const ALL_TILES = TILES.map((t) => t.id).sort().join();

/** Every tile id still in the pile, as it would appear in JSON: none may be in a view while the game runs. */
export function pileSecrets(s: MpvState): string[] {
  return s.pile.map((t) => `"${t}"`);
}

