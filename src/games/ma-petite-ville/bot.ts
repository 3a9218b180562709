/**
 * Ma Petite Ville for bots (src/engine/bot.ts): a state sampled from a seat's view, and an
 * evaluation from the rulebook's race.
 *
 * Everything is public but the draw pile's order (M2), so a sample is the view's city, hands and
 * turn, with the tiles neither on the table nor drawn shuffled into the pile.
 */
import type { GameBot, Json, Move, Rng, Seat } from '../../engine/index.js';
import { cityIndex, lineProblem, lineSquares, locate, placedTile, tilePattern } from './board.js';
import { TILES } from './data.js';
import type { MpvMove, MpvView } from './schema.js';
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
 * The city as a dense grid of squares (0 no square, 1-4 a free square of B G Y R, 5 a free X square,
 * 6 a covered square) over its bounding box, and for every seat how many places each silhouette
 * length (2, 3, 4) fits in (uncounted beyond none: `room` caps them at 2), cached per tiles array
 * (states share it until a tile or a silhouette is placed).
 */
interface City {
  minX: number;
  minY: number;
  width: number;
  height: number;
  grid: Uint8Array;
  places: number[][];
  /** `places` capped at 2. */
  room: number[][];
}

const CODE: Record<string, number> = { B: 1, G: 2, Y: 3, R: 4, X: 5 };
const cities = new WeakMap<object, City>();

function cityOf(state: MpvState): City {
  const cached = cities.get(state.tiles);
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
  const grid = new Uint8Array(width * height);
  for (const t of state.tiles) {
    for (let j = 0; j < 9; j++) {
      grid[(3 * t.y + Math.floor(j / 3) - minY) * width + 3 * t.x + (j % 3) - minX] = t.covers[j] === '.' ? CODE[t.squares[j]!]! : 6;
    }
  }
  const city: City = { minX, minY, width, height, grid, places: [], room: [] };
  const at = (x: number, y: number) =>
    x < minX || y < minY || x >= minX + width || y >= minY + height ? 0 : grid[(y - minY) * width + x - minX]!;
  city.places = placesIn(at, state.version === 'normal', minX, minY, minX + width - 1, minY + height - 1, () => true);
  city.room = city.places.map((p) => p.map((n) => Math.min(n, 2)));
  cities.set(state.tiles, city);
  return city;
}

/**
 * For every seat, the places each silhouette length fits in among the lines that start in the box
 * (x0, y0)-(x1, y1) and that `counts` (M3, M4: both ends of the seat's colour, every square free, no
 * X square under the middle in the normal version), reading squares by `at`.
 */
function placesIn(
  at: (x: number, y: number) => number,
  normal: boolean,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  counts: (x: number, y: number, dx: number, dy: number, length: number) => boolean,
): number[][] {
  const out = Array.from({ length: 4 }, () => [0, 0, 0, 0, 0]);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const own = at(x, y);
      if (own < 1 || own > 4) continue;
      const places = out[own - 1]!;
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
      ] as const) {
        for (let length = 2; length <= 4; length++) {
          if (at(x + dx * (length - 1), y + dy * (length - 1)) !== own || !counts(x, y, dx, dy, length)) continue;
          let fits = true;
          for (let i = 1; i < length - 1; i++) {
            const c = at(x + dx * i, y + dy * i);
            if (c === 0 || c === 6 || (normal && c === 5)) fits = false;
          }
          if (fits) places[length]!++;
        }
      }
    }
  }
  return out;
}

/**
 * For every seat, how many places each silhouette length (2, 3, 4) fits in now, counted up to 2
 * (a seat holds at most two of a length): the rule of `silhouettePlacements` (M3, M4) for all seats
 * at once. Tests check it against the engine's placements.
 */
export function room(state: MpvState): number[][] {
  return cityOf(state).room;
}

/** A seat's value: objects placed (the race, M6), plus its silhouettes in hand that still fit, weighted by their objects. */
function valueOf(hand: readonly number[], fits: readonly number[]): number {
  const placed = 18 - hand.reduce((a, b) => a + b, 0);
  let total = 0;
  for (let length = 2; length <= 4; length++) {
    let copies = 0;
    for (const l of hand) if (l === length) copies++;
    total += length * Math.min(copies, fits[length]!) * 0.45;
  }
  return placed + total;
}

/**
 * Per seat: objects placed (the race, M6), plus the silhouettes in hand that still fit somewhere,
 * weighted by their objects, so a tile that opens room for the seat's colour (or closes it for a
 * rival) counts; a win counts 20.
 */
