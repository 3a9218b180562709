import { applyMove, resolveOptions, Rng, type AnyGame, type GameEvent, type Move } from '../../src/engine/index.js';
import { hostedGames } from '../../src/games/index.js';

export const games = hostedGames as AnyGame[];

/** The player counts bots are tested at: 4 where the game allows it, and the smallest. */
export const tableSizes = (g: AnyGame): number[] => [...new Set([Math.min(4, g.maxPlayers), g.minPlayers])];

export function configOf(g: AnyGame, players: number, seed: string) {
  const r = resolveOptions(g, players, {});
  if (!r.ok) throw new Error(r.error.message);
  return { players, options: r.value, seed };
}

export interface Position {
  state: unknown;
  events: GameEvent[];
}

/**
 * Random positions of one game: a random legal game, stopped at `every`-th move, each position with
 * the log that led to it (the events, as the service stores them).
 */
export function randomPositions(g: AnyGame, players: number, seed: string, every: number): Position[] {
  const rng = Rng.fromSeed(`positions:${seed}`);
  let state = g.setup(configOf(g, players, seed));
  const events: GameEvent[] = [];
  const out: Position[] = [];
  for (let step = 0; g.outcome(state) === null; step++) {
    if (step % every === every - 1) out.push({ state, events: events.slice() });
    const seat = rng.pick(g.toMove(state));
    const move: Move = rng.pick(g.legalMoves(state, seat));
    const r = applyMove(g, state, move, seat);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
    events.push(...r.value.events);
  }
  return out;
}
