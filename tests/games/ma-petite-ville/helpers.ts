/** Test helpers for Ma Petite Ville: named starting states, painted cities, moves that must pass. */
import { expect } from 'vitest';
import { applyMove, canonicalHash, fold } from '../../../src/engine/index.js';
import type { Json, Seat } from '../../../src/engine/index.js';
import { maPetiteVille } from '../../../src/games/ma-petite-ville/index.js';
import type { MpvEvent, MpvMove, MpvState } from '../../../src/games/ma-petite-ville/index.js';
import { key, letterOf, lineSquares, tilePattern } from '../../../src/games/ma-petite-ville/board.js';
import { SILHOUETTE_LENGTHS, TILES } from '../../../src/games/ma-petite-ville/data.js';
import type { Version } from '../../../src/games/ma-petite-ville/types.js';

export const game = maPetiteVille;

export function start(players: number, version: Version = 'normal', seed = 'mpv'): MpvState {
  return game.setup({ players, options: { version }, seed });
}

/** Plays a move that must be accepted; returns the new state and the events. */
export function play(state: MpvState, seat: Seat, move: MpvMove): { state: MpvState; events: MpvEvent[] } {
  const r = applyMove<MpvState>(game, state, move, seat);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
  return { state: r.value.state, events: r.value.events as MpvEvent[] };
}

/** The code a refused move gets (fails the test if the move is accepted). */
export function refusal(state: MpvState, seat: Seat, move: MpvMove): string {
  const r = applyMove<MpvState>(game, state, move, seat);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  expect(r.error.message.length).toBeGreaterThan(10);
  expect(r.error.rule.length).toBeGreaterThan(0);
  return r.error.code;
}

export const sil = (length: number, x: number, y: number, direction: 'horizontal' | 'vertical' = 'horizontal'): MpvMove => ({ type: 'placeSilhouette', length, x, y, direction });

/**
 * A PAINTED city, for rule tests about squares: `picture` rows are squares (B G Y R X, '.' for no
 * tile), top row y = 0, left column x = 0, in blocks of 3x3 per tile (spaces ignored). Squares are
 * taken from the picture, not from the tile data; tile positions get placeholder tile ids, and the
 * unused ids make up the pile (or `pile` gives it).
 */
export function painted(opts: { players: number; version?: Version; picture: string[]; hands?: number[][]; turn?: Seat; pile?: string[] }): MpvState {
  const rows = opts.picture.map((r) => r.replace(/ /g, ''));
  const squares: Record<string, string> = {};
  const positions = new Set<string>();
  const tiles: MpvState['tiles'] = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => {
    if (ch === '.') return;
    squares[key(x, y)] = ch;
    const tx = Math.floor(x / 3), ty = Math.floor(y / 3);
    if (!positions.has(key(tx, ty))) {
      positions.add(key(tx, ty));
      tiles.push({ tile: TILES[tiles.length]!.id, x: tx, y: ty, quarterTurns: 0 });
    }
  }));
  const base = start(opts.players, opts.version ?? 'normal');
  return {
    ...base,
    turn: opts.turn ?? 0,
    tiles,
    squares,
    pile: opts.pile ?? TILES.slice(tiles.length).map((t) => t.id),
    hands: opts.hands ?? base.hands,
  };
}

/** Conservation and geometry checks that hold in every reachable state. */
export function invariant(s: MpvState): void {
  // Tiles: the pile, the drawn tile and the placed tiles are the 36 tiles, each once.
  const all = [...s.pile, ...(s.drawn ? [s.drawn] : []), ...s.tiles.map((t) => t.tile)].sort();
  if (canonicalHash(all) !== ALL_TILES_HASH) throw new Error(`tiles not conserved: ${all.join(' ')}`);
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

const ALL_TILES_HASH = canonicalHash(TILES.map((t) => t.id).sort());

/** Every tile id still in the pile, as it would appear in JSON: none may be in a view while the game runs. */
export function pileSecrets(s: MpvState): string[] {
  return s.pile.map((t) => `"${t}"`);
}

export function viewOf(s: MpvState, viewer: Seat | null): Record<string, Json> {
  return game.view(s, viewer) as Record<string, Json>;
}

export function replayEquals(initial: MpvState, events: MpvEvent[], live: MpvState): void {
  expect(canonicalHash(fold(game, initial, events))).toBe(canonicalHash(live));
}

/**
 * Every silhouette move `decide` accepts from this seat, found by trying every length, direction
 * and start square in the city's bounding box and one square around it (brute force).
 */
export function acceptedSilhouetteMoves(s: MpvState, seat: Seat): string[] {
  const xs = Object.keys(s.squares).map((k) => Number(k.split(',')[0]));
  const ys = Object.keys(s.squares).map((k) => Number(k.split(',')[1]));
  const out: string[] = [];
  for (let length = 2; length <= 4; length++) {
    for (let y = Math.min(...ys) - 1; y <= Math.max(...ys) + 1; y++) {
      for (let x = Math.min(...xs) - 1; x <= Math.max(...xs) + 1; x++) {
        for (const direction of ['horizontal', 'vertical'] as const) {
          const m = sil(length, x, y, direction);
          if (game.decide(s, m, seat).ok) out.push(JSON.stringify(m));
        }
      }
    }
  }
  return out.sort();
}

export function listedSilhouetteMoves(s: MpvState, seat: Seat): string[] {
  return game.legalMoves(s, seat).filter((m) => m.type === 'placeSilhouette').map((m) => JSON.stringify(m)).sort();
}
