import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { Outcome } from '../engine/index.js';
import { OWN_MOVE_ORIGINS, PAIR_WINDOW_HOURS, type Unrated } from '../app/ratings/rules.js';

/** A finished rated game, with the time of its last log entry (the order games are applied in). */
export interface FinishedGame {
  id: string;
  type: string;
  outcome: Outcome;
  finished_at: Date;
}
export interface RatingRow {
  mu: number;
  sigma: number;
  ordinal: number;
  games: number;
  last_game_at: Date;
}

/** One lock for every change of the ratings tables, so that games are applied one at a time, in order. */
const LOCK = 0x7261_7465; // "rate"

/**
 * The ratings projection's tables (app/ratings/ratings.ts): `ratings` per player and game type,
 * `rated_games` (each game applied once). `locked` runs its work in one transaction holding the
 * projection's advisory lock, so processes never apply two games at once.
 */
export interface RatingsStore {
  locked<T>(timeoutMs: number, work: (tx: RatingsStore) => Promise<T>): Promise<T>;
  /**
   * Finished rated games in the order they finished (their last entry's time, then id); only those
   * not applied unless `all`; `recent`: only those changed within the hour before the last one applied.
   */
  finishedGames(all: boolean, recent: boolean): Promise<FinishedGame[]>;
  /** The last game applied. */
  lastRated(): Promise<{ finished_at: Date; game_id: string } | null>;
  /** Forgets every rating and every game applied. */
  clear(): Promise<void>;
  /** Marks a game applied; `unrated`: why it changed no rating (null: it did). */
  markRated(g: FinishedGame, unrated: Unrated | null): Promise<void>;
  /** A game's seats and their players (null: the player was deleted), in seat order. */
  seatPlayers(gameId: string): Promise<{ seat: number; player_id: string | null; bot: string | null }[]>;
  /** The seats that made a move of their own (origins seat and mail) in a game's log. */
  ownMoveSeats(gameId: string): Promise<number[]>;
  /**
   * The most games of `type` that changed the ratings any two of `players` played together, among
   * the games applied that finished within the 24 hours up to `at` (the per-pair bound).
   */
  pairGamesBefore(players: string[], type: string, at: Date): Promise<number>;
  /** How an applied game counted: null unless applied; `unrated` null when it changed the ratings. */
  ratedGame(gameId: string): Promise<{ unrated: Unrated | null; finished_at: Date } | null>;
  ratingsOf(players: string[], type: string): Promise<{ player_id: string; mu: number; sigma: number }[]>;
  /** A player's rating after one more game. */
  saveRating(playerId: string, type: string, r: { mu: number; sigma: number; ordinal: number }, at: Date): Promise<void>;
  countRatings(): Promise<number>;
  player(id: string): Promise<{ id: string; name: string } | null>;
  playerRatings(playerId: string): Promise<(RatingRow & { game_type: string })[]>;
  /** A page of a game type's leaderboard: best ordinal first, then player id, after the cursor. */
  leaderboard(
    q: LeaderboardFilter,
  ): Promise<(RatingRow & { rank: number; player_id: string; name: string; recent_games: number; recent_opponents: number })[]>;
}

/** Who a leaderboard lists: ratings under the provisional bound, with enough recent rated games and opponents. */
export interface LeaderboardFilter {
  gameType: string;
  maxSigma: number;
  minGames: number;
  minOpponents: number;
  recentDays: number;
  after?: { key: number; id: string };
  limit: number;
}

export class PrismaRatingsStore implements RatingsStore {
  constructor(private readonly db: PrismaClient | Prisma.TransactionClient) {}

