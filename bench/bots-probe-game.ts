/**
 * One ladder game with the tested seat probed, in a thread of bench/bots-probe.ts (which says what the
 * probes are): a flat rollout over `greedy` on sampled states, or on the true state (the oracle).
 */
import {
  advantage,
  after,
  applyMove,
  chooseMove,
  type AnyGame,
  type BotLevel,
  type BotRequest,
  type GameBot,
  type GameEvent,
  type Json,
  type Move,
  resolveOptions,
  Rng,
  rootMoves,
  type Seat,
} from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { defaultRegistry } from '../src/games/index.js';
import { ladderGame, PAIRINGS, testedShare } from './bots-game.js';

export type Probe = 'rollout' | 'oracle' | 'none';

export interface ProbeTask {
  game: string;
  pairing: string;
  i: number;
  probe: Probe;
  candidates: number;
  simulations: number;
  depth: number;
  iterations: Partial<Record<BotLevel, number>>;
}

const registry = defaultRegistry();

/** Chances to win from a position: the winners' shares once over, else the search's softmax of the evaluation. */
function chances(game: AnyGame, bot: GameBot, state: unknown): number[] {
  const out = game.outcome(state);
  const v = bot.evaluate(state);
  if (out) return v.map((_, s) => (out.winners.includes(s) ? 1 / out.winners.length : 0));
  const top = Math.max(...v);
  const e = v.map((x) => Math.exp((x - top) / bot.scale));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/**
 * `greedy` on a known state (bot.ts's `greedyMove` reads a few samples of it instead): the move whose
 * position one move ahead is best against the best rival (ties by `rng`).
 */
function greedyOn(game: AnyGame, bot: GameBot, state: unknown, seat: Seat, rng: Rng): Move {
  const moves = game.legalMoves(state, seat);
  if (moves.length === 1) return moves[0]!;
  let best: Move[] = [];
  let bestValue = -Infinity;
  for (const m of moves) {
    const next = after(game, state, m, seat);
    const v = next === null ? -Infinity : advantage(bot.evaluate(next), seat);
    if (v > bestValue + 1e-9) [bestValue, best] = [v, [m]];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(m);
  }
  return rng.pick(best);
}

/** The flat rollout's move (the true state in place of samples for the oracle). */
function rolloutMove(game: AnyGame, bot: GameBot, req: BotRequest, task: ProbeTask, truth: unknown): Move {
  const rng = Rng.fromSeed(`probe:${req.seed}`);
  const sample = () => (task.probe === 'oracle' ? truth : bot.determinize(req.view, req.history, req.seat, rng));
  const first = sample();
  const legal = rootMoves(game, first, req);
  if (legal.length === 1) return legal[0]!;
  let alive = legal
    .map((move) => {
      const next = after(game, first, move, req.seat);
      return { move, prior: next === null ? -Infinity : advantage(bot.evaluate(next), req.seat), total: 0, runs: 0 };
    })
    .sort((a, b) => b.prior - a.prior)
    .slice(0, task.candidates);
  const rounds = Math.ceil(Math.log2(alive.length));
  for (let round = 0; round < rounds && alive.length > 1; round++) {
    const each = Math.max(1, Math.floor(task.simulations / rounds / alive.length));
    for (let j = 0; j < each; j++) {
      const base = sample();
      for (const c of alive) {
        // The same sample and the same tie-breaks for every candidate (common random numbers).
        const ties = Rng.fromSeed(`probe:${req.seed}:${round}:${j}`);
        let state = after(game, base, c.move, req.seat);
        for (let d = 0; state !== null && d < task.depth && game.outcome(state) === null; d++) {
          const actor = game.toMove(state)[0];
          if (actor === undefined) break;
          state = after(game, state, greedyOn(game, bot, state, actor, ties), actor);
        }
        c.total += state === null ? 0 : chances(game, bot, state)[req.seat]!;
        c.runs++;
      }
    }
    alive = alive.sort((a, b) => b.total / b.runs - a.total / a.runs).slice(0, Math.ceil(alive.length / 2));
  }
  return alive[0]!.move;
}

/** One ladder game with the tested seat probed: the loop of src/engine/arena.ts's playBots, with the true state at hand. */
export default function playProbe(task: ProbeTask): number {
  const game = registry.current(task.game)!;
  const bot = botFor(task.game)!;
  const pairing = PAIRINGS.find((p) => p.id === task.pairing)!;
  const { levels, seed } = ladderGame(task.game, pairing, task.i);
  const options = resolveOptions(game, levels.length, {});
  if (!options.ok) throw new Error(options.error.message);
  let state = game.setup({ players: levels.length, options: options.value, seed });
  const histories: Json[][] = levels.map(() => []);
  let moves = 0;
  while (game.outcome(state) === null) {
    const seat = game.toMove(state)[0]!;
    moves++;
    const req: BotRequest = {
      seat,
      view: game.view(state, seat),
      history: histories[seat]!,
      level: levels[seat]!,
      seed: `${seed}:${seat}:${moves}`,
      legal: game.legalMoves(state, seat),
      iterations: task.iterations[levels[seat]!],
    };
    const probed = seat === task.i % 4 && task.probe !== 'none';
    const move = probed ? rolloutMove(game, bot, req, task, state) : chooseMove(game, bot, req).move;
    const r = applyMove(game, state, move, seat);
    if (!r.ok) throw new Error(`${game.id}: ${JSON.stringify(move)}: ${r.error.code}`);
    state = r.value.state;
    for (const e of r.value.events)
      histories.forEach((h, viewer) => {
        const v = game.eventView(e as GameEvent, viewer);
        if (v !== null) h.push(v);
      });
  }
  return testedShare(game.outcome(state)!, task.i);
}
