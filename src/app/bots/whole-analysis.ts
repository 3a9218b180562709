/**
 * A whole finished game analysed in the background (issue 21 item 6): every move of the log is
 * searched from the position it was played in, for the seat that played it, as that seat saw it
 * (`GameService.analysis`: its view and history then, never what it could not see; seeded from the
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
 */
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { canonicalJson, type Json } from '../../engine/index.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { AppError } from '../errors.js';
import type { GameService } from '../game-service.js';
import { checkInt } from '../limits.js';
import { startJobQueue } from '../job-queue.js';

const QUEUE = 'game-analysis';

/** Search iterations per position when the request names none (fewer than a single analysis: a game has hundreds of moves). */
export const WHOLE_ANALYSIS_DEFAULT_ITERATIONS = 300;

export interface AnalysedMove {
  version: number;
  seat: number;
  /** Legal moves the seat had (0: it had none to choose, e.g. a stand-in's move for a resigned seat). */
  choices: number;
  notation: string | null;
  chance: number | null;
  best: Json | null;
  bestNotation: string | null;
  bestChance: number | null;
  loss: number | null;
}

export interface WholeAnalysisAnswer {
  gameId: string;
  iterations: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  error: string | null;
  moves: AnalysedMove[];
}

interface Job {
  gameId: string;
  /** Moves analysed when the job was queued: a job per (game, progress), so queueing one step twice queues it once. */
  from: number;
}

/** A job works this long at most, then queues the next step (pg-boss expires a job after 5 minutes). */
const STEP_MS = 60_000;

