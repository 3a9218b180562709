/**
 * Ma Petite Ville for bots (src/engine/bot.ts): a state sampled from a seat's view, and an
 * evaluation from the rulebook's race.
 *
 * Everything is public but the draw pile's order (M2), so a sample is the view's city, hands and
 * turn, with the tiles neither on the table nor drawn shuffled into the pile.
 */
import type { GameBot, Json, Rng, Seat } from '../../engine/index.js';
import { cityIndex, lineSquares, locate, placedTile } from './board.js';
import { TILES } from './data.js';
import type { MpvView } from './schema.js';
import type { MpvState, PlacedTile } from './types.js';

/** The public part of the state, read once per view; samples only add a shuffled pile. */
const publicParts = new WeakMap<object, { base: MpvState; unseen: string[] }>();

function read(view: MpvView): { base: MpvState; unseen: string[] } {
  const cached = publicParts.get(view);
  if (cached) return cached;
  const tiles: PlacedTile[] = view.tiles.map((t) => placedTile(t.tile, t.x, t.y, t.quarterTurns));
  const index = cityIndex(tiles);
  for (const s of view.silhouettes) {
    for (const [x, y] of lineSquares(s.x, s.y, s.length, s.direction)) {
      const [i, j] = locate(index, x, y)!;
      const t = tiles[i]!;
      tiles[i] = { ...t, covers: t.covers.slice(0, j) + String(s.seat) + t.covers.slice(j + 1) };
    }
  }
  const drawn = view.drawnTile?.tile ?? null;
  const onTable = new Set([...view.tiles.map((t) => t.tile), ...(drawn ? [drawn] : [])]);
  const unseen = TILES.map((t) => t.id).filter((id) => !onTable.has(id));
  if (unseen.length !== view.pileCount) throw new Error(`ma-petite-ville: ${unseen.length} unseen tiles for a pile of ${view.pileCount}`);
  const detail = view.result?.detail as { reason?: 'lastSilhouette' | 'finalRound' } | undefined;
  const base: MpvState = {
    version: view.version,
    players: view.players.length,
    phase: view.phase,
    turn: view.toMove[0] ?? 0,
    round: view.round,
    pile: [],
    drawn,
    tiles,
    hands: view.players.map((p) => p.silhouettes.slice()),
    silhouettes: view.silhouettes.map((s) => ({ seat: s.seat, length: s.length, x: s.x, y: s.y, direction: s.direction })),
    finalRound: view.finalRound && { ...view.finalRound },
    result: view.result ? { reason: detail?.reason ?? 'finalRound', winners: view.result.winners.slice() } : null,
  };
  const out = { base, unseen };
  publicParts.set(view, out);
  return out;
}

export function determinize(view: Json, _history: readonly Json[], _seat: Seat, rng: Rng): MpvState {
  const { base, unseen } = read(view as unknown as MpvView);
  return { ...base, pile: rng.shuffle(unseen) };
}

/**
 * For every seat, how many places each silhouette length (2, 3, 4) fits in now, counted up to 2
 * (a seat holds at most two of a length): the rule of `silhouettePlacements` (M3, M4) run once
 * over a dense grid of the city, for all seats at once, and cached per tiles array (states share
 * it until a tile or a silhouette is placed). Tests check it against the engine's placements.
 */
const roomCache = new WeakMap<object, number[][]>();

export function room(state: MpvState): number[][] {
  const cached = roomCache.get(state.tiles);
  if (cached) return cached;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const t of state.tiles) {
    minX = Math.min(minX, 3 * t.x);
    maxX = Math.max(maxX, 3 * t.x + 2);
    minY = Math.min(minY, 3 * t.y);
    maxY = Math.max(maxY, 3 * t.y + 2);
  }
  const width = maxX - minX + 1,
    height = maxY - minY + 1;
  // 0 no square, 1-4 a free square of B G Y R, 5 a free X square, 6 a covered square.
  const grid = new Uint8Array(width * height);
  const CODE: Record<string, number> = { B: 1, G: 2, Y: 3, R: 4, X: 5 };
  for (const t of state.tiles) {
    for (let j = 0; j < 9; j++) {
      grid[(3 * t.y + Math.floor(j / 3) - minY) * width + 3 * t.x + (j % 3) - minX] = t.covers[j] === '.' ? CODE[t.squares[j]!]! : 6;
    }
  }
  const normal = state.version === 'normal';
  const out = Array.from({ length: 4 }, () => [0, 0, 0, 0, 0]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const own = grid[y * width + x]!;
      if (own < 1 || own > 4) continue;
      const counts = out[own - 1]!;
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
      ] as const) {
        for (let length = 2; length <= 4; length++) {
          const ex = x + dx * (length - 1),
            ey = y + dy * (length - 1);
          if (ex >= width || ey >= height) break;
          if (grid[ey * width + ex] !== own) continue;
          let fits = true;
          for (let i = 1; i < length - 1; i++) {
            const c = grid[(y + dy * i) * width + x + dx * i]!;
            if (c === 0 || c === 6 || (normal && c === 5)) fits = false;
          }
          if (fits && counts[length]! < 2) counts[length]!++;
        }
      }
    }
  }
  roomCache.set(state.tiles, out);
  return out;
}

/**
 * Per seat: objects placed (the race, M6), plus the silhouettes in hand that still fit somewhere,
 * weighted by their objects, so a tile that opens room for the seat's colour (or closes it for a
 * rival) counts; a win counts 20.
 */
export function evaluate(state: MpvState): number[] {
  const fits = state.result ? null : room(state);
  return Array.from({ length: state.players }, (_, seat) => {
    const hand = state.hands[seat] ?? [];
    const placed = 18 - hand.reduce((a, b) => a + b, 0);
    // At the end: M6's order, fewest objects then fewest silhouettes left, and the winners on top.
    if (!fits) return placed - hand.length / 100 + (state.result!.winners.includes(seat) ? 20 : 0);
    let total = 0;
    for (let length = 2; length <= 4; length++) {
      let copies = 0;
      for (const l of hand) if (l === length) copies++;
      total += length * Math.min(copies, fits[seat]![length]!) * 0.45;
    }
    return placed + total;
  });
}

/** Short playouts: the race is decided by the next few placements, which the evaluation reads well. */
export const bot: GameBot<MpvState> = {
  determinize,
  evaluate,
  scale: 3,
  playoutDepth: 8,
  // Hundreds of tile placements a turn: the search widens from the prior's best and expands by the policy.
  search: { priorVisits: 6, widening: 1, expandByPolicy: true },
};
