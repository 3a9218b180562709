/**
 * One whole game played by bots, in a thread of bench/bots.ts: the seats' levels, each search with
 * its time budget (scaled by `budgetScale`), the winners and every decision's think time.
 */
import { LEVELS, playBots, resolveOptions, type BotLevel } from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { defaultRegistry } from '../src/games/index.js';

export interface GameTask {
  game: string;
  levels: BotLevel[];
  seed: string;
  budgetScale: number;
}

export interface GameResult {
  winners: number[];
  moves: number;
  /** Think time of each decision with a choice (more than one legal move), by level, in ms. */
  thinkMs: Partial<Record<BotLevel, number[]>>;
  iterations: Partial<Record<BotLevel, number>>;
}

const registry = defaultRegistry();

export default function playGame(task: GameTask): GameResult {
  const game = registry.current(task.game)!;
  const options = resolveOptions(game, task.levels.length, {});
  if (!options.ok) throw new Error(options.error.message);
  const thinkMs: GameResult['thinkMs'] = {};
  const iterations: GameResult['iterations'] = {};
  let started = 0;
  const { outcome, moves } = playBots(game, botFor(task.game)!, { players: task.levels.length, options: options.value, seed: task.seed }, task.levels, {
    timeUp: (level) => {
      started = performance.now();
      const budget = LEVELS[level].thinkMs * task.budgetScale;
      return budget > 0 ? () => performance.now() - started >= budget : undefined;
    },
    onMove: ({ level, choice }) => {
      const ms = performance.now() - started;
      if (choice.iterations === 0 && (level === 'ismcts' || level === 'ismcts-strong')) return; // a single legal move: no search
      (thinkMs[level] ??= []).push(ms);
      iterations[level] = (iterations[level] ?? 0) + choice.iterations;
    },
  });
  return { winners: outcome.winners, moves, thinkMs, iterations };
}
