/**
 * Bots move by themselves: whenever a commit leaves a bot seat to move, a durable pg-boss job for
 * (game, version) is queued; whichever server process picks it up asks the bot pool (worker
 * threads, never the event loop) and appends the move with origin `bot` and the level that chose
 * it. One move per bot turn even with several processes:
 * - the job id is derived from (game, version), so queueing the same turn twice queues it once;
 * - a job for a version the game has left does nothing (`GamePort.botTurn`);
 * - the append's (game, version) guard decides between two processes that both thought.
 * A sweep (at start-up and every few seconds) queues the turns of games waiting on a bot that no
 * commit queued (created with a bot to move first, a seat filled, a process killed before queueing).
 * A bot that throws or overruns plays greedy's move (pool.ts) and the error is logged: a game
 * never waits forever on a bot.
 */
import type PgBoss from 'pg-boss';
import { jobUuid, startJobQueue, type JobLoopOptions } from '../job-queue.js';
import type { BotStore } from '../../store/bot-store.js';
import type { GamePort } from '../game-port.js';
import type { BotPool, BotTask } from './pool.js';

const QUEUE = 'bot-move';

interface BotJob {
  gameId: string;
  version: number;
}

/** A job id made from the turn it is for, so that queueing a turn twice queues it once. */
const jobId = (j: BotJob): string => jobUuid('bot', j.gameId, j.version);

export interface BotRunnerOptions extends JobLoopOptions {
  store: BotStore;
  pool: BotPool;
  /** Caps on every level's budget per move (0: the level's own). */
  maxIterations: number;
  maxThinkMs: number;
}

export class BotRunner {
  private boss: PgBoss | undefined;
  private readonly loops: string[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly service: GamePort,
    private readonly opts: BotRunnerOptions,
  ) {}

  /** The task with the server's caps on think time and iterations. */
  static capped(task: BotTask, caps: { maxIterations: number; maxThinkMs: number }): BotTask {
    return {
      ...task,
      ...(caps.maxIterations > 0 ? { iterations: Math.min(task.iterations ?? Infinity, caps.maxIterations) } : {}),
      ...(caps.maxThinkMs > 0 ? { thinkMs: Math.min(task.thinkMs ?? Infinity, caps.maxThinkMs) } : {}),
    };
  }

  async start(): Promise<void> {
    const boss = await startJobQueue({
      databaseUrl: this.opts.databaseUrl,
      max: 4,
      name: 'citybuilder-bots',
      queues: [{ name: QUEUE, retryLimit: 5, retryDelay: 1 }],
      onError: (err) => this.opts.log.error({ err }, 'bot queue error'),
    });
    this.boss = boss;
    // As many loops as threads: each waits on one bot's think time at most.
    for (let i = 0; i < this.opts.pool.size; i++) {
      let self = '';
      self = await boss.work<BotJob>(QUEUE, { batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds }, async ([job]) => {
        if (!job) return;
        try {
          await this.play(job.data);
        } finally {
          boss.notifyWorker(self); // there may be more: look again now
        }
      });
      this.loops.push(self);
    }
    this.service.onCommitted((c) => {
      if (c.botToMove) void this.queue({ gameId: c.gameId, version: c.version });
    });
    this.service.onWake((gameId) => void this.sweep(gameId));
    this.sweeper = setInterval(() => void this.sweep(), 3_000);
    await this.sweep();
  }

  /** Queues a bot turn (once, whoever queues it) and wakes this process's loops. */
  private async queue(j: BotJob): Promise<void> {
    try {
      await this.boss?.send(QUEUE, j, { id: jobId(j) });
      for (const id of this.loops) this.boss?.notifyWorker(id);
    } catch (err) {
      if (!this.stopped) this.opts.log.warn({ err, gameId: j.gameId }, 'could not queue a bot turn; the sweep will');
    }
  }

  /** Queues the turns of games (or one game) waiting on a bot seat that is not resigned. */
  private async sweep(gameId?: string): Promise<void> {
    if (this.stopped) return;
    try {
      const rows = await this.opts.store.waitingOnBots(gameId);
      for (const r of rows) await this.queue({ gameId: r.id, version: r.version });
    } catch (err) {
      if (!this.stopped) this.opts.log.warn({ err }, 'bot sweep failed');
    }
  }

  /** One bot turn: nothing if the game left that version; else the pool's move, appended under the version guard. */
  private async play(j: BotJob): Promise<void> {
    const turn = await this.service.botTurn(j.gameId, j.version);
    if (!turn) return;
    const answer = await this.opts.pool.choose(BotRunner.capped(turn.task, this.opts));
    if (answer.error)
      this.opts.log.warn(
        { gameId: j.gameId, version: j.version, seat: turn.seat, level: turn.level, playedBy: answer.playedBy, error: answer.error },
        'bot failed; its fallback played',
      );
    const landed = await this.service.handle(turn.gameId, {
      kind: 'bot-move',
      version: turn.version,
      seat: turn.seat,
      move: answer.move,
      playedBy: answer.playedBy,
    });
    // A stale move (the game moved on while the bot thought): ask again at the version the game is at now.
    if (!landed) return this.sweep(j.gameId);
    this.opts.log.info(
      {
        gameId: j.gameId,
        version: j.version + 1,
        seat: turn.seat,
        origin: 'bot',
        bot: answer.playedBy,
        ms: Math.round(answer.ms),
        iterations: answer.iterations,
      },
      'bot moved',
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}
