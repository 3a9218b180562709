/**
 * A whole finished game analysed in the background (issue 21 item 6): every move of the log is
 * searched from the position it was played in, for the seat that played it, as that seat saw it
 * (`GamePort.analysis`: its view and history then, never what it could not see; seeded from the
 * game, version and seat, so the figures are those of GET /games/{id}/analysis with the same
 * iterations). Each move gets the search's preferred move, the chance to win of both and the loss
 * (chance of the preferred move minus the chance of the move played, at least 0).
 *
 * - One analysis per game (table game_analyses): asking again returns the one there is.
 * - Durable pg-boss jobs (queue `game-analysis`, ids derived from the game and the progress) do the
 *   work on whichever process with the bot pool picks them up, one position at a time in the pool's
 *   threads, a minute per job at most (then the next step is queued: pg-boss expires a job after 5);
 *   each analysed move is written with the progress (`done`) in one transaction, so a process
 *   killed mid-way leaves a job that resumes where it stopped (retried by pg-boss, or re-queued by
 *   the start-up sweep).
 * - Only for finished games: while a game runs, a whole-game analysis would show every seat the
 *   other seats' positions (403 ANALYSIS_NOT_ALLOWED).
 * - Bounded (issue 31): at most ANALYSIS_MAX_ITERATIONS a position (400); one analysis queued or
 *   running per caller (a token, or the address of a request without one: 429 RATE_LIMITED naming
 *   the game it waits on); its positions run on the analysis lane (pool.ts), never the bots', and
 *   wait their turn when that lane's line is full; the operator may cancel one (DELETE): it ends
 *   failed, "cancelled by the operator", at its next position.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import { canonicalJson } from '../../engine/index.js';
import type { AnalysedMove, AnalysisStatus, BotStore } from '../../store/bot-store.js';
import { AppError } from '../errors.js';
import { budgetKey } from './analysis-budget.js';
import type { GamePort } from '../game-port.js';
import { checkInt } from '../limits.js';
import { jobUuid, startJobQueue, type JobLoopOptions } from '../job-queue.js';

const QUEUE = 'game-analysis';

/** Search iterations per position when the request names none (fewer than a single analysis: a game has hundreds of moves). */
export const WHOLE_ANALYSIS_DEFAULT_ITERATIONS = 300;

export type { AnalysedMove };

export interface WholeAnalysisAnswer {
  gameId: string;
  iterations: number;
  status: AnalysisStatus;
  total: number;
  done: number;
  error: string | null;
  moves: AnalysedMove[];
}

interface Job {
  gameId: string;
  /** Moves analysed when the job was queued: a job per (game, progress), so queueing one step twice queues it once. */
  from: number;
  /** Steps queued at the same progress (the analysis lane stayed full): each its own job id. */
  round?: number;
}

/** A job works this long at most, then queues the next step (pg-boss expires a job after 5 minutes). */
const STEP_MS = 60_000;

const jobId = (j: Job): string => (j.round ? jobUuid('analysis', j.gameId, j.from, j.round) : jobUuid('analysis', j.gameId, j.from));

export interface WholeAnalysisOptions extends JobLoopOptions {
  store: BotStore;
  /** The most iterations a position (ANALYSIS_MAX_ITERATIONS; default the schema's bound). */
  maxIterations?: number;
}

/** What an analysis cancelled by the operator says. */
export const CANCELLED = 'cancelled by the operator';

export class WholeAnalysis {
  private boss: PgBoss | undefined;
  private loop = '';
  private stopped = false;

  constructor(
    private readonly service: GamePort,
    private readonly opts: WholeAnalysisOptions,
  ) {}

  async start(): Promise<void> {
    const boss = await startJobQueue({
      databaseUrl: this.opts.databaseUrl,
      max: 2,
      name: 'citybuilder-analysis',
      queues: [{ name: QUEUE, retryLimit: 5, retryDelay: 1 }],
      onError: (err) => this.opts.log.error({ err }, 'analysis queue error'),
    });
    this.boss = boss;
    // One loop: an analysis takes one of the pool's threads at a time, the bots keep the others.
    this.loop = await boss.work<Job>(QUEUE, { batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds }, async ([job]) => {
      if (job) await this.run(job.data.gameId, job.data);
    });
    // Analyses a killed process left queued or running.
    const left = await this.opts.store.unfinishedAnalyses();
    for (const r of left) await this.queue({ gameId: r.id, from: r.done });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
  }

  /**
   * Asks for a game's whole analysis: anyone may, for a finished game. Returns the analysis (the
   * one there is when it was asked before, whatever its iterations) and whether it is new.
   */
  async request(
    gameId: string,
    token: string | undefined,
    iterationsAsked?: number,
    address = 'unknown',
  ): Promise<{ created: boolean; analysis: WholeAnalysisAnswer }> {
    const iterations = checkInt('analysisIterations', 'iterations', iterationsAsked ?? WHOLE_ANALYSIS_DEFAULT_ITERATIONS);
    if (this.opts.maxIterations !== undefined && iterations > this.opts.maxIterations)
      throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.analysisIterations', { max: this.opts.maxIterations });
    const { s } = await this.service.open(gameId, token);
    if (s.row.status !== 'finished')
      throw AppError.of('ANALYSIS_NOT_ALLOWED', 'ANALYSIS_NOT_ALLOWED.wholeUnfinished', {}, { reason: 'not-finished' });
    const id = s.row.id;
    const head = await this.opts.store.analysisHead(id);
    if (head) return { created: false, analysis: (await this.read(id))! };
    const { key, scope } = budgetKey(token, address);
    const waiting = await this.opts.store.activeAnalysisOf(key);
    if (waiting !== null)
      throw AppError.of('RATE_LIMITED', 'RATE_LIMITED.wholeAnalysisQueued', { scope, gameId: waiting }, { retryAfter: 60 });
    const created = await this.opts.store.createAnalysis(id, iterations, key);
    if (created) await this.queue({ gameId: id, from: 0 });
    return { created, analysis: (await this.read(id))! };
  }