const jobId = (j: Job): string => {
  const h = createHash('sha256').update(`analysis|${j.gameId}|${j.from}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export interface WholeAnalysisOptions {
  databaseUrl: string;
  db: PrismaClient;
  pollingSeconds: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
}

export class WholeAnalysis {
  private boss: PgBoss | undefined;
  private loop = '';
  private stopped = false;

  constructor(
    private readonly service: GameService,
    private readonly opts: WholeAnalysisOptions,
  ) {}

  async start(): Promise<void> {
    const boss = await startJobQueue({ databaseUrl: this.opts.databaseUrl, max: 2, name: 'citybuilder-analysis', queues: [{ name: QUEUE, retryLimit: 5, retryDelay: 1 }], onError: (err) => this.opts.log.error({ err }, 'analysis queue error') });
    this.boss = boss;
    // One loop: an analysis takes one of the pool's threads at a time, the bots keep the others.
    this.loop = await boss.work<Job>(QUEUE, { batchSize: 1, pollingIntervalSeconds: this.opts.pollingSeconds }, async ([job]) => {
      if (job) await this.run(job.data.gameId);
    });
    // Analyses a killed process left queued or running.
    const left = await this.opts.db.$queryRaw<{ id: string; done: number }[]>`SELECT game_id::text AS id, done FROM game_analyses WHERE status IN ('queued', 'running')`;
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
  async request(gameId: string, token: string | undefined, iterationsAsked?: number): Promise<{ created: boolean; analysis: WholeAnalysisAnswer }> {
    const iterations = checkInt('analysisIterations', 'iterations', iterationsAsked ?? WHOLE_ANALYSIS_DEFAULT_ITERATIONS);
    const { s } = await this.service.open(gameId, token);
    if (s.row.status !== 'finished') throw AppError.of('ANALYSIS_NOT_ALLOWED', 'ANALYSIS_NOT_ALLOWED.wholeUnfinished', {}, { reason: 'not-finished' });
    const id = s.row.id;
    const [counted] = await this.opts.db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM moves WHERE game_id = ${id}::uuid AND origin <> 'resign'`;
    const total = counted?.total ?? 0;
    const inserted = await this.opts.db.$executeRaw`INSERT INTO game_analyses (game_id, iterations, total) VALUES (${id}::uuid, ${iterations}, ${total}) ON CONFLICT (game_id) DO NOTHING`;
    if (inserted > 0) await this.queue({ gameId: id, from: 0 });
    return { created: inserted > 0, analysis: (await this.read(id))! };
  }

  /** The analysis of a game as it stands (progress and the moves analysed so far); 404 when never asked. */
  async get(gameId: string, token: string | undefined): Promise<WholeAnalysisAnswer> {
    const { s } = await this.service.open(gameId, token);
    const a = await this.read(s.row.id);
    if (!a) throw AppError.of('NOT_FOUND', 'NOT_FOUND.wholeAnalysis');
    return a;
  }

  private async read(gameId: string): Promise<WholeAnalysisAnswer | null> {
    const [head] = await this.opts.db.$queryRaw<{ iterations: number; status: WholeAnalysisAnswer['status']; total: number; done: number; error: string | null }[]>`
      SELECT iterations, status, total, done, error FROM game_analyses WHERE game_id = ${gameId}::uuid`;
    if (!head) return null;
    const rows = await this.opts.db.$queryRaw<{ version: number; seat: number; choices: number; notation: string | null; chance: number | null; best: Json | null; best_notation: string | null; best_chance: number | null; loss: number | null }[]>`
      SELECT version, seat, choices, notation, chance, best, best_notation, best_chance, loss FROM game_analysis_moves WHERE game_id = ${gameId}::uuid ORDER BY version`;
    return {
      gameId,
      ...head,
      moves: rows.map((r) => ({ version: r.version, seat: r.seat, choices: r.choices, notation: r.notation, chance: r.chance, best: r.best, bestNotation: r.best_notation, bestChance: r.best_chance, loss: r.loss })),
    };
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
   * Analyses the moves not analysed yet, one position at a time, writing each with the progress;
   * after STEP_MS, queues the next step and ends (long games take several jobs).
   */
  private async run(gameId: string): Promise<void> {
    const started = Date.now();
    const [head] = await this.opts.db.$queryRaw<{ iterations: number; status: string }[]>`SELECT iterations, status FROM game_analyses WHERE game_id = ${gameId}::uuid`;
    if (!head || head.status === 'done' || head.status === 'failed') return;
    await this.opts.db.$executeRaw`UPDATE game_analyses SET status = 'running', updated_at = now() WHERE game_id = ${gameId}::uuid`;
    const entries = await this.opts.db.$queryRaw<{ version: number; seat: number; move: Json }[]>`
      SELECT m.version, m.seat, m.move FROM moves m
      WHERE m.game_id = ${gameId}::uuid AND m.origin <> 'resign'
        AND NOT EXISTS (SELECT 1 FROM game_analysis_moves a WHERE a.game_id = m.game_id AND a.version = m.version)
      ORDER BY m.version`;
    try {
      for (const e of entries) {
        if (this.stopped) return; // the job is retried (or re-queued at start-up) and resumes here
        if (Date.now() - started > STEP_MS) {
          const [p] = await this.opts.db.$queryRaw<{ done: number }[]>`SELECT done FROM game_analyses WHERE game_id = ${gameId}::uuid`;
          await this.queue({ gameId, from: p?.done ?? 0 });
          return;
        }
        const a = await this.service.analysis(gameId, undefined, e.version - 1, e.seat, { iterations: head.iterations });
        const played = a.moves.find((m) => canonicalJson(m.move) === canonicalJson(e.move));
        const best = a.best === null ? undefined : a.moves.find((m) => canonicalJson(m.move) === canonicalJson(a.best));
        // A single legal move is no choice: its loss is 0 (the search does not run).
        const only = a.moves.length === 1;
        const chance = played?.chance ?? null;
        const bestChance = best?.chance ?? null;
        const loss = only ? 0 : chance !== null && bestChance !== null ? Math.max(0, bestChance - chance) : null;
        await this.opts.db.$transaction([
          this.opts.db.$executeRaw`INSERT INTO game_analysis_moves (game_id, version, seat, choices, notation, chance, best, best_notation, best_chance, loss)
            VALUES (${gameId}::uuid, ${e.version}, ${e.seat}, ${a.moves.length}, ${played?.notation ?? null}, ${chance}, ${a.best === null ? null : JSON.stringify(a.best)}::jsonb, ${best?.notation ?? null}, ${bestChance}, ${loss})
            ON CONFLICT DO NOTHING`,
          this.opts.db.$executeRaw`UPDATE game_analyses SET done = (SELECT count(*) FROM game_analysis_moves WHERE game_id = ${gameId}::uuid), updated_at = now() WHERE game_id = ${gameId}::uuid`,
        ]);
      }
      await this.opts.db.$executeRaw`UPDATE game_analyses SET status = 'done', updated_at = now() WHERE game_id = ${gameId}::uuid`;
      this.opts.log.info({ gameId, moves: entries.length }, 'game analysed');
    } catch (err) {
      if (this.stopped) return;
      // A refusal (AppError) will not change on a retry: the analysis ends failed, with the reason.
      if (err instanceof AppError) {
        await this.opts.db.$executeRaw`UPDATE game_analyses SET status = 'failed', error = ${`${err.code}: ${err.message}`}, updated_at = now() WHERE game_id = ${gameId}::uuid`;
        this.opts.log.warn({ gameId, err }, 'game analysis failed');
        return;
      }
      throw err; // pg-boss retries the job; it resumes after the moves written
    }
  }
}