  locked<T>(timeoutMs: number, work: (tx: RatingsStore) => Promise<T>): Promise<T> {
    if (!('$transaction' in this.db)) throw new Error('already in a transaction');
    return this.db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK})`;
        return work(new PrismaRatingsStore(tx));
      },
      { timeout: timeoutMs },
    );
  }

  finishedGames(all: boolean, recent: boolean): Promise<FinishedGame[]> {
    // Across games (docs/scaling.md): marked as background work, never part of one game's operation.
    return this.db.$queryRaw<FinishedGame[]>`/* background */
      SELECT g.id::text, g.type, g.outcome, m.created_at AS finished_at
      FROM games g JOIN moves m ON m.game_id = g.id AND m.version = g.version
      WHERE g.rated AND g.status = 'finished' AND g.outcome IS NOT NULL
        AND (NOT ${recent} OR g.updated_at > coalesce((SELECT max(finished_at) FROM rated_games), '-infinity'::timestamptz) -
          interval '1 hour')
        AND (${all} OR NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id))
      ORDER BY m.created_at, g.id`;
  }

  async lastRated(): Promise<{ finished_at: Date; game_id: string } | null> {
    const [last] = await this.db.$queryRaw<
      { finished_at: Date; game_id: string }[]
    >`SELECT finished_at, game_id::text FROM rated_games ORDER BY finished_at DESC, game_id DESC LIMIT 1`;
    return last ?? null;
  }

  async clear(): Promise<void> {
    await this.db.$executeRaw`DELETE FROM ratings`;
    await this.db.$executeRaw`DELETE FROM rated_games`;
  }

  async markRated(g: FinishedGame, unrated: Unrated | null): Promise<void> {
    await this.db.$executeRaw`INSERT INTO rated_games (game_id, game_type, finished_at, unrated) VALUES (${g.id}::uuid, ${g.type},
        ${g.finished_at}, ${unrated})`;
  }

  seatPlayers(gameId: string): Promise<{ seat: number; player_id: string | null; bot: string | null }[]> {
    return this.db.$queryRaw<
      { seat: number; player_id: string | null; bot: string | null }[]
    >`SELECT seat, player_id::text, bot FROM seats WHERE game_id = ${gameId}::uuid ORDER BY seat`;
  }

  async ownMoveSeats(gameId: string): Promise<number[]> {
    const rows = await this.db.$queryRaw<
      { seat: number }[]
    >`SELECT DISTINCT seat FROM moves WHERE game_id = ${gameId}::uuid AND origin = ANY(${[...OWN_MOVE_ORIGINS]}::text[]) ORDER BY seat`;
    return rows.map((r) => r.seat);
  }

  async pairGamesBefore(players: string[], type: string, at: Date): Promise<number> {
    const [r] = await this.db.$queryRaw<{ n: number }[]>`/* background */
      SELECT coalesce(max(n), 0)::int AS n FROM (
        SELECT count(*) AS n
        FROM rated_games rg
        JOIN seats a ON a.game_id = rg.game_id AND a.player_id = ANY(${players}::uuid[])
        JOIN seats b ON b.game_id = rg.game_id AND b.player_id = ANY(${players}::uuid[]) AND b.player_id > a.player_id
        WHERE rg.game_type = ${type} AND rg.unrated IS NULL
          AND rg.finished_at > ${at}::timestamptz - make_interval(hours => ${PAIR_WINDOW_HOURS}) AND rg.finished_at <= ${at}
        GROUP BY a.player_id, b.player_id) pairs`;
    return r!.n;
  }

  async ratedGame(gameId: string): Promise<{ unrated: Unrated | null; finished_at: Date } | null> {
    const [r] = await this.db.$queryRaw<
      { unrated: Unrated | null; finished_at: Date }[]
    >`SELECT unrated, finished_at FROM rated_games WHERE game_id = ${gameId}::uuid`;
    return r ?? null;
  }

  ratingsOf(players: string[], type: string): Promise<{ player_id: string; mu: number; sigma: number }[]> {
    return this.db.$queryRaw<{ player_id: string; mu: number; sigma: number }[]>`
      SELECT player_id::text, mu, sigma FROM ratings WHERE game_type = ${type} AND player_id = ANY(${players}::uuid[])`;
  }

  async saveRating(playerId: string, type: string, r: { mu: number; sigma: number; ordinal: number }, at: Date): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO ratings (player_id, game_type, mu, sigma, ordinal, games, last_game_at)
      VALUES (${playerId}::uuid, ${type}, ${r.mu}, ${r.sigma}, ${r.ordinal}, 1, ${at})
      ON CONFLICT (player_id, game_type) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal,
        games = ratings.games + 1, last_game_at = EXCLUDED.last_game_at`;
  }

  async countRatings(): Promise<number> {
    const [r] = await this.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ratings`;
    return r!.n;
  }

  async player(id: string): Promise<{ id: string; name: string } | null> {
    const [p] = await this.db.$queryRaw<{ id: string; name: string }[]>`SELECT id::text, name FROM players WHERE id = ${id}::uuid`;
    return p ?? null;
  }

  playerRatings(playerId: string): Promise<(RatingRow & { game_type: string })[]> {
    return this.db.$queryRaw<(RatingRow & { game_type: string })[]>`
      SELECT game_type, mu, sigma, ordinal, games, last_game_at FROM ratings WHERE player_id = ${playerId}::uuid ORDER BY game_type`;
  }

  leaderboard(q: LeaderboardFilter) {
    // Recent: the rated games of this type that changed the ratings within the window, and the different opponents met in them.
    return this.db.$queryRaw<
      (RatingRow & { rank: number; player_id: string; name: string; recent_games: number; recent_opponents: number })[]
    >`
      WITH recent AS (
        SELECT me.player_id, count(DISTINCT rg.game_id)::int AS games, count(DISTINCT op.player_id)::int AS opponents
        FROM rated_games rg
        JOIN seats me ON me.game_id = rg.game_id AND me.player_id IS NOT NULL
        JOIN seats op ON op.game_id = rg.game_id AND op.seat <> me.seat AND op.player_id IS NOT NULL AND op.player_id <> me.player_id
        WHERE rg.game_type = ${q.gameType} AND rg.unrated IS NULL AND rg.finished_at > now() - make_interval(days => ${q.recentDays})
        GROUP BY me.player_id
      )
      SELECT * FROM (
        SELECT row_number() OVER (ORDER BY r.ordinal DESC, r.player_id)::int AS rank, r.player_id::text, p.name, r.mu, r.sigma,
          r.ordinal, r.games, r.last_game_at,
          c.games AS recent_games, c.opponents AS recent_opponents
        FROM ratings r JOIN players p ON p.id = r.player_id JOIN recent c ON c.player_id = r.player_id
        WHERE r.game_type = ${q.gameType} AND r.sigma < ${q.maxSigma} AND c.games >= ${q.minGames} AND c.opponents >= ${q.minOpponents}
      ) b
      WHERE ${q.after === undefined} OR b.ordinal < ${q.after?.key ?? 0} OR (b.ordinal = ${q.after?.key ?? 0} AND b.player_id >
        ${q.after?.id ?? ''})
      ORDER BY b.ordinal DESC, b.player_id
      LIMIT ${q.limit}`;
  }
}
