import type { PrismaClient } from '../generated/prisma/client.js';
import type { Json } from '../engine/index.js';

export type AnalysisStatus = 'queued' | 'running' | 'done' | 'failed';

/** One move of a whole analysis: the played move's chance against the best one's. */
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

export interface AnalysisHead {
  iterations: number;
  status: AnalysisStatus;
  total: number;
  done: number;
  error: string | null;
}

/**
 * The bots' tables: which games wait on a bot seat (app/bots/runner.ts), and the whole analyses of
 * finished games with their progress (app/bots/whole-analysis.ts, game_analyses and game_analysis_moves).
 */
export interface BotStore {
  /** Games (or the one game) active with a bot seat, not resigned, to move: their ids and versions. */
  waitingOnBots(gameId?: string): Promise<{ id: string; version: number }[]>;
  /** Analyses a killed process left queued or running, with the moves they have done. */
  unfinishedAnalyses(): Promise<{ id: string; done: number }[]>;
  /** Asks for a game's analysis at `iterations`, over its moves (resignations aside), for a caller: false when one was asked before. */
  createAnalysis(gameId: string, iterations: number, requestedBy?: string): Promise<boolean>;
  /** The game of the caller's analysis queued or running, if any. */
  activeAnalysisOf(requestedBy: string): Promise<string | null>;
  analysisHead(gameId: string): Promise<AnalysisHead | null>;
  analysedMoves(gameId: string): Promise<AnalysedMove[]>;
  markAnalysis(gameId: string, status: 'running' | 'done'): Promise<void>;
  failAnalysis(gameId: string, error: string): Promise<void>;
  /** Ends a queued or running analysis as failed with `error` (the operator's cancel): false when there was none to end. */
  cancelAnalysis(gameId: string, error: string): Promise<boolean>;
  /** The log entries (resignations aside) not analysed yet, in order. */
  movesToAnalyse(gameId: string): Promise<{ version: number; seat: number; move: Json }[]>;
  /** Writes one analysed move and the progress in one transaction (a move written twice is kept once). */
  addAnalysedMove(gameId: string, m: AnalysedMove): Promise<void>;
}

export class PrismaBotStore implements BotStore {
  constructor(private readonly db: PrismaClient) {}

  waitingOnBots(gameId?: string): Promise<{ id: string; version: number }[]> {
    // One game (after its commit): pinned to it, so it stays on that game's shard (docs/scaling.md).
    // Every game (the periodic sweep): a fan-out read, marked as background work.
    return gameId
      ? this.db.$queryRaw<{ id: string; version: number }[]>`
          SELECT g.id::text AS id, g.version FROM games g
          WHERE g.id = ${gameId}::uuid AND g.status = 'active'
            AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = ${gameId}::uuid AND s.bot IS NOT NULL AND s.resigned_at IS NULL
              AND s.seat = ANY (g.to_move))`
      : this.db.$queryRaw<{ id: string; version: number }[]>`/* background */
          SELECT g.id::text AS id, g.version FROM games g
          WHERE g.status = 'active'
            AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.bot IS NOT NULL AND s.resigned_at IS NULL AND s.seat =
              ANY (g.to_move))`;
  }

  unfinishedAnalyses(): Promise<{ id: string; done: number }[]> {
    return this.db.$queryRaw<
      { id: string; done: number }[]
    >`SELECT game_id::text AS id, done FROM game_analyses WHERE status IN ('queued', 'running')`;
  }

  async createAnalysis(gameId: string, iterations: number, requestedBy?: string): Promise<boolean> {
    const [counted] = await this.db.$queryRaw<
      { total: number }[]
    >`SELECT count(*)::int AS total FROM moves WHERE game_id = ${gameId}::uuid AND origin <> 'resign'`;
    const total = counted?.total ?? 0;
    const inserted = await this.db
      .$executeRaw`INSERT INTO game_analyses (game_id, iterations, total, requested_by) VALUES (${gameId}::uuid, ${iterations},
        ${total}, ${requestedBy ?? null}) ON CONFLICT (game_id) DO NOTHING`;
    return inserted > 0;
  }

