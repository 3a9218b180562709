/**
 * Bots: players that choose a move from what their seat may read, and from nothing else.
 *
 * Contract (every level, every game):
 * - A bot is given a `SeatKnowledge`: the seat, its view (`game.view(state, seat)`) and its history
 *   (`game.eventView(e, seat)` of every event so far, nulls dropped), never the true state. Hidden
 *   state (other hands, deck order, the bag, the generator) reaches it only as samples drawn by the
 *   game's `determinize`, so a bot's choice is the same whatever the hidden state is.
 * - Pure and reproducible: randomness comes from `seed`, time from the caller's `timeUp` (a clock
 *   lives with the caller, never here). With no `timeUp`, the same request gives the same move.
 * - The move returned is one of the seat's legal moves (`legal`, when the caller gives them, is
 *   the list it is taken from).
 *
 * A game plugs in with a `GameBot` (src/games/<game>/bot.ts):
 * - `determinize(view, history, seat, rng)`: a full state the seat cannot tell from the true one:
 *   its view of it equals `view`, what it saw in `history` is respected (cards it watched being
 *   discarded, hands it passed), and everything else (unseen cards, order of decks and bags, the
 *   generator) is drawn from `rng`. The seat's own legal moves in it are the true ones.
 * - `evaluate(state)`: per seat, an estimate of its final score in the game's own points (score so
 *   far plus material: coins, income, cards, cubes, routes), from the rulebook; at the end of the
 *   game, close to the final score. It reads only what every seat sees, plus a seat's own hand.
 * - `scale`: how many of those points make a clear lead (turns estimates into chances to win).
 * - `playoutDepth`: how many moves a search playout plays before it trusts `evaluate`.
 *
 * Levels: `random` (a uniform legal move), `greedy` (the move whose position one move ahead
 * evaluates best for the seat, against its best rival), `ismcts` and `ismcts-strong`
 * (information-set Monte Carlo tree search, ismcts.ts), which differ in their budget only.
 */
import { fold } from './fold.js';
import { Rng } from './rng.js';
import { StringEnum, type Static } from './schema.js';
import type { AnyGame, GameEvent, Json, Move, Seat } from './types.js';

export const BOT_LEVELS = ['random', 'greedy', 'ismcts', 'ismcts-strong'] as const;
/** A bot level (GET /bots lists them with their think time). */
export const BotLevel = StringEnum([...BOT_LEVELS], 'A bot level: random, greedy, ismcts or ismcts-strong (GET /bots)');
export type BotLevel = Static<typeof BotLevel>;

export const isBotLevel = (x: unknown): x is BotLevel => typeof x === 'string' && (BOT_LEVELS as readonly string[]).includes(x);

/** Each level's budget and what it does, for listings and the caller's clock. */
export interface LevelSettings {
  description: string;
  /** Think time per move at most, in milliseconds (0: answers at once): a search stops sooner once settled. */
  thinkMs: number;
  /** Search iterations at most per move (0: no search). */
  iterations: number;
}

export const LEVELS: Record<BotLevel, LevelSettings> = {
  random: { description: 'A uniformly random legal move (seeded).', thinkMs: 0, iterations: 0 },
  greedy: {
    description: "The move whose position one move ahead the game's evaluation likes best, against the best rival.",
    thinkMs: 0,
    iterations: 0,
  },
  ismcts: {
    description:
      'Information-set Monte Carlo tree search over what the seat knows (hidden state re-sampled every iteration), ' +
      "greedy-biased playouts; or, where the game's bot asks for it, flat rollouts over greedy to the end of the game (docs/bots.md).",
    thinkMs: 300,
    iterations: 20_000,
  },
  'ismcts-strong': { description: 'The same player with a longer budget per move.', thinkMs: 2_000, iterations: 150_000 },
};

/** What a seat may read: the only input of a bot. */
export interface SeatKnowledge {
  seat: Seat;
  view: Json;
  history: readonly Json[];
}

