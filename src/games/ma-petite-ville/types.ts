import type { Direction as DirectionSchema, Phase as PhaseSchema, EndReason as EndReasonSchema } from './schema.js';
import type { Static } from '../../engine/index.js';
import type { Seat } from '../../engine/index.js';
import type { Colour } from './data.js';

export type { Colour } from './data.js';

export type Version = 'easy' | 'normal';
export type Direction = Static<typeof DirectionSchema>;

export type MpvOptions = {
  /** easy: X squares may lie under the middle of a silhouette; normal: never covered (M4). */
  version: Version;
};

/**
 * Where the game stands:
 * - `turn`: the seat to move takes a tile or places a silhouette (M5);
 * - `placeTile`: the seat to move has drawn a tile and must place it (M2);
 * - `finalRound`: the last tile is down; each seat in turn may place one silhouette (M6);
 * - `over`: the game has a result.
 */
export type Phase = Static<typeof PhaseSchema>;

/**
 * A tile on the table: tile position (x, y) on the tile grid, turned clockwise `quarterTurns`
 * times; `squares` its 9 letters after the turn (rows top to bottom, B G Y R X), `covers` 9
 * characters, '.' for a free square or the digit of the seat whose silhouette covers it.
 */
export type PlacedTile = { tile: string; x: number; y: number; quarterTurns: number; squares: string; covers: string };

/** A silhouette on the table, named by its top or left square (E4). */
export type PlacedSilhouette = { seat: Seat; length: number; x: number; y: number; direction: Direction };

export type EndReason = Static<typeof EndReasonSchema>;

export type MpvState = {
  version: Version;
  players: number;
  phase: Phase;
  /** The seat to move (meaningless once over). */
  turn: Seat;
  /** 1 for the first round; goes up each time the turn comes back to seat 0. */
  round: number;
  /** Hidden: the draw pile, top first. Never in a view (M2). */
  pile: string[];
  /** The tile drawn by the seat to move and not yet placed. */
  drawn: string | null;
  /** The tiles on the table, in the order they were placed, with their squares. */
  tiles: PlacedTile[];
  /** Silhouettes still in hand, by seat: their lengths, ascending. */
  hands: number[][];
  silhouettes: PlacedSilhouette[];
  /** Set when the last tile is placed: who placed it, and how many seats still get their final turn. */
  finalRound: { lastTilePlacer: Seat; turnsLeft: number } | null;
  result: { reason: EndReason; winners: Seat[] } | null;
};

/** The moves, derived from their JSON Schemas (schema.ts). */
export type { MpvMove } from './schema.js';

export type MpvEvent =
  | { type: 'tileDrawn'; seat: Seat; tile: string }
  | { type: 'tilePlaced'; seat: Seat; tile: string; x: number; y: number; quarterTurns: number }
  | { type: 'silhouettePlaced'; seat: Seat; length: number; x: number; y: number; direction: Direction }
  | { type: 'passed'; seat: Seat }
  | { type: 'finalRoundBegan'; lastTilePlacer: Seat }
  | { type: 'turnSkipped'; seat: Seat; reason: 'noPlacement' }
  | { type: 'gameEnded'; reason: EndReason; winners: Seat[] };

export type SquareView = { colour: Colour | null; isX: boolean; coveredBy: Seat | null };
