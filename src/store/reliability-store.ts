import type { PrismaClient } from '../generated/prisma/client.js';

/** A player's games in the window, each in one class (src/app/reliability.ts). */
export interface ReliabilityCounts {
  finished: number;
  abandoned: number;
  timedOut: number;
}

/** Reliability's reads and the games' join requirements (table game_requirements). */
export class ReliabilityStore {
  constructor(private readonly db: PrismaClient) {}

  /**
   * The player's seats in games active within the last `days` days (their last change), each in one
   * class: timed out (a deadline missed at least once, whatever followed), else abandoned (resigned),
   * else finished (the game ended with the seat in it). Running games without either count nowhere.
   */
  async counts(playerId: string, days: number): Promise<ReliabilityCounts> {
    const [r] = await this.db.$queryRaw<{ finished: number; abandoned: number; timed_out: number }[]>`
      SELECT count(*) FILTER (WHERE s.timed_out > 0)::int AS timed_out,
             count(*) FILTER (WHERE s.timed_out = 0 AND s.resigned_at IS NOT NULL)::int AS abandoned,
             count(*) FILTER (WHERE s.timed_out = 0 AND s.resigned_at IS NULL AND g.status = 'finished')::int AS finished
      FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.player_id = ${playerId}::uuid AND g.updated_at > now() - make_interval(days => ${days})`;
    return { finished: r?.finished ?? 0, abandoned: r?.abandoned ?? 0, timedOut: r?.timed_out ?? 0 };
  }

  async requirement(gameId: string): Promise<number | null> {
    const [r] = await this.db.$queryRaw<
      { min: number }[]
    >`SELECT min_reliability AS min FROM game_requirements WHERE game_id = ${gameId}::uuid`;
    return r?.min ?? null;
  }

  /**
   * Sets a new game's minimum, and only then lists it in the lobby when it was asked public (it is
   * created private, so nobody finds it before its requirement holds): one statement.
   */
  async require(gameId: string, minReliability: number, listPublic: boolean): Promise<void> {
    await this.db.$executeRaw`
      WITH required AS (INSERT INTO game_requirements (game_id, min_reliability) VALUES (${gameId}::uuid, ${minReliability})
        RETURNING game_id)
      UPDATE games SET public = true FROM required WHERE games.id = required.game_id AND ${listPublic}`;
  }
}
