/**
 * Flat Monte Carlo over `greedy` rollouts, the budget shared by successive halving (Karnin, Koren and
 * Somekh, 2013: "Almost Optimal Exploration in Multi-Armed Bandits") on common samples: the search
 * levels' player in a game whose bot asks for it (`GameBot.rollout`), where the evaluation reads a
 * position poorly a few moves ahead but whole games are cheap, and the rivals are best modelled as
 * the one-move-ahead players they mostly are (Ma Petite Ville: the race to place the last silhouette).
 *
 * What it guarantees:
 * - It reads only the seat's view and history, like the tree search (bot.ts): the hidden state comes
 *   from the game's `determinize`, a new sample for each run.
 * - Candidates: the root moves the evaluation one move ahead ranks best on the first sample (at most
 *   `candidates`).
 * - A run: one sample, every candidate still in play played on it, then every seat plays `greedy` on
 *   that sample (the move whose position one move ahead is best against the best rival, ties by one
 *   generator shared by the candidates) to the end, or for `depth` moves and then the evaluation's
 *   chances. Candidates are compared on the same samples and the same tie-breaks (common random
 *   numbers), so a run's noise is the same for each.
 * - Rounds: ceil(log2(candidates)), each an equal share of the budget (the iteration cap's, or the
 *   caller's think time: a round ends once its share of `timeLeft()` is spent, after one run at
 *   least); after each round the better half by mean reward goes on.
 * - It stops at the cap, or when the caller's `timeUp()` says so (checked before each run), and answers
 *   the candidate still in play with the best mean reward. Its `iterations` count runs: a candidate
 *   played out once on a sample is one. With an iteration cap and no clock the answer is reproducible.
 */
import {
  advantage,
  after,
  chances,
  LEVELS,
  rootMoves,
  valuesAfter,
  type BotChoice,
  type BotRequest,
  type GameBot,
  type MoveStat,
  type RolloutOptions,
} from './bot.js';
import { Rng } from './rng.js';
import type { AnyGame, Move, Seat } from './types.js';

const CANDIDATES = 16;
/** A run that has not ended after this many moves is judged by the evaluation. */
const WHOLE_GAME = 10_000;

/**
 * `greedy` on a known state (bot.ts's `greedyMove` averages a few samples of the seat's view
 * instead): the move whose position one move ahead is best against the best rival, ties by `rng`.
 */
export function greedyOn(game: AnyGame, bot: GameBot, state: unknown, seat: Seat, rng: Rng): Move {
  const moves = game.legalMoves(state, seat);
  if (moves.length === 1) return moves[0]!;
  const values = valuesAfter(game, bot, state, seat, moves);
  let best: Move[] = [];
  let bestValue = -Infinity;
  for (const [i, m] of moves.entries()) {
    const v = values[i] === null ? -Infinity : advantage(values[i]!, seat);
    if (v > bestValue + 1e-9) [bestValue, best] = [v, [m]];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(m);
  }
  return rng.pick(best);
}

interface Candidate {
  move: Move;
  prior: number;
  total: number;
  runs: number;
}

/**
 * The rollout player's move. `sample` draws the state a run plays on (default: the game's
 * `determinize` of the seat's view; bench/bots-probe.ts passes the true state to ask what seeing
 * the hidden state would be worth).
 */
export function rolloutMove(
  game: AnyGame,
  bot: GameBot,
  req: BotRequest,
  options: RolloutOptions = bot.rollout ?? {},
  sample?: (rng: Rng) => unknown,
): BotChoice {
  const rng = Rng.fromSeed(`rollout:${req.seed}`);
  const draw = sample ?? ((r: Rng) => bot.determinize(req.view, req.history, req.seat, r));
  const first = draw(rng);
  const legal = rootMoves(game, first, req);
  if (legal.length === 0) throw new Error(`${game.id}: seat ${req.seat} has no legal move`);
  if (legal.length === 1) return { move: legal[0]!, level: req.level, iterations: 0 };
  const depth = options.depth ?? WHOLE_GAME;
  const rivalsRandom = options.rivalsRandom ?? 0;
  const cap = req.iterations ?? LEVELS[req.level].iterations;
  const priors = valuesAfter(game, bot, first, req.seat, legal);
  let alive: Candidate[] = legal
    .map((move, i) => ({ move, prior: priors[i] === null ? -Infinity : advantage(priors[i]!, req.seat), total: 0, runs: 0 }))
    .sort((a, b) => b.prior - a.prior)
    .slice(0, options.candidates ?? CANDIDATES);
  const all = alive.slice();
  const mean = (c: Candidate) => (c.runs === 0 ? -Infinity : c.total / c.runs);
  const rounds = Math.max(1, Math.ceil(Math.log2(alive.length)));
  let iterations = 0;
  let timeUp = false;
  for (let round = 0; round < rounds && alive.length > 1 && !timeUp; round++) {
    const each = Math.max(1, Math.floor(cap / rounds / alive.length));
    /** The share of the think time left when this round's share is spent. */
    const until = 1 - (round + 1) / rounds;
    for (let j = 0; j < each && !timeUp; j++) {
      if (j > 0 && req.timeLeft && req.timeLeft() <= until) break;
      const base = draw(rng);
      for (const c of alive) {
        if (iterations > 0 && req.timeUp?.()) {
          timeUp = true;
          break;
        }
        // The same sample and the same tie-breaks for every candidate (common random numbers).
        const ties = Rng.fromSeed(`rollout:${req.seed}:${round}:${j}`);
        let state = after(game, base, c.move, req.seat);
        for (let d = 0; state !== null && d < depth && game.outcome(state) === null; d++) {
          const actor = game.toMove(state)[0];
          if (actor === undefined) break;
          const uniform = actor !== req.seat && rivalsRandom > 0 && ties.next() / 0x100000000 < rivalsRandom;
          state = after(game, state, uniform ? ties.pick(game.legalMoves(state, actor)) : greedyOn(game, bot, state, actor, ties), actor);
        }
        c.total += state === null ? 0 : chances(game, bot, state)[req.seat]!;
        c.runs++;
        iterations++;
      }
    }
    if (!timeUp) alive = alive.sort((a, b) => mean(b) - mean(a)).slice(0, Math.ceil(alive.length / 2));
  }
  const best = alive.reduce((a, b) => (mean(b) > mean(a) ? b : a));
  const stats: MoveStat[] = all
    .filter((c) => c.runs > 0)
    .map((c) => ({ move: c.move, visits: c.runs, value: c.total / c.runs }))
    .sort((a, b) => b.visits - a.visits || b.value - a.value);
  return { move: best.move, level: req.level, iterations, stats };
}
