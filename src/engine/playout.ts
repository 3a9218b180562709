import { applyMove } from './fold.js';
import { Rng } from './rng.js';
import type { AnyGame, GameConfig, GameEvent, Move, Seat } from './types.js';

export interface PlayoutStep {
  seat: Seat;
  move: Move;
  /** How many legal moves the seat had to choose from. */
  choices: number;
  events: GameEvent[];
}

export interface PlayoutHooks<S> {
  /** Called before each move with the state, the acting seat and its legal moves. */
  beforeMove?(state: S, seat: Seat, legal: Move[]): void;
  /** Called after each move with the new state. */
  afterMove?(state: S, step: PlayoutStep): void;
}

/**
 * Plays a game to its end by picking, at each step, a random seat among those to move and a
 * random move among its legal moves. The choices come from `choiceSeed`, so a playout is
 * reproducible. Throws if a listed move is refused or the game does not end within `maxSteps`.
 */
export function randomPlayout<S>(
  game: AnyGame,
  config: GameConfig<unknown>,
  choiceSeed: string,
  hooks: PlayoutHooks<S> = {},
  maxSteps = 100_000,
): { state: S; steps: PlayoutStep[] } {
  const rng = Rng.fromSeed(choiceSeed);
  let state = game.setup(config) as S;
  const steps: PlayoutStep[] = [];
  while (game.outcome(state) === null) {
    if (steps.length >= maxSteps) throw new Error(`${game.id}: no result after ${maxSteps} moves`);
    const seats = game.toMove(state);
    if (seats.length === 0) throw new Error(`${game.id}: nobody to move but no outcome`);
    const seat = rng.pick(seats);
    const legal = game.legalMoves(state, seat);
    if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} is to move but has no legal move`);
    hooks.beforeMove?.(state, seat, legal);
    const move = rng.pick(legal);
    const r = applyMove<S>(game, state, move, seat);
    if (!r.ok) throw new Error(`${game.id}: listed move ${JSON.stringify(move)} refused: ${r.error.code} ${r.error.message}`);
    state = r.value.state;
    const step = { seat, move, choices: legal.length, events: r.value.events };
    steps.push(step);
    hooks.afterMove?.(state, step);
  }
  return { state, steps };
}
