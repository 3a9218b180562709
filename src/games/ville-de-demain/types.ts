import type { RngState, Seat } from '../../engine/index.js';
import type { DeckNumber, HabitationKind } from './data.js';

/**
 * Card references. A building card in a deck, a discard pile, the visible row or a city is named
 * `<id>#<copy>` (e.g. `bakery#2`), so every one of the 66 physical cards can be followed and
 * counted. Habitations, the Town Hall and special buildings are named by their id alone (a city
 * never holds two of one name). The `#` references never leave the engine: views and readable
 * events name cards by id only.
 */
export type CardRef = string;

/**
 * The steps of a player's turn (rulebook B.1 to B.4):
 * discard (optional) -> refill (to 3 visible cards) -> build (buy a card / a Habitation / take a
 * coin) -> special (optional). `over` once the game has ended.
 */
export type Step = 'discard' | 'refill' | 'build' | 'special' | 'over';

export interface VilleState {
  players: number;
  /** The Prem's holder (V1): first player of every round. Always seat 0 (ruling D2). */
  firstPlayer: Seat;
  round: number;
  current: Seat;
  step: Step;
  /** Index 0 is deck 1. The top card is the last element. Hidden (V8). */
  decks: CardRef[][];
  /** Face-down discard piles, one per deck. Hidden (V2, V8). */
  discards: CardRef[][];
  /** The visible building cards of the central zone, in slot order. */
  visible: CardRef[];
  /** Habitations left on offer, per kind. */
  habitations: Record<HabitationKind, number>;
  /** Special buildings still on offer, in catalogue order. */
  specials: string[];
  /** Each seat's city, in the order the cards were placed (Town Hall first). */
  cities: CardRef[][];
  coins: number[];
  /** The seat that placed the first 10th card, once someone has (V6). */
  endTriggeredBy: Seat | null;
  rng: RngState;
}

/** The moves, derived from their JSON Schemas (schema.ts). */
export type { VilleMove } from './schema.js';

export type VilleEvent =
  | { type: 'roundBegan'; round: number; income: number[] }
  | { type: 'stepBegan'; seat: Seat; step: Exclude<Step, 'over'> }
  | { type: 'cardDiscarded'; seat: Seat; slot: number; deck: DeckNumber }
  | { type: 'discardSkipped'; seat: Seat }
  /** An empty deck rebuilt from its discard pile (V3). `order` and `rng` are secret. */
  | { type: 'deckRebuilt'; deck: DeckNumber; size: number; order: CardRef[]; rng: RngState }
  /** The top card of a deck turned face up into the visible row: public from now on. */
  | { type: 'cardDrawn'; seat: Seat; deck: DeckNumber; card: string }
  | { type: 'cardBought'; seat: Seat; slot: number; card: string; cost: number }
  | { type: 'habitationBought'; seat: Seat; kind: HabitationKind; cost: number }
  | { type: 'coinTaken'; seat: Seat }
  | { type: 'specialTaken'; seat: Seat; special: string }
  | { type: 'specialSkipped'; seat: Seat }
  | { type: 'endTriggered'; seat: Seat; round: number }
  | { type: 'gameEnded'; scores: number[] };

/** The game has no options (2-5 players is the whole configuration). */
export type VilleOptions = Record<string, never>;