export function evaluate(state: MpvState): number[] {
  if (state.result) {
    const result = state.result;
    // At the end: M6's order, fewest objects then fewest silhouettes left, and the winners on top.
    return Array.from({ length: state.players }, (_, seat) => {
      const hand = state.hands[seat] ?? [];
      return 18 - hand.reduce((a, b) => a + b, 0) - hand.length / 100 + (result.winners.includes(seat) ? 20 : 0);
    });
  }
  const fits = room(state);
  return Array.from({ length: state.players }, (_, seat) => valueOf(state.hands[seat] ?? [], fits[seat]!));
}

/**
 * `evaluate` of the position after each move, without playing them, where that is cheap: the drawn
 * tile at each open position (hundreds of moves a turn, each adding the places of the lines that
 * cross the new tile to the city's). Other phases, and the last tile (the final round settles turns),
 * are left to the engine (undefined). Tests check it against `evaluate` after each move.
 */
export function evaluateAfter(state: MpvState, seat: Seat, moves: readonly Move[]): (number[] | null)[] | undefined {
  if (state.result || seat !== state.turn) return undefined;
  if (state.phase === 'turn') return afterTurn(state, seat, moves);
  if (state.phase !== 'placeTile' || state.drawn === null || state.pile.length === 0) return undefined;
  const { minX, minY, width, height, grid, places } = cityOf(state);
  const taken = new Set(state.tiles.map((t) => t.x * 1024 + t.y));
  const normal = state.version === 'normal';
  // The hands do not change: each seat's objects placed and copies of each length, once.
  const hands = Array.from({ length: state.players }, (_, s) => state.hands[s] ?? []);
  const placed = hands.map((hand) => 18 - hand.reduce((a, b) => a + b, 0));
  const copies = hands.map((hand) => [0, 0, 2, 3, 4].map((length) => hand.filter((l) => l === length).length));
  // The squares around the new tile (9 x 9, the tile in the middle 3 x 3): every line crossing it lies in there.
  const window = new Uint8Array(81);
  const added = new Int32Array(20);
  const fill = (x: number, y: number) => {
    for (let wy = 0; wy < 9; wy++) {
      for (let wx = 0; wx < 9; wx++) {
        const sx = 3 * x - 3 + wx,
          sy = 3 * y - 3 + wy;
        window[wy * 9 + wx] =
          sx < minX || sy < minY || sx >= minX + width || sy >= minY + height ? 0 : grid[(sy - minY) * width + sx - minX]!;
      }
    }
  };
  /** Counts into `added` the places on the line from window square `start`, `step` apart, if it is one (M3, M4). */
  const line = (start: number, step: number, length: number) => {
    const own = window[start]!;
    if (own < 1 || own > 4 || window[start + step * (length - 1)] !== own) return;
    for (let i = 1; i < length - 1; i++) {
      const c = window[start + step * i]!;
      if (c === 0 || c === 6 || (normal && c === 5)) return;
    }
    added[(own - 1) * 5 + length]!++;
  };
  let filled: number | null = null;
  return moves.map((m) => {
    const move = m as MpvMove;
    if (move.type !== 'placeTile' || !Number.isInteger(move.quarterTurns) || move.quarterTurns < 0 || move.quarterTurns > 3) return null;
    const { x, y } = move;
    const key = x * 1024 + y;
    if (taken.has(key) || !(taken.has(key - 1024) || taken.has(key + 1024) || taken.has(key - 1) || taken.has(key + 1))) return null;
    if (filled !== key) {
      fill(x, y);
      filled = key;
    }
    const squares = tilePattern(state.drawn!, move.quarterTurns);
    for (let j = 0; j < 9; j++) window[(3 + Math.floor(j / 3)) * 9 + 3 + (j % 3)] = CODE[squares[j]!]!;
    // The lines that cross the new tile are the new places; the others are the city's as it was.
    added.fill(0);
    for (let length = 2; length <= 4; length++) {
      for (let a = 3; a <= 5; a++) {
        for (let b = 4 - length; b <= 5; b++) {
          line(a * 9 + b, 1, length);
          line(b * 9 + a, 9, length);
        }
      }
    }
    return hands.map((_, s) => {
      let total = 0;
      for (let length = 2; length <= 4; length++) {
        total += length * Math.min(copies[s]![length]!, Math.min(places[s]![length]! + added[s * 5 + length]!, 2)) * 0.45;
      }
      return placed[s]! + total;
    });
  });
}