  async activeAnalysisOf(requestedBy: string): Promise<string | null> {
    const [row] = await this.db.$queryRaw<
      { id: string }[]
    >`SELECT game_id::text AS id FROM game_analyses WHERE requested_by = ${requestedBy} AND status IN ('queued', 'running') LIMIT 1`;
    return row?.id ?? null;
  }

  async analysisHead(gameId: string): Promise<AnalysisHead | null> {
    const [head] = await this.db.$queryRaw<
      AnalysisHead[]
    >`SELECT iterations, status, total, done, error FROM game_analyses WHERE game_id = ${gameId}::uuid`;
    return head ?? null;
  }

  async analysedMoves(gameId: string): Promise<AnalysedMove[]> {
    const rows = await this.db.$queryRaw<
      {
        version: number;
        seat: number;
        choices: number;
        notation: string | null;
        chance: number | null;
        best: Json | null;
        best_notation: string | null;
        best_chance: number | null;
        loss: number | null;
      }[]
    >`
      SELECT version, seat, choices, notation, chance, best, best_notation, best_chance, loss FROM game_analysis_moves WHERE
        game_id = ${gameId}::uuid ORDER BY version`;
    return rows.map((r) => ({
      version: r.version,
      seat: r.seat,
      choices: r.choices,
      notation: r.notation,
      chance: r.chance,
      best: r.best,
      bestNotation: r.best_notation,
      bestChance: r.best_chance,
      loss: r.loss,
    }));
  }

  async markAnalysis(gameId: string, status: 'running' | 'done'): Promise<void> {
    // A failed analysis (cancelled) stays failed.
    await this.db
      .$executeRaw`UPDATE game_analyses SET status = ${status}, updated_at = now() WHERE game_id = ${gameId}::uuid AND status <> 'failed'`;
  }

  async failAnalysis(gameId: string, error: string): Promise<void> {
    await this.db
      .$executeRaw`UPDATE game_analyses SET status = 'failed', error = ${error}, updated_at = now() WHERE game_id = ${gameId}::uuid`;
  }

  async cancelAnalysis(gameId: string, error: string): Promise<boolean> {
    const n = await this.db.$executeRaw`UPDATE game_analyses SET status = 'failed', error = ${error}, updated_at = now() WHERE game_id =
        ${gameId}::uuid AND status IN ('queued', 'running')`;
    return n > 0;
  }

  movesToAnalyse(gameId: string): Promise<{ version: number; seat: number; move: Json }[]> {
    return this.db.$queryRaw<{ version: number; seat: number; move: Json }[]>`
      SELECT m.version, m.seat, m.move FROM moves m
      WHERE m.game_id = ${gameId}::uuid AND m.origin <> 'resign'
        AND NOT EXISTS (SELECT 1 FROM game_analysis_moves a WHERE a.game_id = m.game_id AND a.version = m.version)
      ORDER BY m.version`;
  }

  async addAnalysedMove(gameId: string, m: AnalysedMove): Promise<void> {
    await this.db.$transaction([
      this.db.$executeRaw`INSERT INTO game_analysis_moves (game_id, version, seat, choices, notation, chance, best, best_notation,
          best_chance, loss)
        VALUES (${gameId}::uuid, ${m.version}, ${m.seat}, ${m.choices}, ${m.notation}, ${m.chance},
          ${m.best === null ? null : JSON.stringify(m.best)}::jsonb, ${m.bestNotation}, ${m.bestChance}, ${m.loss})
        ON CONFLICT DO NOTHING`,
      this.db.$executeRaw`UPDATE game_analyses SET done = (SELECT count(*) FROM game_analysis_moves WHERE game_id = ${gameId}::uuid),
          updated_at = now() WHERE game_id = ${gameId}::uuid`,
    ]);
  }
}
