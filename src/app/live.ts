import { fold } from '../engine/index.js';
import type { Json, Outcome, Seat } from '../engine/index.js';
import type { GameStatus } from '../store/types.js';
import type { GameService } from './game-service.js';

/** One accepted move as a live watcher receives it: the move, its events and the view right after it. */
export interface LiveMove {
  version: number;
  seat: Seat;
  at: string;
  /** The move, or null while it is hidden from this viewer. */
  move: Json | null;
  /** What the move caused, as this viewer may read it. */
  events: Json[];
  status: GameStatus;
  toMove: Seat[];
  outcome: Outcome | null;
  /** The viewer's view of the game right after this move. */
  view: Json;
}

/**
 * The moves after version `after` (at most `limit`), each with the caller's view right after it and
 * its events as the caller may read them. Shared by the REST stream and the GraphQL subscription:
 * a watcher that learns of a version it has not seen (from this process or, through Redis, from
 * another) reads what it missed from the store, so it misses nothing and gets nothing twice.
 * Hidden information leaves only through the game's view, eventView and the service's moveFor.
 */
export async function movesSince(service: GameService, gameId: string, token: string | undefined, after: number, opts: { knownVersion?: number; limit?: number } = {}): Promise<{ version: number; moves: LiveMove[] }> {
  const limit = opts.limit ?? 100;
  // A notice's version lets a process that holds the game skip the store's version check.
  const { s, caller } = await service.open(gameId, token, opts.knownVersion);
  const viewer = caller.kind === 'seat' ? caller.seat : null;
  // Taken together before any await: another move may advance the session meanwhile.
  const version = s.version;
  const latest = s.state;
  if (after >= version) return { version, moves: [] };
  const upTo = Math.min(version, after + limit);
  const stored = await service.store.readMoves(gameId, after, upTo);
  // One new move (the usual case): the session's state is the state after it. Otherwise fold from
  // the state at `after` (rebuilt from the nearest snapshot), move by move.
  let state = upTo === version && stored.length === 1 ? undefined : await service.stateAt(s, after);
  const moves = stored.map((m): LiveMove => {
    state = state === undefined ? latest : fold(s.game, state, m.events);
    const d = service.derived(s, state, m.version);
    return {
      version: m.version,
      seat: m.seat,
      at: m.createdAt.toISOString(),
      move: service.moveFor(s, m, viewer),
      events: m.events.map((e) => s.game.eventView(e, viewer)).filter((e): e is Json => e !== null),
      status: d.status,
      toMove: d.toMove,
      outcome: d.outcome,
      view: s.game.view(state, viewer) as Json,
    };
  });
  return { version, moves };
}
