import type { AnyGame, GameEvent, Json, Move, Seat, Viewer } from './types.js';

/**
 * Takebacks in the kernel (docs/shapes.md, "A log entry"): never a deletion, an entry that restores
 * an earlier state. Its move is `{ type: "takeback", undo: N }` (N: the version undone) and its one
 * kernel event `{ type: "@restored", undone: N, state }` carries the full state before N, so every
 * fold (catch-up, replays, imports) just replaces the state. Viewers read the event without the state.
 *
 * Which moves may be undone is each game's call (`Game.undoable`): a move that drew at random or
 * revealed what a seat could not see before may not be, since undoing it would let a player draw
 * again or forget what they saw. Games without their own say: an event carrying the generator's
 * state (`rng`) is a random draw.
 */

export const RESTORED = '@restored' as const;
export const TAKEBACK = 'takeback' as const;

export interface RestoredEvent extends GameEvent {
  type: typeof RESTORED;
  undone: number;
  state: Json;
}

export interface TakebackMove extends Move {
  type: typeof TAKEBACK;
  undo: number;
}

/** Why a move may not be undone, as far as the engine can tell. */
export type UndoRefusal = 'random-draw' | 'hidden-reveal';
export type Undoable = true | { reason: UndoRefusal };

export const isRestored = (e: GameEvent): e is RestoredEvent => e.type === RESTORED;
export const isTakebackMove = (m: Move): m is TakebackMove => m.type === TAKEBACK && Number.isInteger((m as TakebackMove).undo);

export const restoredEvent = (undone: number, state: unknown): RestoredEvent => ({ type: RESTORED, undone, state: state as Json });
export const takebackMove = (undo: number): TakebackMove => ({ type: TAKEBACK, undo });

/** An event as a viewer may read it: the game's `eventView`, and a restoration without its state. */
export function eventViewOf(game: AnyGame, e: GameEvent, viewer: Viewer): Json | null {
  if (isRestored(e)) return { type: RESTORED, undone: e.undone };
  return game.eventView(e, viewer);
}

/** Whether a move with these events may be undone: the game's own answer, or the generic one (an event with `rng` drew at random). */
export function undoableOf(game: AnyGame, move: Move, seat: Seat, events: readonly GameEvent[]): Undoable {
  if (move.type === TAKEBACK || events.some(isRestored)) return { reason: 'random-draw' }; // never offered: takebacks are not undone
  if (game.undoable) return game.undoable(move, seat, events as GameEvent[]);
  return events.some((e) => 'rng' in e) ? { reason: 'random-draw' } : true;
}

/** A log entry as far as takebacks are concerned. */
export interface LoggedEntry {
  version: number;
  move: Move;
}

/**
 * Which entries a later takeback undid: version -> the takeback's version (derived from the log,
 * never stored). A takeback undoing N undoes every entry from N up to it that was not undone yet.
 */
export function undoneByOf(entries: readonly LoggedEntry[]): Map<number, number> {
  const out = new Map<number, number>();
  const live: number[] = [];
  for (const e of entries) {
    if (isTakebackMove(e.move)) {
      while (live.length > 0 && live[live.length - 1]! >= e.move.undo) out.set(live.pop()!, e.version);
      continue;
    }
    live.push(e.version);
  }
  return out;
}

/** The entries still in effect (neither undone nor takebacks), in order: the game as if the undone moves were never made. */
export function liveEntries<T extends LoggedEntry>(entries: readonly T[]): T[] {
  const undone = undoneByOf(entries);
  return entries.filter((e) => !isTakebackMove(e.move) && !undone.has(e.version));
}
