/**
 * The game interface every engine implements (the kernel).
 *
 * A game is a plain value, in the spirit of boardgame.io's `Game` and Emmett's `Decider`:
 *   setup(config)                 -> initial state (all setup randomness drawn from config.seed)
 *   decide(state, move, seat)     -> events, or a RuleViolation (all checking happens here)
 *   evolve(state, event)          -> next state (trusts its input, never checks, never rolls dice)
 *   legalMoves(state, seat)       -> every legal move for that seat, and nothing else
 *   view(state, viewer)           -> what that seat (or a spectator) may see
 *   eventView(event, viewer)      -> the part of an event that viewer may read (null: nothing)
 *   toMove(state)                 -> the seats that must act now (several in simultaneous phases)
 *   outcome(state)                -> the result once the game is over, else null
 *
 * Contracts every engine keeps:
 * - Pure and deterministic: no Date, no Math.random, no I/O. The same state and move give the
 *   same events, byte for byte.
 * - States, moves and events are plain JSON values (no Map, Set, class instance, undefined in
 *   arrays, NaN). They are stored as JSONB snapshots and hashed canonically.
 * - Random outcomes are decided in `decide` from the seeded generator whose state lives in the game
 *   state (see rng.ts), and written into the events, together with the generator's new state.
 *   `evolve` only copies them. Fields a viewer may not read (bag order, generator state, another
 *   seat's hand) are removed by `eventView` and never appear in `view`.
 * - Forced steps (automatic phases, a cube that can go nowhere) are emitted by `decide` as further
 *   events of the move that triggers them, so that after every accepted move `toMove` names who
 *   must act next, or the game is over.
 * - `legalMoves(state, seat)` is complete and exact: each listed move is accepted by `decide`, and
 *   every move accepted by `decide` is listed. Lists stay small (hundreds at most): combinatorial
 *   choices are split into steps.
 */

import type { Messages, Params } from './messages.js';
import type { GameSchemas, Outcome } from './schema.js';

/** A seat is the 0-based index of a player in the game's seat order. */
export type Seat = number;

/** Who is looking: a seat, or `null` for a spectator (who sees only public information). */
export type Viewer = Seat | null;

/** JSON values, the only values engines exchange with the outside world. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A move is one JSON object `{ type, ...fields }`: the same shape in REST, GraphQL variables, legal-move lists and the stored log. */
export interface Move {
  type: string;
}

/** An event records what happened, including every random outcome. */
export interface GameEvent {
  type: string;
}

/**
 * Why a move is refused. `code` is stable and machine-readable (SCREAMING_SNAKE_CASE, e.g.
 * `RESIDENTIAL_SPACING`), `message` is a sentence a player understands, naming the broken rule in
 * plain words, and `rule` points at the rulebook or ruling (e.g. "R10", "Construction, spacing rule").
 */
export interface RuleViolation {
  code: string;
  message: string;
  rule: string;
  /**
   * The message by id (src/engine/messages.ts): `key` names the sentence in the game's (or the
   * kernel's) catalogue, `params` are its values. `message` is that sentence in English; another
   * language formats its own sentence from `key` and `params`, never from the English.
   */
  key?: string;
  params?: Params;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleViolation };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const reject = (code: string, message: string, rule: string): Result<never> => ({
  ok: false,
  error: { code, message, rule },
});

/** What `setup` is given. `options` has already been validated against `optionsSchema` and completed with defaults. */
export interface GameConfig<O> {
  players: number;
  options: O;
  seed: string;
}

/** The result of a finished game: its schema, `Outcome` in schema.ts, says what each field holds. */
export type { Outcome };

/**
 * A JSON Schema (draft 2020-12 subset) describing an object. Move and option schemas use only:
 * type object|integer|string|boolean|array, properties, required, enum, minimum, maximum, items,
 * minItems, maxItems, description, default, additionalProperties: false. The service derives request
 * validation, the OpenAPI document and typed GraphQL inputs from them.
 */