/**
 * `evaluateAfter` on a regular turn (M5): taking a tile changes nothing the evaluation reads; a
 * silhouette takes away the places of the lines through the squares it covers, and one of the
 * seat's silhouettes (its last ends the game: M6).
 */
function afterTurn(state: MpvState, seat: Seat, moves: readonly Move[]): (number[] | null)[] {
  const { minX, minY, width, height, grid, places } = cityOf(state);
  const now = evaluate(state);
  const normal = state.version === 'normal';
  const at = (x: number, y: number) =>
    x < minX || y < minY || x >= minX + width || y >= minY + height ? 0 : grid[(y - minY) * width + x - minX]!;
  const lost = new Int32Array(20);
  return moves.map((m) => {
    const move = m as MpvMove;
    if (move.type === 'drawTile') return state.pile.length === 0 ? null : now.slice();
    if (move.type !== 'placeSilhouette') return null;
    const hand = state.hands[seat] ?? [];
    if (!hand.includes(move.length) || lineProblem(state, seat, move.x, move.y, move.length, move.direction) !== null) return null;
    const left = hand.slice();
    left.splice(left.indexOf(move.length), 1);
    const hands = state.hands.map((h, s) => (s === seat ? left : h));
    if (left.length === 0) {
      // M6: the seat's last silhouette wins; the values of the game's end (`evaluate`'s).
      return Array.from({ length: state.players }, (_, s) => {
        const h = hands[s] ?? [];
        return 18 - h.reduce((a, b) => a + b, 0) - h.length / 100 + (s === seat ? 20 : 0);
      });
    }
    const [dx, dy] = move.direction === 'horizontal' ? [1, 0] : [0, 1];
    const covered = (x: number, y: number) => {
      const i = dx === 1 ? x - move.x : y - move.y;
      return (dx === 1 ? y === move.y : x === move.x) && i >= 0 && i < move.length;
    };
    // Every line through a covered square, counted at the first covered square it meets.
    lost.fill(0);
    for (let k = 0; k < move.length; k++) {
      const cx = move.x + dx * k,
        cy = move.y + dy * k;
      for (const [ex, ey] of [
        [1, 0],
        [0, 1],
      ] as const) {
        for (let length = 2; length <= 4; length++) {
          for (let o = 0; o < length; o++) {
            const sx = cx - ex * o,
              sy = cy - ey * o;
            let first = true;
            for (let i = 0; i < o && first; i++) if (covered(sx + ex * i, sy + ey * i)) first = false;
            if (!first) continue;
            const own = at(sx, sy);
            if (own < 1 || own > 4 || at(sx + ex * (length - 1), sy + ey * (length - 1)) !== own) continue;
            let fits = true;
            for (let i = 1; i < length - 1 && fits; i++) {
              const c = at(sx + ex * i, sy + ey * i);
              if (c === 0 || c === 6 || (normal && c === 5)) fits = false;
            }
            if (fits) lost[(own - 1) * 5 + length]!++;
          }
        }
      }
    }
    return Array.from({ length: state.players }, (_, s) =>
      valueOf(
        hands[s] ?? [],
        [0, 0, 2, 3, 4].map((length, i) => (i < 2 ? 0 : Math.min(places[s]![length]! - lost[s * 5 + length]!, 2))),
      ),
    );
  });
}

/**
 * The search levels play flat rollouts over `greedy` to the end (src/engine/rollout.ts): the race is
 * lost by one tile turn too many, which the evaluation a few moves ahead does not see and whole
 * games of `greedy` seats do (BENCHMARKS.md, issue 31). Analysis keeps the tree search: short
 * playouts, widening from the prior's best over hundreds of tile placements, expansion by the policy.
 */
export const bot: GameBot<MpvState> = {
  determinize,
  evaluate,
  scale: 3,
  playoutDepth: 8,
  search: { priorVisits: 6, widening: 1, expandByPolicy: true },
  // Rivals a quarter uniform in the runs: modelled as exactly greedy, the runs lost to three random seats
  // more often than the tree search (231 against 240 of 259 seeds); a quarter uniform won 188 of 200
  // of those seeds against random (181 before) and 60.4 % of 53 against greedy (50.9 %). BENCHMARKS.md.
  rollout: { candidates: 16, rivalsRandom: 0.25 },
  evaluateAfter,
};
