/**
 * One whole game played by bots, in a thread of bench/bots.ts: the seats' levels, each search with
 * its time budget (scaled by `budgetScale`) or, for the levels given `iterations`, to a fixed
 * iteration count with no clock; the winners and every decision's think time.
 */
import {
  budgetClock,
  LEVELS,
  playBots,
  resolveOptions,
  type BotLevel,
  type GameBot,
  type RolloutOptions,
  type SearchOptions,
} from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { defaultRegistry } from '../src/games/index.js';

export interface GameTask {
  game: string;
  levels: BotLevel[];
  seed: string;
  budgetScale: number;
  /** Iterations per move by level: those levels search to this count with no clock (deterministic, load-proof). */
  iterations?: Partial<Record<BotLevel, number>>;
  /** A trial of the game's bot tuning (`--bot-options`), for every seat; none: the game's own. */
  botOptions?: BotOptions;
}

/** What `--bot-options` may change in a game's bot: its playout depth, its scale, its search and rollout options. */
export interface BotOptions {
  playoutDepth?: number;
  scale?: number;
  search?: SearchOptions;
  rollout?: RolloutOptions;
}

/** The game's bot with a trial's options laid over its own (search and rollout options merged one by one). */
export function tunedBot(bot: GameBot, options: BotOptions | undefined): GameBot {
  if (!options) return bot;
  const rollout = options.rollout ? { ...bot.rollout, ...options.rollout } : bot.rollout;
  return { ...bot, ...options, search: { ...bot.search, ...options.search }, rollout };
}

export interface GameResult {
  winners: number[];
  moves: number;
  /** Think time of each decision with a choice (more than one legal move), by level, in ms. */
  thinkMs: Partial<Record<BotLevel, number[]>>;
  iterations: Partial<Record<BotLevel, number>>;
}

/** Each pairing: the level tested, its three opponents, the target (its rate: H0 of the pairing's SPRT). */
export const PAIRINGS: {
  id: string;
  level: BotLevel;
  against: BotLevel;
  target: string;
  rate: number;
  pass: (low: number, rate: number) => boolean;
}[] = [
  { id: 'greedy-random', level: 'greedy', against: 'random', target: '>= 70 %', rate: 0.7, pass: (_, r) => r >= 0.7 },
  { id: 'ismcts-random', level: 'ismcts', against: 'random', target: '>= 90 %', rate: 0.9, pass: (_, r) => r >= 0.9 },
  { id: 'ismcts-greedy', level: 'ismcts', against: 'greedy', target: '>= 40 %', rate: 0.4, pass: (_, r) => r >= 0.4 },
  {
    id: 'strong-ismcts',
    level: 'ismcts-strong',
    against: 'ismcts',
    target: '> 25 % (interval above)',
    rate: 0.25,
    pass: (low) => low > 0.25,
  },
];

/** The ladder's game `i` of a pairing: the tested level at seat i mod 4, its three opponents in the others, the seed naming them. */
export function ladderGame(game: string, p: { id: string; level: BotLevel; against: BotLevel }, i: number) {
  const levels: BotLevel[] = [p.against, p.against, p.against, p.against];
  levels[i % 4] = p.level;
  return { levels, seed: `bots-${game}-${p.id}-${i}` };
}

/** The tested seat's share of the win in the ladder's game `i` (shared on ties). */
export const testedShare = (r: Pick<GameResult, 'winners'>, i: number): number => (r.winners.includes(i % 4) ? 1 / r.winners.length : 0);

/** The two-sided sign test: the chance of a split of `a` against `b` at least this uneven when each is 1/2. */
export function signTest(a: number, b: number): number {
  const n = a + b;
  if (n === 0) return 1;
  let tail = 0;
  let term = 0.5 ** n; // C(n, 0) / 2^n
  for (let k = 0; k <= Math.min(a, b); k++) {
    tail += term;
    term = (term * (n - k)) / (k + 1);
  }
  return Math.min(1, 2 * tail);
}

const registry = defaultRegistry();

export default function playGame(task: GameTask): GameResult {
  const game = registry.current(task.game)!;
  const options = resolveOptions(game, task.levels.length, {});
  if (!options.ok) throw new Error(options.error.message);
  const thinkMs: GameResult['thinkMs'] = {};
  const iterations: GameResult['iterations'] = {};
  let started = 0;
  /** A level's think time in this game (0: no clock, the iteration budget binds). */
  const budgetOf = (level: BotLevel): number => (task.iterations?.[level] !== undefined ? 0 : LEVELS[level].thinkMs * task.budgetScale);
  const { outcome, moves } = playBots(
    game,
    tunedBot(botFor(task.game)!, task.botOptions),
    { players: task.levels.length, options: options.value, seed: task.seed },
    task.levels,
    {
      iterations: task.iterations,
      clock: (level) => {
        started = performance.now();
        const budget = budgetOf(level);
        return budget > 0 ? budgetClock(budget, () => performance.now()) : undefined;
      },
      onMove: ({ level, choice }) => {
        const ms = performance.now() - started;
        if (choice.iterations === 0 && (level === 'ismcts' || level === 'ismcts-strong')) return; // a single legal move: no search
        (thinkMs[level] ??= []).push(ms);
        iterations[level] = (iterations[level] ?? 0) + choice.iterations;
      },
    },
  );
  return { winners: outcome.winners, moves, thinkMs, iterations };
}
