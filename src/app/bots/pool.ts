/**
 * Bots off the event loop: a pool of worker threads (piscina) that choose bots' moves, so a
 * bot's think time never delays a request.
 *
 * What `choose` guarantees:
 * - It always answers a move from the task's legal list, and never waits forever: the level's
 *   search gets its think time plus `graceMs` before its thread is stopped. Time spent waiting
 *   for a free thread does not count: at most `size` tasks are handed to the threads at once, the
 *   others wait here, in order.
 * - A bot that throws, or runs out of time, is answered with greedy's move (itself bounded by
 *   `fallbackMs`), and as a last resort with a seeded uniform pick from the legal moves; the answer
 *   names who played (`playedBy`) and the error, and `onError` is told.
 * - The pool's size is configurable; by default one thread per core minus one, at least one.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { canonicalJson, LEVELS, Rng, type BotLevel, type Move, type MoveStat } from '../../engine/index.js';
import type { BotTask } from './task.js';
import type { WorkerAnswer } from './worker.js';

export type { BotTask } from './task.js';

export interface BotAnswer {
  move: Move;
  /** The level asked for. */
  level: BotLevel;
  /** Who chose the move: the level asked for, or greedy (or random) after a failure. */
  playedBy: BotLevel;
  iterations: number;
  /** Milliseconds from the request to the answer. */
  ms: number;
  stats?: MoveStat[];
  /** Why the level asked for did not play. */
  error?: { reason: 'timeout' | 'error'; message: string };
}

export interface BotPoolOptions {
  /** Worker threads (default: cores - 1, at least 1). */
  size?: number;
  /** Time a thread gets beyond its think time before it is stopped (default 2000 ms). */
  graceMs?: number;
  /** Time greedy's fallback gets, a new thread's start included (default 5000 ms). */
  fallbackMs?: number;
  /** Told of every bot that failed (the answer then comes from the fallback). */
  onError?(error: { reason: 'timeout' | 'error'; message: string }, task: BotTask): void;
  /** The worker module (tests give one that fails on purpose). */
  filename?: string;
}

/** Default pool size: one thread per core but one for the server's own event loop, at least one. */
export const defaultBotThreads = (): number => Math.max(1, availableParallelism() - 1);

function workerFile(): { filename: string; execArgv?: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(ts ? './worker.ts' : './worker.js', import.meta.url));
  // TypeScript sources run through tsx: a thread needs its loader when this process was not started by it.
  const needsLoader = ts && !process.execArgv.some((a) => a.includes('tsx'));
  return { filename, execArgv: needsLoader ? [...process.execArgv, '--import', 'tsx'] : undefined };
}

export class BotPool {
  private readonly pool: Piscina<BotTask, WorkerAnswer>;
  private readonly graceMs: number;
  private readonly fallbackMs: number;
  readonly size: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: BotPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultBotThreads());
    this.graceMs = options.graceMs ?? 2000;
    this.fallbackMs = options.fallbackMs ?? 5000;
    const file = options.filename ? { filename: options.filename, execArgv: workerFile().execArgv } : workerFile();
    this.pool = new Piscina({ ...file, minThreads: this.size, maxThreads: this.size, idleTimeout: 60_000 });
  }

  /** The move of a bot at `task.level`, or of its fallback (see the guarantees above). */
  async choose(task: BotTask): Promise<BotAnswer> {
    if (task.legal.length === 0) throw new Error(`seat ${task.seat} has no legal move: no bot is asked`);
    const start = performance.now();
    const thinkMs = task.thinkMs ?? LEVELS[task.level].thinkMs;
    const done = (a: WorkerAnswer, playedBy: BotLevel, error?: BotAnswer['error']): BotAnswer => ({
      move: a.move,
      level: task.level,
      playedBy,
      iterations: a.iterations,
      ms: performance.now() - start,
      ...(a.stats ? { stats: a.stats } : {}),
      ...(error ? { error } : {}),
    });
    let error: BotAnswer['error'];
    try {
      return done(await this.run({ ...task, thinkMs }, thinkMs + this.graceMs), task.level);
    } catch (e) {
      error = this.failed(e, task, thinkMs + this.graceMs);
    }
    if (task.level !== 'greedy') {
      try {
        return done(await this.run({ ...task, level: 'greedy', thinkMs: 0 }, this.fallbackMs), 'greedy', error);
      } catch (e) {
        this.failed(e, { ...task, level: 'greedy' }, this.fallbackMs);
      }
    }
    const move = Rng.fromSeed(`fallback:${task.seed}`).pick(task.legal);
    return { move, level: task.level, playedBy: 'random', iterations: 0, ms: performance.now() - start, error };
  }

  private async run(task: BotTask, limitMs: number): Promise<WorkerAnswer> {
    // A free thread, or wait for one to be handed over when a task ends.
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let answer: WorkerAnswer;
    try {
      answer = await this.pool.run(task, { signal: AbortSignal.timeout(limitMs) });
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
    const chosen = canonicalJson(answer.move);
    if (!task.legal.some((m) => canonicalJson(m) === chosen)) {
      throw new Error(`the bot chose ${JSON.stringify(answer.move)}, not one of the seat's legal moves`);
    }
    return answer;
  }

  private failed(e: unknown, task: BotTask, limitMs: number): NonNullable<BotAnswer['error']> {
    const aborted = e instanceof Error && e.name === 'AbortError';
    const message = aborted ? `${task.level}: no move within ${Math.round(limitMs)} ms` : `${task.level}: ${e instanceof Error ? e.message : String(e)}`;
    const error = { reason: aborted ? ('timeout' as const) : ('error' as const), message };
    this.options.onError?.(error, task);
    return error;
  }

  /** Moves waiting for a free thread, for metrics. */
  get queued(): number {
    return this.waiting.length;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