export interface ObjectSchema {
  type: 'object';
  description?: string;
  properties: Record<string, FieldSchema>;
  required?: string[];
  /** Always false (closed objects); typed loosely so TypeBox's `Type.Object(..., { additionalProperties: false })` fits. */
  additionalProperties?: unknown;
}
export type FieldSchema =
  | { type: 'integer'; description?: string; minimum?: number; maximum?: number; default?: number }
  | { type: 'string'; description?: string; enum?: string[]; default?: string }
  | { type: 'boolean'; description?: string; default?: boolean }
  | { type: 'array'; description?: string; items: FieldSchema; minItems?: number; maxItems?: number }
  | ObjectSchema;

export interface Game<S, M extends Move, E extends GameEvent, O> {
  /** Stable id used in URLs and records, e.g. `town-center`. */
  id: string;
  name: string;
  /** Bumped whenever a rule change would replay an old log differently. Stored with every game. */
  engineVersion: number;
  minPlayers: number;
  maxPlayers: number;
  /** Schema of `options`; every property has a `default`. */
  optionsSchema: ObjectSchema;
  /** One schema per move type: the fields besides `type`. */
  moveSchemas: Record<M['type'], ObjectSchema>;
  /**
   * The game's shapes as JSON Schema (src/engine/schema.ts): its view, its public events (as
   * `eventView` gives them) and its moves. Published in OpenAPI and GraphQL, and checked against
   * thousands of random positions by the schema tests. Every hosted game has them.
   */
  schemas?: GameSchemas;
  /** The game's sentences by id, in English and French (its `messages.ts`): every code it refuses with. */
  messages?: Messages;
  /** Checks option combinations the schema cannot express (e.g. solo variants need 1 player). */
  checkConfig?(players: number, options: O): RuleViolation | null;

  setup(config: GameConfig<O>): S;
  decide(state: S, move: M, seat: Seat): Result<E[]>;
  evolve(state: S, event: E): S;
  legalMoves(state: S, seat: Seat): M[];
  toMove(state: S): Seat[];
  view(state: S, viewer: Viewer): Json;
  eventView(event: E, viewer: Viewer): Json | null;
  /**
   * Optional: what a viewer may read of a move made by `seat` while the game runs (a hidden
   * choice, like a tile kept in a secret draft, returns null for others). Default: moves are public.
   */
  moveView?(move: M, seat: Seat, viewer: Viewer): Json | null;
  outcome(state: S): Outcome | null;
  /**
   * Optional: whether a move made by `seat` that caused `events` may be taken back (takeback.ts):
   * not when it drew at random (`random-draw`) or showed a seat what it could not see before
   * (`hidden-reveal`), forced steps of the move included. Pure; reads the move and its events only,
   * so the log answers it for every stored entry. Default: an event carrying `rng` is a random draw.
   */
  undoable?(move: M, seat: Seat, events: E[]): true | { reason: 'random-draw' | 'hidden-reveal' };
  /** Optional: the game's move notation (see `Notation`). Every hosted game has one. */
  notation?: Notation<S, M>;
}

/**
 * Move notation, in the style of chessops' parseSan/makeSan: a short text for a move, in the game's
 * own terms (cards, tiles, coordinates, deck numbers), and its inverse. Contracts:
 * - `format(state, seat, move)` is written in the state the move is made from. For every move m of
 *   `legalMoves(state, seat)`, `parse(state, seat, format(state, seat, m))` is m (the same JSON), and
 *   no two listed moves have the same format: where a short text would be ambiguous in that
 *   position, format adds what tells the moves apart.
 * - format reads only the move and public parts of the state (and the seat's own hand), so a text
 *   never tells a viewer more than the move itself would.
 * - `parse` is case-insensitive and tolerant of spacing; it reads the text's shape and names what
 *   it expected when it cannot read it. It need not check legality: `decide` judges the move it
 *   returns (so an illegal move keeps its own code and rule).
 */
export interface Notation<S, M extends Move> {
  format(state: S, seat: Seat, move: M): string;
  parse(state: S, seat: Seat, text: string): Result<M>;
}

/** The erased form the service works with: the registry holds games of different state types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, Move, GameEvent, any>;