/** What `seat` reads of a game: its view of `state` and its view of each event of the log so far. */
export function seatKnowledge(game: AnyGame, state: unknown, events: readonly GameEvent[], seat: Seat): SeatKnowledge {
  const history: Json[] = [];
  for (const e of events) {
    const v = game.eventView(e, seat);
    if (v !== null) history.push(v);
  }
  return { seat, view: game.view(state, seat), history };
}

export interface GameBot<S = unknown> {
  determinize(view: Json, history: readonly Json[], seat: Seat, rng: Rng): S;
  evaluate(state: S): number[];
  scale: number;
  playoutDepth: number;
  /** The game's own tuning of the search (ismcts.ts has the defaults). */
  search?: SearchOptions;
  /**
   * The search levels play as flat rollouts over `greedy` (rollout.ts) rather than the tree search,
   * in this game's games; analysis (`exhaustive`) keeps the tree search, which weighs every move.
   */
  rollout?: RolloutOptions;
  /**
   * `evaluate` of the position after each of `moves` by `seat` (null where `decide` refuses it), to
   * the last bit, computed without playing them where the game knows a cheaper way (hundreds of
   * tile placements a turn); undefined leaves it to the engine (`valuesAfter`).
   */
  evaluateAfter?(state: S, seat: Seat, moves: readonly Move[]): (number[] | null)[] | undefined;
}

export interface SearchOptions {
  /** Playouts pick a uniform move this often (default 0.25). */
  randomShare?: number;
  /** Candidate moves a playout step evaluates one move ahead (default 3). */
  candidates?: number;
  /** Virtual visits of a root move's prior, its evaluation one move ahead (default 3). */
  priorVisits?: number;
  /** UCB1's exploration constant (default 0.7). */
  exploration?: number;
  /**
   * Progressive widening at the root: after n iterations the search chooses among the
   * `ceil(widening * sqrt(n + 1))` root moves its prior ranks best (at least 2), so a position with
   * hundreds of moves spends the budget on the likely ones and a longer budget reaches further down
   * the ranking (0: every move from the start).
   */
  widening?: number;
  /** Inner nodes expand the move the playout policy picks among the untried ones, not a uniform one. */
  expandByPolicy?: boolean;
}

/** How a game's rollout player plays (`GameBot.rollout`). */
export interface RolloutOptions {
  /** Root moves kept by their evaluation one move ahead (default 16). */
  candidates?: number;
  /** Moves a run plays before it trusts the evaluation (default: to the end of the game). */
  depth?: number;
  /**
   * The share of the other seats' moves in a run that are uniform legal moves, not `greedy`'s (default
   * 0: rivals modelled as `greedy`; more models rivals weaker than it).
   */
  rivalsRandom?: number;
}

export interface BotRequest extends SeatKnowledge {
  level: BotLevel;
  seed: string;
  /** The seat's legal moves as the service lists them; the choice is one of them. */
  legal?: readonly Move[];
  /** True once the caller's time is up (checked between search iterations). */
  timeUp?: () => boolean;
  /**
   * The share of the caller's time budget still left, in [0, 1] (with `timeUp`): the search uses it
   * to estimate the iterations it has left, and stops once they could not change its choice.
   */
  timeLeft?: () => number;
  /** Search the whole budget even once the choice is settled (analysis: every move's figures matter). */
  exhaustive?: boolean;
  /** Search iterations at most (default: the level's). */
  iterations?: number;
}

/**
 * A think-time budget as the search reads it, from the caller's clock `now` (milliseconds), started
 * when called: `timeUp` once `budgetMs` have passed, `timeLeft` the share of them still left.
 */
export function budgetClock(budgetMs: number, now: () => number): Pick<BotRequest, 'timeUp' | 'timeLeft'> {
  const start = now();
  return { timeUp: () => now() - start >= budgetMs, timeLeft: () => 1 - (now() - start) / budgetMs };
}

/** A move's search figures: visits and the seat's mean reward (an estimated chance to win). */
export interface MoveStat {
  move: Move;
  visits: number;
  value: number;
}

export interface BotChoice {
  move: Move;
  level: BotLevel;
  /** Search iterations run (0 for random and greedy). */
  iterations: number;
  /** Search levels: every root move's figures, most visited first. */
  stats?: MoveStat[];
}

