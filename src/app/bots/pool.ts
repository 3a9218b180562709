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
 *   `fallbackMs`, counted once a thread has loaded: one stopped over its time is replaced, and
 *   loading its replacement is not greedy's time), and as a last resort with a seeded uniform pick from the legal moves; the answer
 *   names who played (`playedBy`) and the error, and `onError` is told.
 * - The pool's size is configurable; by default one thread per core minus one, at least one.
 *
 * Lanes (issue 31, lanes.ts): bot seats and stand-ins (`choose`) have their own threads, the `play`
 * lane; analysis (`analyse`) runs on threads of its own, the `analysis` lane (ANALYSIS_THREADS), so
 * a game's progress never waits behind anyone's analysis. The analysis lane's line is bounded
 * (ANALYSIS_QUEUE): past it, 503 UNAVAILABLE with Retry-After at once. An analysis has no fallback:
 * a thread that dies or throws is replaced (piscina starts a new one), the search is tried once more,
 * and a second failure is the caller's 503 naming the error.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { canonicalJson, LEVELS, Rng, type BotLevel, type Move, type MoveStat } from '../../engine/index.js';
import { AppError } from '../errors.js';
import { Lane } from './lanes.js';
import { type BotTask, WARM_UP } from './task.js';
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
  /** Told of a thread that failed outside a task (piscina replaces it). */
  onThreadError?(error: unknown): void;
  /** The worker module (tests give one that fails on purpose). */
  filename?: string;
  /** Threads of the analysis lane (default 1). */
  analysisThreads?: number;
  /** Analyses that may wait for an analysis thread; any more are refused with 503 (default 8). */
  analysisQueue?: number;
  /** Time one analysis may hold a thread before it is stopped (default 60 s). */
  analysisLimitMs?: number;
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
  /** The lanes' threads, started at their lane's first task (a server whose games have no bot starts none). */
  private pool: Piscina<BotTask, WorkerAnswer> | undefined;
  private analysisPool: Piscina<BotTask, WorkerAnswer> | undefined;
  private readonly graceMs: number;
  private readonly fallbackMs: number;
  private readonly analysisLimitMs: number;
  private readonly analysisThreads: number;
  /**
   * Settles once a play thread has loaded the engines (a warm-up task, answered at once): a thread's
   * start-up is waiting for a thread, which does not count against a bot's think time (a freshly
   * started server's first bot move fell back to random when loading took longer than the grace).
   */
  private loaded: Promise<void> | undefined;
  /** Threads of the play lane (bot seats, stand-ins). */
  readonly size: number;
  readonly play: Lane;
  readonly analysis: Lane;

  constructor(private readonly options: BotPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? defaultBotThreads());
    this.graceMs = options.graceMs ?? 2000;
    this.fallbackMs = options.fallbackMs ?? 5000;
    this.analysisLimitMs = options.analysisLimitMs ?? 60_000;
    this.analysisThreads = Math.max(1, options.analysisThreads ?? 1);
    this.play = new Lane('play', this.size, Infinity);
    this.analysis = new Lane('analysis', this.analysisThreads, Math.max(0, options.analysisQueue ?? 8));
  }

  /**
   * A lane's threads, started at its first task and kept (piscina replaces one that dies): loading
   * the engines costs a thread seconds of CPU, which a server whose games have no bot, stand-in or
   * analysis never spends. The play lane's first task waits for a thread to load (`loaded`).
   */
  private threads(lane: 'play' | 'analysis'): Piscina<BotTask, WorkerAnswer> {
    const existing = lane === 'play' ? this.pool : this.analysisPool;
    if (existing) return existing;
    const file = this.options.filename ? { filename: this.options.filename, execArgv: workerFile().execArgv } : workerFile();
    // Analysis threads lower their own CPU priority (worker.ts): games' threads are served first.
    const pool =
      lane === 'play'
        ? new Piscina<BotTask, WorkerAnswer>({ ...file, minThreads: this.size, maxThreads: this.size, idleTimeout: 60_000 })
        : new Piscina<BotTask, WorkerAnswer>({
            ...file,
            minThreads: this.analysisThreads,
            maxThreads: this.analysisThreads,
            idleTimeout: 60_000,
            workerData: { lane: 'analysis' },
          });
    // A thread that fails outside a task (one still loading when the server stops, one that dies
    // idle) is replaced by piscina; unheard, its error would end the process.
    pool.on('error', (err: unknown) => this.options.onThreadError?.(err));
    if (lane === 'play') {
      this.pool = pool;
      this.loaded = warmUp(pool);
    } else this.analysisPool = pool;
    return pool;
  }

  /**
   * An analysis's search (its stats), on the analysis lane: refused at once (503, Retry-After) when
   * its line is full; tried twice when its thread fails (a new thread each time); then a 503 naming the error.
   */
  async analyse(task: BotTask): Promise<BotAnswer> {
    if (task.legal.length === 0) throw new Error(`seat ${task.seat} has no legal move: no search is run`);
    const limitMs = Math.min(this.analysisLimitMs, (task.thinkMs ?? this.analysisLimitMs) + this.graceMs);
    return this.analysis.run(async () => {
      const start = performance.now();
      let last: unknown;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const a = await this.runOn(this.threads('analysis'), task, limitMs);
          return {
            move: a.move,
            level: task.level,
            playedBy: task.level,
            iterations: a.iterations,
            ms: performance.now() - start,
            ...(a.stats ? { stats: a.stats } : {}),
          };
        } catch (e) {
          last = e;
          if (e instanceof Error && e.name === 'AbortError') break; // over its time: a second try would be too
        }
      }
      const error = this.failed(last, task, limitMs);
      throw AppError.of('UNAVAILABLE', 'UNAVAILABLE.analysisFailed', { detail: error.message }, { retryAfter: 5 });
    });
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
      // A thread stopped over its time is replaced: the fallback, and the moves after it, wait for the
      // new thread to load, as at start-up, instead of spending their own limits on it.
      if (error.reason === 'timeout' && this.pool) this.loaded = warmUp(this.pool);
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

  /** A bot's move on the play lane: a free thread, or wait in line for one. */
  private async run(task: BotTask, limitMs: number): Promise<WorkerAnswer> {
    const pool = this.threads('play');
    await this.loaded;
    return this.play.run(() => this.runOn(pool, task, limitMs), false);
  }

  private async runOn(pool: Piscina<BotTask, WorkerAnswer>, task: BotTask, limitMs: number): Promise<WorkerAnswer> {
    const answer = await pool.run(task, { signal: AbortSignal.timeout(limitMs) });
    const chosen = canonicalJson(answer.move);
    if (!task.legal.some((m) => canonicalJson(m) === chosen)) {
      throw new Error(`the bot chose ${JSON.stringify(answer.move)}, not one of the seat's legal moves`);
    }
    return answer;
  }

  private failed(e: unknown, task: BotTask, limitMs: number): NonNullable<BotAnswer['error']> {
    const aborted = e instanceof Error && e.name === 'AbortError';
    const message = aborted
      ? `${task.level}: no move within ${Math.round(limitMs)} ms`
      : `${task.level}: ${e instanceof Error ? e.message : String(e)}`;
    const error = { reason: aborted ? ('timeout' as const) : ('error' as const), message };
    this.options.onError?.(error, task);
    return error;
  }

  /** Moves waiting for a free thread of the play lane. */
  get queued(): number {
    return this.play.queued;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool?.destroy(), this.analysisPool?.destroy()]);
  }
}

/** Settles once a thread of `pool` answers the warm-up task (at most 30 s: a thread that cannot load is
 * piscina's to replace, and the tasks' own limits apply again). */
function warmUp(pool: Piscina<BotTask, WorkerAnswer>): Promise<void> {
  return (pool.run(WARM_UP as unknown as BotTask, { signal: AbortSignal.timeout(30_000) }) as Promise<unknown>).then(
    () => undefined,
    () => undefined,
  );
}
