import { takebackMove, undoableOf, undoneByOf, type AnyGame, type LoggedEntry, type Move, type Seat } from '../engine/index.js';
import type { GameRow, GameStatus, GameStore, StoredMove, TakebackSetting } from '../store/types.js';
import { TAKEBACK_SETTINGS } from '../store/types.js';
import { AppError } from './errors.js';
import type { Session } from './service-types.js';

/**
 * What the log, records, replays and the game answer show of takebacks (docs/shapes.md): each
 * entry's `undoable` (the engine's say, src/engine/takeback.ts; never a resignation nor a takeback),
 * `undoneBy` on an entry a later takeback undid (derived from the log, never stored), the game's
 * `takebacks` setting and a pending `takebackRequest`. The use case itself is src/app/takeback.ts.
 */

/** `takebacks` at creation: one of none, own-turn (the default), with-consent. */
export function takebacksAtCreation(value: unknown): TakebackSetting {
  if (value === undefined || value === null) return 'own-turn';
  if (typeof value !== 'string' || !(TAKEBACK_SETTINGS as readonly string[]).includes(value)) {
    throw AppError.of(
      'INVALID_INPUT',
      'INVALID_INPUT.takebacks',
      { settings: TAKEBACK_SETTINGS.join(', '), given: String(JSON.stringify(value) ?? 'undefined').slice(0, 40) },
      { field: 'takebacks' },
    );
  }
  return value as TakebackSetting;
}

/** Whether a stored entry may be taken back, as far as its own events go. */
export function entryUndoable(s: Session, m: StoredMove): boolean {
  if (m.origin === 'resign' || m.origin === 'takeback') return false;
  return undoableOf(s.game, m.move, m.seat, m.events) === true;
}

/**
 * For each legal move, whether it could be taken back once made: decided ahead (decide is pure), its
 * events judged by the engine. What a move will draw or reveal follows from public rules and the
 * public position, so the answer tells the seat nothing it could not work out. `game`: the engine
 * without the measuring wrapper (telemetry's `rawGame`): these decides are not moves.
 */
export function undoableAhead(game: AnyGame, state: unknown, seat: Seat, moves: readonly Move[]): boolean[] {
  return moves.map((m) => {
    const d = game.decide(state, m, seat);
    return d.ok && undoableOf(game, m, seat, d.value) === true;
  });
}

/** Which entries of a log of `latest` versions the given takebacks undid: version -> the takeback's version. */
export function undoneByFrom(latest: number, takebacks: readonly { version: number; undo: number }[]): Map<number, number> {
  if (takebacks.length === 0) return new Map();
  const byVersion = new Map(takebacks.map((t) => [t.version, t.undo]));
  const entries: LoggedEntry[] = [];
  for (let v = 1; v <= latest; v++) {
    const undo = byVersion.get(v);
    entries.push({ version: v, move: undo === undefined ? { type: 'move' } : takebackMove(undo) });
  }
  return undoneByOf(entries);
}

/** The game's undone entries (version -> the takeback's version), from its takeback entries only. */
export async function undoneByOfGame(store: GameStore, s: Session): Promise<Map<number, number>> {
  if (s.row.takebacks === 'none') return new Map(); // no takeback was ever allowed
  return undoneByFrom(s.version, await store.takebackEntries(s.row.id));
}

/** The marks of each entry of a page of the log: `undoable`, and `undoneBy` when a later takeback undid it. */
export async function entryMarks(
  store: GameStore,
  s: Session,
  moves: readonly StoredMove[],
): Promise<(m: StoredMove) => { undoable: boolean; undoneBy?: number }> {
  const undone = moves.length === 0 ? new Map<number, number>() : await undoneByOfGame(store, s);
  return (m) => {
    const by = undone.get(m.version);
    return { undoable: entryUndoable(s, m), ...(by !== undefined ? { undoneBy: by } : {}) };
  };
}

/** The game answer's `takebackRequest`, while it waits (the game still at the version it was asked at, and running). */
export function requestShown(
  row: GameRow,
  version: number,
  status: GameStatus,
): { takebackRequest?: { seat: number; undo: number; acceptedBy: number[] } } {
  const r = row.takebackRequest;
  if (!r || r.at !== version || status !== 'active') return {};
  return { takebackRequest: { seat: r.seat, undo: r.undo, acceptedBy: [...r.acceptedBy] } };
}
