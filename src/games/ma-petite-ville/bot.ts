/**
 * Ma Petite Ville for bots (src/engine/bot.ts): a state sampled from a seat's view, and an
 * evaluation from the rulebook's race.
 *
 * Everything is public but the draw pile's order (M2), so a sample is the view's city, hands and
 * turn, with the tiles neither on the table nor drawn shuffled into the pile.
 */
import type { GameBot, Json, Rng, Seat } from '../../engine/index.js';
import { lineSquares, placedTile, silhouettePlacements, cityIndex, locate } from './board.js';
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
 * Per seat: objects placed (the race, M6), plus the silhouettes that still fit somewhere, weighted
 * by their objects, so a tile that opens room for the seat's colour (or closes it for a rival)
 * counts; a win counts 20.
 */
export function evaluate(state: MpvState): number[] {
  const seats = Array.from({ length: state.players }, (_, s) => s);
  return seats.map((seat) => {
    const hand = state.hands[seat] ?? [];
    const placed = 18 - hand.reduce((a, b) => a + b, 0);
    if (state.result) return placed + (state.result.winners.includes(seat) ? 20 / state.result.winners.length : 0);
    const fits = new Map<number, number>();
    for (const p of silhouettePlacements(state, seat)) fits.set(p.length, (fits.get(p.length) ?? 0) + 1);
    let room = 0;
    for (const length of new Set(hand)) {
      const copies = hand.filter((l) => l === length).length;
      room += length * Math.min(copies, fits.get(length) ?? 0) * 0.45;
    }
    return placed + room;
  });
}

/** Short playouts: the race is decided by the next few placements, which the evaluation reads well. */
export const bot: GameBot<MpvState> = { determinize, evaluate, scale: 3, playoutDepth: 8, search: { priorVisits: 6 } };