const moveKey = (m: Move): string => JSON.stringify(m);

/** The seat's legal moves: the caller's list when given, else those of a sampled state. */
export function rootMoves(game: AnyGame, state: unknown, req: BotRequest): Move[] {
  const mine = game.legalMoves(state, req.seat);
  if (!req.legal) return mine;
  const allowed = new Set(req.legal.map(moveKey));
  const both = mine.filter((m) => allowed.has(moveKey(m)));
  return both.length > 0 ? both : req.legal.slice();
}

/** How much better `seat` stands than its best rival (its own value alone when it plays alone). */
export function advantage(values: readonly number[], seat: Seat): number {
  let best = -Infinity;
  for (let i = 0; i < values.length; i++) if (i !== seat && values[i]! > best) best = values[i]!;
  return best === -Infinity ? values[seat]! : values[seat]! - best;
}

/** The state after `move`, or null when decide refuses it (a sampled state the move does not fit). */
export function after<S>(game: AnyGame, state: S, move: Move, seat: Seat): S | null {
  const r = game.decide(state, move, seat);
  return r.ok ? fold<S>(game, state, r.value) : null;
}

/**
 * Each seat's chances to win a position, in [0, 1], summing to 1: the winners' shares once the game
 * is over, else a softmax of the evaluation at the game's `scale`.
 */
export function chances(game: AnyGame, bot: GameBot, state: unknown): number[] {
  const out = game.outcome(state);
  if (out) return out.scores.map((_, i) => (out.winners.includes(i) ? 1 / out.winners.length : 0));
  const v = bot.evaluate(state);
  const top = Math.max(...v);
  const e = v.map((x) => Math.exp((x - top) / bot.scale));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** `evaluate` of the position after each of `moves` (null: refused): the game's `evaluateAfter`, else each move played. */
export function valuesAfter(game: AnyGame, bot: GameBot, state: unknown, seat: Seat, moves: readonly Move[]): (number[] | null)[] {
  const fast = bot.evaluateAfter?.(state, seat, moves);
  if (fast) return fast;
  return moves.map((m) => {
    const next = after(game, state, m, seat);
    return next === null ? null : bot.evaluate(next);
  });
}

export function randomMove(game: AnyGame, bot: GameBot, req: BotRequest): BotChoice {
  const rng = Rng.fromSeed(`random:${req.seed}`);
  const moves = rootMoves(game, bot.determinize(req.view, req.history, req.seat, rng), req);
  if (moves.length === 0) throw new Error(`${game.id}: seat ${req.seat} has no legal move`);
  return { move: rng.pick(moves), level: 'random', iterations: 0 };
}

/** Sampled states greedy averages over, so a move that reveals hidden state is judged on several draws. */
const GREEDY_SAMPLES = 3;

/**
 * Greedy: each legal move is played on a few sampled states and the positions it leads to are
 * evaluated; the move with the best mean advantage wins (ties broken by the seeded generator).
 */
export function greedyMove(game: AnyGame, bot: GameBot, req: BotRequest): BotChoice {
  const rng = Rng.fromSeed(`greedy:${req.seed}`);
  const states = Array.from({ length: GREEDY_SAMPLES }, () => bot.determinize(req.view, req.history, req.seat, rng));
  const moves = rootMoves(game, states[0], req);
  if (moves.length === 0) throw new Error(`${game.id}: seat ${req.seat} has no legal move`);
  if (moves.length === 1) return { move: moves[0]!, level: 'greedy', iterations: 0 };
  const values = states.map((s) => valuesAfter(game, bot, s, req.seat, moves));
  let best: Move[] = [];
  let bestScore = -Infinity;
  for (const [i, m] of moves.entries()) {
    let total = 0;
    for (const v of values) total += v[i] === null ? -1e9 : advantage(v[i]!, req.seat);
    if (total > bestScore + 1e-9) {
      bestScore = total;
      best = [m];
    } else if (Math.abs(total - bestScore) <= 1e-9) best.push(m);
  }
  return { move: rng.pick(best), level: 'greedy', iterations: 0 };
}
