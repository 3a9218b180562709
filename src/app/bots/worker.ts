/**
 * A bot thread (worker_threads, run by the pool in pool.ts): one task is one move of one bot.
 * The clock lives here, not in the engine: the search stops when `thinkMs` have passed (or before,
 * once the share of them left could not change its choice).
 */
import { budgetClock, chooseMove, type BotChoice } from '../../engine/index.js';
import { defaultRegistry } from '../../games/index.js';
import type { BotTask } from './task.js';

const registry = defaultRegistry();

export interface WorkerAnswer extends BotChoice {
  /** Milliseconds the choice took in the thread. */
  ms: number;
}

export default function think(task: BotTask): WorkerAnswer {
  const start = performance.now();
  const game = task.engineVersion === undefined ? registry.current(task.game) : registry.version(task.game, task.engineVersion);
  const bot = registry.plugin(task.game, task.engineVersion)?.bot;
  if (!game || !bot) throw new Error(`no bot plays ${task.game}${task.engineVersion === undefined ? '' : ` v${task.engineVersion}`}`);
  const thinkMs = task.thinkMs;
  const choice = chooseMove(game, bot, {
    seat: task.seat,
    view: task.view,
    history: task.history,
    level: task.level,
    seed: task.seed,
    legal: task.legal,
    ...(thinkMs === undefined ? {} : budgetClock(thinkMs, () => performance.now())),
    iterations: task.iterations,
    exhaustive: task.exhaustive,
  });
  return { ...choice, ms: performance.now() - start };
}
