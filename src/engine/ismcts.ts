/**
 * Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012: "Information Set
 * Monte Carlo Tree Search", SO-ISMCTS with the availability count), for 1 to 8 seats.
 *
 * What it guarantees:
 * - It searches over what the seat knows: every iteration draws a new full state from the game's
 *   `determinize(view, history, seat, rng)` and walks the tree with the moves legal in that sample.
 *   The true state is never an input (bot.ts).
 * - Per-seat rewards (max^n): each node keeps a reward per seat and the seat acting there picks by
 *   its own, with UCB1 over the times the move was available (moves legal in some samples only).
 * - A move whose outcome the seat observes differently (a tile drawn, cubes drawn, a hand passed
 *   to it) leads to one subtree per observation: the searching seat's `eventView` of the move's
 *   events, so the tree never mixes positions the seat can tell apart.
 * - Playouts pick greedy-biased random moves: mostly the best of a few sampled legal moves by the
 *   game's evaluation one move ahead, sometimes a uniform one; after `playoutDepth` moves the
 *   position's evaluation becomes chances to win (a softmax over the seats at the game's `scale`).
 *   A finished game rewards its winners (shared on ties). Alone, the reward is the final score
 *   against the position searched from.
 * - It stops at the iteration cap or when the caller's `timeUp()` says so, checked between
 *   iterations and every few playout moves (so it overruns by a fraction of a playout), and
 *   answers the most visited move.
 * - It stops early once the choice is settled: when the most visited root move leads the next by
 *   more visits than the iterations left (the cap's, or what the caller's `timeLeft()` share of its
 *   budget buys at the rate so far), no other move can be chosen. With an iteration cap and no
 *   clock the answer is the one the whole budget gives, in fewer iterations. `exhaustive` turns
 *   this off (analysis reports every move's figures).
 */
import {
  advantage,
  after,
  chances,
  greedyMove,
  LEVELS,
  rootMoves,
  type BotChoice,
  type BotRequest,
  type GameBot,
  type MoveStat,
} from './bot.js';
import { Rng } from './rng.js';
import type { AnyGame, GameEvent, Move, Seat } from './types.js';

/** UCB1's exploration constant for rewards in [0, 1]. */
const EXPLORATION = 0.7;
/** Playouts play a uniform move this often, else the best of a few candidates. */
const PLAYOUT_RANDOM = 0.25;
const PLAYOUT_CANDIDATES = 3;
/** Virtual visits of a root move's prior (its evaluation one move ahead). */
const PRIOR_VISITS = 3;
/** Iterations between two checks of whether the choice is settled. */
const SETTLE_CHECK = 16;

interface StateNode {
  moves: Map<string, MoveNode>;
}

interface MoveNode {
  move: Move;
  actor: Seat;
  visits: number;
  available: number;
  reward: Float64Array;
  /** The positions after this move, by what the searching seat observed of it. */
  next: Map<string, StateNode>;
}

const moveKey = (m: Move): string => JSON.stringify(m);

