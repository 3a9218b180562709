import type { Phase as PhaseSchema } from './schema.js';
import type { Static } from '../../engine/index.js';
import type { RngState, Seat } from '../../engine/index.js';
import type { ColorName } from './data.js';

export type Phase = Static<typeof PhaseSchema>;
export type SoloVariant = 'bag' | 'centralPark';

export interface TownCenterOptions {
  /** Player board side for every town: 'A' (easier) or 'B' (harder). Ignored by the Central Park solo map. */
  boardSide: 'A' | 'B';
  /** Solo only: 'bag' (draw 3, return 1) or 'centralPark' (the row of 20 on the Central Park map). */
  soloVariant: SoloVariant;
  /** Optional side per seat, one letter per seat in seat order (e.g. 'ABBA'); '' = every town uses boardSide. */
  seatSides: string;
}

/** A town: its board id (data.ts BOARDS), one stack per site (a string of colour letters, bottom first) and its money. */
export interface Town {
  board: string;
  stacks: string[];
  money: number;
}

export interface TownCenterState {
  players: number;
  /** 1, or 2 with 5-8 players (every component count doubled). */
  boxes: number;
  solo: SoloVariant | null;
  /** 0 while City Halls are placed, then 1..10. */
  round: number;
  phase: Phase;
  firstPlayer: Seat;
  /** The seat to act in one-at-a-time phases (City Hall, arrangement, picks, sequential development, Public Works). */
  active: Seat;
  /** Cubes in the bag, counted per colour (the bag has no order: draws are made when they happen). */
  bag: number[];
  /** Central Park solo: the row of cubes, front first (public). */
  row: string;
  /** Cubes in the reserve, counted per colour (unused City Halls included). */
  reserve: number[];
  /** Phase I: cubes drawn and not yet stacked (sorted). */
  drawn: string;
  /** Phase I: the towers, bottom first. */
  towers: string[];
  /** Phase I: how many picks have been made this round. */
  picks: number;
  /** Cubes each seat holds: drafted and not yet built (Phase II), or the 3 drawn in solo. */
  hands: string[];
  devMode: 'simultaneous' | 'sequential';
  /** Simultaneous development: the seats that still have a development to make. */
  devSeats: Seat[];
  /** Public Works: how many seats have bought or passed this round. */
  worksDone: number;
  towns: Town[];
  rng: RngState;
}

/** The moves, derived from their JSON Schemas (schema.ts). */
export type { TownCenterMove } from './schema.js';

export type ForfeitReason = 'cannotPay' | 'noSite';

export type TownCenterEvent =
  | { type: 'cityHallPlaced'; seat: Seat; site: number }
  | { type: 'roundStarted'; round: number; firstPlayer: Seat; cubes: ColorName[]; officesReturned: number; rng: RngState }
  | { type: 'cubeStacked'; color: ColorName; tower: number }
  | { type: 'cubeTaken'; seat: Seat; tower: number; color: ColorName }
  | { type: 'cubeReturned'; color: ColorName }
  | { type: 'cubeForfeited'; seat: Seat; color: ColorName; reason: ForfeitReason }
  | { type: 'cubeBuilt'; seat: Seat; color: ColorName; site: number; level: number; cost: number }
  | { type: 'developmentStarted'; mode: 'simultaneous' | 'sequential'; seats: Seat[]; active: Seat }
  | { type: 'cubeDeveloped'; seat: Seat; color: ColorName; site: number; level: number }
  | { type: 'developmentEnded'; seat: Seat }
  | { type: 'developmentTurn'; seat: Seat }
  | { type: 'incomePaid'; amounts: number[] }
  | { type: 'cubeBought'; seat: Seat; color: ColorName; site: number; level: number; cost: number }
  | { type: 'passed'; seat: Seat; forced: boolean }
  | { type: 'gameEnded' };
