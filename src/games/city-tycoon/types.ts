import type {
  Resource as ResourceSchema,
  PlantSide as PlantSideSchema,
  DistrictType as DistrictTypeSchema,
  Plant as PlantSchema,
  Phase as PhaseSchema,
  Transfer as TransferSchema,
} from './schema.js';
import type { Static } from '../../engine/index.js';
import type { RngState, Seat } from '../../engine/index.js';

export type DistrictType = Static<typeof DistrictTypeSchema>;
export type Resource = Static<typeof ResourceSchema>;
export type PlantSide = Static<typeof PlantSideSchema>;
export type Phase = Static<typeof PhaseSchema>;

/** What a player gains: money, victory points, goods cubes. */
export interface Benefit {
  money: number;
  vp: number;
  goods: number;
}

/** Cubes a supply option needs. */
export interface Needs {
  electricity: number;
  water: number;
  goods: number;
}

export interface SupplyOption {
  needs: Needs;
  gives: Benefit;
}

/** One way to pay for a district: its cost and the construction bonus taken at once. */
export interface BuildLevel {
  cost: number;
  bonus: Benefit;
}

export interface District {
  id: string;
  round: number;
  name: string;
  type: DistrictType;
  /** One level: a fixed cost. Several: a variable cost (the builder picks one). */
  build: BuildLevel[];
  options: SupplyOption[];
  cooperation: { type: DistrictType; money: number; vp: number } | null;
  terrain: { kind: 'forest' | 'water'; count: number } | null;
  typeCount: { type: DistrictType; vp: number } | null;
}

export type Plant = Static<typeof PlantSchema>;

/** A placed tile. `owner` is null for the city's four tiles and for water tiles. */
export interface Cell {
  x: number;
  y: number;
  kind: 'city' | 'district' | 'plant' | 'forest' | 'water';
  owner: Seat | null;
  /** District id, plant id (`power3`), `cityPower` / `cityWater` / `cityDistrict`, or null for terrain. */
  tile: string | null;
  /** The resource this tile produces (plants and the city's two plants), else null. */
  plant: Resource | null;
  side: PlantSide | null;
  /** Cubes waiting on a plant. */
  cubes: number;
  /** Cubes a plant adds at each cleanup. */
  recycle: number;
  /** The cubes delivered to a district this round (null: not supplied yet). */
  supplied: { option: number; electricity: number; water: number; goods: number } | null;
}

/** A decision in progress during construction: the revealed tile waits for its place. */
export type Pending =
  | { kind: 'district'; tile: string; level: number }
  | { kind: 'plant'; tile: string; plant: string; side: PlantSide }
  | { kind: 'terrain'; terrain: 'forest' | 'water'; remaining: number; x: number; y: number };

export interface State {
  players: number;
  /** Option draftPass (ruling C3 / CT1). */
  draftPass: 'right' | 'left';
  round: number;
  phase: Phase;
  /** Turn order: seats, first to last. */
  order: Seat[];
  /** Index into `order` of the seat acting (construction, supply). */
  turn: number;
  money: number[];
  vp: number[];
  goods: number[];
  /** Net money the bank (the city) has received: sum(money) + bank is constant. */
  bank: number;
  /** Undealt district tiles of each round, in shuffled order (hidden). */
  stacks: string[][];
  /** Draft hands (hidden from other seats). */
  hands: string[][];
  /** Whether each seat has kept a tile in the current draft pass. */
  picked: boolean[];
  /** Kept tiles not played yet (hidden from other seats). */
  kept: string[][];
  /** Tiles revealed and discarded (sold, or spent on a plant). */
  discard: string[];
  pending: Pending | null;
  /** Supply phase: seats that have passed. */
  passed: boolean[];
  /** Remaining plants of each stack, top first. */
  plantStacks: { power: string[]; water: string[] };
  terrainLeft: number;
  /** Placed tiles by key `x,y`. */
  cells: Record<string, Cell>;
  rng: RngState;
}

export interface Point {
  x: number;
  y: number;
}

/** The moves, derived from their JSON Schemas (schema.ts). */
export type { CityTycoonMove as Move } from './schema.js';

/** Money moving between two parties; 'bank' is the bank, which also takes the city's tolls. */
export type Transfer = Static<typeof TransferSchema>;

export interface Delivery {
  resource: Resource;
  /** From the source plant to the district, both included. */
  path: Point[];
  cost: number;
}

export type Event =
  | { type: 'roundStarted'; round: number; order: Seat[]; hands: string[][] }
  | { type: 'tileKept'; seat: Seat; tile: string }
  | { type: 'handsPassed'; hands: string[][] }
  | { type: 'constructionStarted'; turn: number }
  | { type: 'districtRevealed'; seat: Seat; tile: string; level: number }
  | {
      type: 'districtBuilt';
      seat: Seat;
      tile: string;
      level: number;
      x: number;
      y: number;
      transfers: Transfer[];
      vp: number;
      goods: number;
    }
  | { type: 'terrainPlaced'; seat: Seat; terrain: 'forest' | 'water'; x: number; y: number }
  | { type: 'terrainSkipped'; seat: Seat; terrain: 'forest' | 'water'; count: number }
  | { type: 'plantRevealed'; seat: Seat; tile: string; plant: string; side: PlantSide }
  | { type: 'plantBuilt'; seat: Seat; plant: string; side: PlantSide; x: number; y: number; transfers: Transfer[] }
  | { type: 'tileSold'; seat: Seat; tile: string; transfers: Transfer[] }
  | { type: 'turnChanged'; turn: number }
  | { type: 'supplyStarted'; turn: number }
  | {
      type: 'districtSupplied';
      seat: Seat;
      x: number;
      y: number;
      option: number;
      deliveries: Delivery[];
      goodsUsed: number;
      transfers: Transfer[];
      vp: number;
      goods: number;
    }
  | { type: 'supplyPassed'; seat: Seat; forced: boolean }
  | { type: 'cleanedUp'; recycled: { x: number; y: number; cubes: number }[] }
  | { type: 'gameEnded' };

export interface Options {
  /**
   * Which neighbour receives the rest of a draft hand. 'right' (the rule text, ruling C3) gives it
   * to the previous seat; 'left' (the rulebook's worked example) to the next seat.
   */
  draftPass: 'right' | 'left';
}