export function ismctsMove(game: AnyGame, bot: GameBot, req: BotRequest): BotChoice {
  const options = bot.search ?? {};
  const rng = Rng.fromSeed(`ismcts:${req.seed}`);
  const seat = req.seat;
  const first = bot.determinize(req.view, req.history, seat, rng);
  const legal = rootMoves(game, first, req);
  if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} has no legal move`);
  if (legal.length === 1) return { move: legal[0]!, level: req.level, iterations: 0 };
  const allowed = new Set(legal.map(moveKey));
  const players = bot.evaluate(first).length;
  const rootValue = bot.evaluate(first)[seat]!;
  const randomShare = options.randomShare ?? PLAYOUT_RANDOM;
  const candidates = options.candidates ?? PLAYOUT_CANDIDATES;
  const priorVisits = options.priorVisits ?? PRIOR_VISITS;
  const exploration = options.exploration ?? EXPLORATION;
  const widening = options.widening ?? 0;
  const expandByPolicy = options.expandByPolicy ?? false;
  const cap = req.iterations ?? LEVELS[req.level].iterations;
  const uniform = () => rng.next() / 0x100000000;

  /** Rewards per seat in [0, 1] for a playout's last position. */
  const rewards = (state: unknown): number[] => {
    if (players !== 1) return chances(game, bot, state);
    const out = game.outcome(state);
    const v = out ? out.scores[0]! : bot.evaluate(state)[0]!;
    return [1 / (1 + Math.exp(-(v - rootValue) / bot.scale))];
  };

  const actorOf = (state: unknown): Seat | null => {
    const seats = game.toMove(state);
    return seats.length === 0 ? null : seats[0]!;
  };

  /** The playout policy: a uniform move sometimes, else the best of a few by evaluation one move ahead. */
  const policy = (state: unknown, actor: Seat, moves: Move[]): Move => {
    if (moves.length === 1 || uniform() < randomShare) return rng.pick(moves);
    let best = moves[0]!;
    let bestValue = -Infinity;
    for (let k = 0; k < Math.min(candidates, moves.length); k++) {
      const m = rng.pick(moves);
      const next = after(game, state, m, actor);
      if (next === null) continue;
      const v = advantage(bot.evaluate(next), actor);
      if (v > bestValue) {
        bestValue = v;
        best = m;
      }
    }
    return best;
  };

  const root: StateNode = { moves: new Map() };
  // Root priors: every root move starts with a few virtual visits worth the evaluation of the
  // position it leads to (a playout of length 0), so a small budget never does worse than greedy.
  for (const [i, m] of legal.entries()) {
    if (i % 16 === 15 && req.timeUp?.()) break;
    const next = after(game, first, m, seat);
    if (next === null) continue;
    const reward = new Float64Array(players);
    const r = rewards(next);
    for (let i = 0; i < players; i++) reward[i] = r[i]! * priorVisits;
    root.moves.set(moveKey(m), { move: m, actor: seat, visits: priorVisits, available: priorVisits, reward, next: new Map() });
  }
  // The root moves by their prior, best first (progressive widening reads a prefix of them).
  const rank = new Map([...root.moves.entries()].sort(([, a], [, b]) => b.reward[seat]! - a.reward[seat]!).map(([k], i) => [k, i]));
  const widthAt = (n: number): number => (widening > 0 ? Math.max(2, Math.ceil(widening * Math.sqrt(n + 1))) : Infinity);
  /** True when no root move but the most visited can be chosen in the iterations left. */
  const settled = (): boolean => {
    let left = cap - iterations;
    if (req.timeLeft) {
      const share = Math.min(1, Math.max(0, req.timeLeft()));
      if (share < 1) left = Math.min(left, (iterations * share) / (1 - share));
    } else if (req.timeUp) return false; // a clock without a measure of what is left: search on
    let top = 0,
      next = 0;
    for (const n of root.moves.values()) {
      if (n.visits > top) [top, next] = [n.visits, top];
      else if (n.visits > next) next = n.visits;
    }
    return top - next > left;
  };
  let iterations = 0;
  while (iterations < cap && !req.timeUp?.()) {
    if (!req.exhaustive && iterations % SETTLE_CHECK === 0 && iterations > 0 && settled()) break;
    iterations++;
    let state: unknown = iterations === 1 ? first : bot.determinize(req.view, req.history, seat, rng);
    let node = root;
    const path: MoveNode[] = [];
    let expanded = false;
    // Selection and expansion: down the tree by UCB over the moves legal in this sample.
    while (!expanded && game.outcome(state) === null) {
      const atRoot = path.length === 0;
      const actor = atRoot ? seat : actorOf(state);
      if (actor === null) break;
      let moves = game.legalMoves(state, actor);
      if (atRoot) {
        const width = widthAt(iterations);
        moves = moves.filter((m) => allowed.has(moveKey(m)) && (width === Infinity || (rank.get(moveKey(m)) ?? Infinity) < width));
      }
      if (moves.length === 0) break;
      const untried: Move[] = [];
      let chosen: MoveNode | null = null;
      let bestUcb = -Infinity;
      const children: MoveNode[] = [];
      for (const m of moves) {
        const child = node.moves.get(moveKey(m));
        if (child) children.push(child);
        else untried.push(m);
      }
      for (const c of children) c.available++;
      if (untried.length > 0) {
        const m = expandByPolicy ? policy(state, actor, untried) : rng.pick(untried);
        chosen = { move: m, actor, visits: 0, available: 1, reward: new Float64Array(players), next: new Map() };
        node.moves.set(moveKey(m), chosen);
        expanded = true;
      } else {
        for (const c of children) {
          const ucb = c.reward[actor]! / c.visits + exploration * Math.sqrt(Math.log(c.available) / c.visits);
          if (ucb > bestUcb) {
            bestUcb = ucb;
            chosen = c;
          }
        }
      }
      if (chosen === null) break;
      const r = game.decide(state, chosen.move, actor);
      if (!r.ok) break;
      for (const e of r.value) state = game.evolve(state, e);
      path.push(chosen);
      const seen = observation(game, r.value, seat);
      let child = chosen.next.get(seen);
      if (!child) chosen.next.set(seen, (child = { moves: new Map() }));
      node = child;
    }
    // Playout: greedy-biased moves for a bounded number of moves (cut short when time is up: the
    // position reached is evaluated all the same).
    for (let d = 0; d < bot.playoutDepth && game.outcome(state) === null; d++) {
      if (d % 8 === 7 && req.timeUp?.()) break;
      const seats = game.toMove(state);
      if (seats.length === 0) break;
      const actor = seats.length === 1 ? seats[0]! : rng.pick(seats);
      const moves = game.legalMoves(state, actor);
      if (moves.length === 0) break;
      const next = after(game, state, policy(state, actor, moves), actor);
      if (next === null) break;
      state = next;
    }
    const r = rewards(state);
    for (const n of path) {
      n.visits++;
      for (let i = 0; i < players; i++) n.reward[i]! += r[i]!;
    }
  }

  const stats: MoveStat[] = [...root.moves.values()]
    .filter((n) => n.visits > 0)
    .map((n) => ({ move: n.move, visits: n.visits - priorVisits, value: n.reward[seat]! / n.visits }))
    .sort((a, b) => b.visits - a.visits || b.value - a.value);
  if (stats.length === 0) return { ...greedyMove(game, bot, req), level: req.level };
  return { move: stats[0]!.move, level: req.level, iterations, stats };
}

/** What the searching seat reads of a move's events: the key of the subtree the move leads to. */
function observation(game: AnyGame, events: readonly GameEvent[], seat: Seat): string {
  let out = '';
  for (const e of events) {
    const v = game.eventView(e, seat);
    if (v !== null) out += JSON.stringify(v);
  }
  return out;
}
