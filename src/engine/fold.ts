import { isRestored } from './takeback.js';
import type { AnyGame, GameConfig, GameEvent, Move, RuleViolation, Seat } from './types.js';
import { violationOf } from './messages.js';

/** Rebuilds a state from its initial state and a run of events (the replay fold). A takeback's `@restored` replaces the state. */
export function fold<S>(game: AnyGame, state: S, events: readonly GameEvent[]): S {
  let s = state;
  for (const e of events) s = isRestored(e) ? (e.state as S) : (game.evolve(s, e) as S);
  return s;
}

export interface Applied<S> {
  state: S;
  events: GameEvent[];
}

/**
 * Decides and applies one move. Returns the new state and the events, or the violation.
 * Also refuses moves from a seat that is not to move, and moves after the end, with the
 * kernel's own codes, so every engine answers those two alike.
 */
export function applyMove<S>(
  game: AnyGame,
  state: S,
  move: Move,
  seat: Seat,
): { ok: true; value: Applied<S> } | { ok: false; error: RuleViolation } {
  if (game.outcome(state) !== null) {
    return { ok: false, error: violationOf(game.messages, 'GAME_OVER', 'end of game') };
  }
  if (!game.toMove(state).includes(seat)) {
    return { ok: false, error: violationOf(game.messages, 'NOT_YOUR_TURN', 'turn order', { seat }) };
  }
  const decided = game.decide(state, move, seat);
  if (!decided.ok) return decided;
  return { ok: true, value: { state: fold(game, state, decided.value), events: decided.value } };
}

/** Sets a game up and replays a list of (seat, move) pairs, failing on the first refused move. */
export function replayMoves<S>(
  game: AnyGame,
  config: GameConfig<unknown>,
  moves: readonly { seat: Seat; move: Move }[],
): { state: S; events: GameEvent[] } {
  let state = game.setup(config) as S;
  const events: GameEvent[] = [];
  moves.forEach(({ seat, move }, i) => {
    const r = applyMove<S>(game, state, move, seat);
    if (!r.ok) throw new Error(`move ${i + 1} (${JSON.stringify(move)}) refused: ${r.error.code}: ${r.error.message}`);
    state = r.value.state;
    events.push(...r.value.events);
  });
  return { state, events };
}
