/**
 * A bot thread (worker_threads, run by the pool in pool.ts): one task is one move of one bot.
 * The clock lives here, not in the engine: the search stops when `thinkMs` have passed (or before,
 * once the share of them left could not change its choice).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'piscina';
import { budgetClock, chooseMove, type BotChoice } from '../../engine/index.js';
import { defaultRegistry } from '../../games/index.js';
import { type BotTask, WARM_UP } from './task.js';

const registry = defaultRegistry();

/**
 * An analysis thread runs at the lowest CPU priority (nice 19; on Linux nice is per thread, and
 * /proc/thread-self names this one): on a busy machine the bots' threads and the event loop are
 * served first, so a game's progress does not slow down behind analyses (issue 31). Where the
 * system refuses, or has no /proc, the thread keeps its priority: its lane still has its own threads.
 */
if ((workerData as { lane?: string } | undefined)?.lane === 'analysis') {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
  } catch {
    // not Linux, or not allowed: the lanes alone keep games apart from analyses
  }
}

export interface WorkerAnswer extends BotChoice {
  /** Milliseconds the choice took in the thread. */
  ms: number;
}

export default function think(task: BotTask | typeof WARM_UP): WorkerAnswer | null {
  if ('warmUp' in task) return null;
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