  /** The analysis of a game as it stands (progress and the moves analysed so far); 404 when never asked. */
  async get(gameId: string, token: string | undefined): Promise<WholeAnalysisAnswer> {
    const { s } = await this.service.open(gameId, token);
    const a = await this.read(s.row.id);
    if (!a) throw AppError.of('NOT_FOUND', 'NOT_FOUND.wholeAnalysis');
    return a;
  }

  /** The operator's cancel: a queued or running analysis ends failed (CANCELLED) at its next position; 404 when none is under way. */
  async cancel(gameId: string, token: string | undefined): Promise<WholeAnalysisAnswer> {
    if (!this.service.isOperator(token)) throw AppError.of('FORBIDDEN', 'FORBIDDEN.operatorOnly');
    const { s } = await this.service.open(gameId, token);
    const ended = await this.opts.store.cancelAnalysis(s.row.id, CANCELLED);
    if (!ended) throw AppError.of('NOT_FOUND', 'NOT_FOUND.wholeAnalysisUnderWay');
    this.opts.log.info({ gameId: s.row.id }, 'game analysis cancelled by the operator');
    return (await this.read(s.row.id))!;
  }

  private async read(gameId: string): Promise<WholeAnalysisAnswer | null> {
    const head = await this.opts.store.analysisHead(gameId);
    if (!head) return null;
    return { gameId, ...head, moves: await this.opts.store.analysedMoves(gameId) };
  }

  private async queue(j: Job): Promise<void> {
    try {
      await this.boss?.send(QUEUE, j, { id: jobId(j) });
      if (this.loop) this.boss?.notifyWorker(this.loop);
    } catch (err) {
      if (!this.stopped) this.opts.log.warn({ err, gameId: j.gameId }, 'could not queue a game analysis; the next start-up will');
    }
  }

  /**
   * One position's analysis; while the analysis lane's line is full (503), waits its turn (a
   * background job is never refused), until the process stops or the step's time is up (undefined).
   */
  private async position(gameId: string, at: number, seat: number, iterations: number) {
    const until = Date.now() + STEP_MS;
    for (;;) {
      try {
        return await this.service.analysis(gameId, undefined, at, seat, { iterations });
      } catch (err) {
        const full = err instanceof AppError && err.said?.key === 'UNAVAILABLE.analysisQueue';
        if (!full) throw err;
        if (this.stopped || Date.now() > until) return undefined;
        await sleep(250);
      }
    }
  }

  /**
   * Analyses the moves not analysed yet, one position at a time, writing each with the progress;
   * after STEP_MS, queues the next step and ends (long games take several jobs).
   */
  private async run(gameId: string, job?: Job): Promise<void> {
    const started = Date.now();
    const head = await this.opts.store.analysisHead(gameId);
    if (!head || head.status === 'done' || head.status === 'failed') return;
    await this.opts.store.markAnalysis(gameId, 'running');
    const entries = await this.opts.store.movesToAnalyse(gameId);
    try {
      for (const e of entries) {
        if (this.stopped) return; // the job is retried (or re-queued at start-up) and resumes here
        const now = await this.opts.store.analysisHead(gameId);
        if (now?.status === 'failed') return; // cancelled by the operator
        if (Date.now() - started > STEP_MS) {
          await this.queue({ gameId, from: now?.done ?? 0 });
          return;
        }
        const a = await this.position(gameId, e.version - 1, e.seat, head.iterations);
        if (!a) {
          // The line stayed full for a whole step: the next step tries again (stopping: the retry does).
          const from = now?.done ?? 0;
          if (!this.stopped) await this.queue({ gameId, from, round: from === job?.from ? (job.round ?? 0) + 1 : 0 });
          return;
        }
        const played = a.moves.find((m) => canonicalJson(m.move) === canonicalJson(e.move));
        const best = a.best === null ? undefined : a.moves.find((m) => canonicalJson(m.move) === canonicalJson(a.best));
        // A single legal move is no choice: its loss is 0 (the search does not run).
        const only = a.moves.length === 1;
        const chance = played?.chance ?? null;
        const bestChance = best?.chance ?? null;
        const loss = only ? 0 : chance !== null && bestChance !== null ? Math.max(0, bestChance - chance) : null;
        await this.opts.store.addAnalysedMove(gameId, {
          version: e.version,
          seat: e.seat,
          choices: a.moves.length,
          notation: played?.notation ?? null,
          chance,
          best: a.best,
          bestNotation: best?.notation ?? null,
          bestChance,
          loss,
        });
      }
      await this.opts.store.markAnalysis(gameId, 'done');
      this.opts.log.info({ gameId, moves: entries.length }, 'game analysed');
    } catch (err) {
      if (this.stopped) return;
      // A refusal (AppError) will not change on a retry: the analysis ends failed, with the reason.
      if (err instanceof AppError) {
        await this.opts.store.failAnalysis(gameId, `${err.code}: ${err.message}`);
        this.opts.log.warn({ gameId, err }, 'game analysis failed');
        return;
      }
      throw err; // pg-boss retries the job; it resumes after the moves written
    }
  }
}
