import { ordinal, predictWin, rate, rating, type Rating } from 'openskill';
import type { Seat } from '../../engine/index.js';
import type { FinishedGame, RatingsStore } from '../../store/ratings-store.js';
import type { GameRegistry } from '../../games/registry.js';
import type { GamePort } from '../game-port.js';
import { AppError } from '../errors.js';
import { isUuid } from '../ids.js';
import { decodeRankCursor, encodeRankCursor } from '../cursor.js';
import { provisional, seatsWithoutOwnMove, unratedBecause, type Unrated } from './rules.js';

/** The rules' bounds (src/app/ratings/rules.ts; README's configuration table). */
export interface RatingOptions {
  /** A rating whose sigma is at or above this is provisional (RATING_PROVISIONAL_SIGMA, 6; openskill starts at 25/3). */
  provisionalSigma: number;
  /** Rated games within the recent days a player needs to be listed on a leaderboard (LEADERBOARD_MIN_GAMES, 10). */
  leaderboardMinGames: number;
  /** Different opponents met in them (LEADERBOARD_MIN_OPPONENTS, 3). */
  leaderboardMinOpponents: number;
  /** The leaderboard's window (LEADERBOARD_RECENT_DAYS, 90). */
  leaderboardRecentDays: number;
  /** Rated games two players may play together of one type within 24 hours that change ratings (RATING_PAIR_DAILY_LIMIT, 3; 0: no
   * bound). */
  pairDailyLimit: number;
  log: { warn(o: object, m: string): void };
}

/** The options from the configuration, for the server and the command line alike. */
export function ratingOptions(
  c: {
    ratingProvisionalSigma: number;
    leaderboardMinGames: number;
    leaderboardMinOpponents: number;
    leaderboardRecentDays: number;
    ratingPairDailyLimit: number;
  },
  log: RatingOptions['log'],
): RatingOptions {
  return {
    provisionalSigma: c.ratingProvisionalSigma,
    leaderboardMinGames: c.leaderboardMinGames,
    leaderboardMinOpponents: c.leaderboardMinOpponents,
    leaderboardRecentDays: c.leaderboardRecentDays,
    pairDailyLimit: c.ratingPairDailyLimit,
    log,
  };
}

/**
 * Ratings (openskill's Weng-Lin Plackett-Luce model, multiplayer with ranks and ties) per player and
 * game type: a projection of the finished rated games in the order they finished (the time of each
 * game's last log entry, then its id). What it guarantees:
 * - The numbers depend only on the log: rebuilding from nothing gives the same mu and sigma to the
 *   last digit as the incremental updates (same games, same order, same float arithmetic; Postgres
 *   float8 stores a JavaScript number exactly).
 * - Each game is applied once (`rated_games`, keyed by game), under one advisory lock, so server
 *   processes never apply two games at once. A game that finished before one already applied (two
 *   processes' commits crossing) makes the projection rebuild rather than apply out of order.
 * - It runs after the finishing move commits (an after-commit hook) and from a sweep at start-up
 *   (every game) and every few seconds (games changed within the hour before the last one applied),
 *   so a process killed between the commit and the update loses nothing (docs/architecture.md).
 * A seat's rank is the outcome's: resigned seats (a timeout with action resign resigns) rank last.
 * A game the rules leave unrated (aborted, past the per-pair bound: rules.ts) is applied all the
 * same, as changing nothing, and says why (`GET /games/{id}/rating`).
 */
export class Ratings {
  private sweeper: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly store: RatingsStore,
    private readonly registry: GameRegistry,
    private readonly opts: RatingOptions,
  ) {}

  /** Applies finished rated games after each commit that finishes one. */
  watch(service: GamePort): void {
    service.onCommitted((c) => {
      if (c.status === 'finished')
        void this.project(true).catch((err) =>
          this.opts.log.warn({ err, gameId: c.gameId }, 'ratings projection failed; the sweep will redo it'),
        );
    });
  }

  /** The sweep: at start-up over every finished rated game, then every `everyMs` over those finished in the last hour. */
  start(everyMs: number): void {
    this.sweeper = setInterval(() => void this.project(true).catch((err) => this.opts.log.warn({ err }, 'ratings sweep failed')), everyMs);
    void this.project().catch(() => {});
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  /** Applies every finished rated game not applied yet, in order; resolves with how many. Calls while one runs are folded into
   * one more run. */
  async project(recent = false): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let n = 0;
      do {
        this.again = false;
        n += await this.store.locked(60_000, async (tx) => {
          const pending = await tx.finishedGames(false, recent);
          if (pending.length === 0) return 0;
          const last = await tx.lastRated();
          const first = pending[0]!;
          if (last && (+first.finished_at < +last.finished_at || (+first.finished_at === +last.finished_at && first.id < last.game_id)))
            return this.rebuildIn(tx);
          for (const g of pending) await this.apply(tx, g);
          return pending.length;
        });
      } while (this.again);
      return n;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Forgets every rating and applies every finished rated game again from the log, in order. */
  async rebuild(): Promise<{ games: number; ratings: number }> {
    return this.store.locked(600_000, async (tx) => ({ games: await this.rebuildIn(tx), ratings: await tx.countRatings() }));
  }

  private async rebuildIn(tx: RatingsStore): Promise<number> {
    await tx.clear();
    const all = await tx.finishedGames(true, false);
    for (const g of all) await this.apply(tx, g);
    return all.length;
  }

  /** One game: each seat's player rated by its rank in the outcome (ties share a rank), unless the rules leave it unrated. */
  private async apply(tx: RatingsStore, g: FinishedGame): Promise<void> {
    const seats = await tx.seatPlayers(g.id);
    // A seat that lost its player (the player was deleted) leaves the game unrateable: it is skipped, the same way in a rebuild.
    if (seats.length < 2 || seats.some((s) => s.player_id === null)) return tx.markRated(g, null);
    const players = seats.map((s) => s.player_id!);
    const moved = new Set(await tx.ownMoveSeats(g.id));
    const without = seatsWithoutOwnMove(
      seats,
      [...moved].map((seat) => ({ seat })),
    );
    const unrated = unratedBecause(
      without.length,
      without.length ? 0 : await tx.pairGamesBefore(players, g.type, g.finished_at),
      this.opts.pairDailyLimit,
    );
    await tx.markRated(g, unrated);
    if (unrated) return;
    const before = await this.current(tx, players, g.type);
    const after = rate(
      players.map((p) => [before.get(p)!]),
      { rank: seats.map((s) => g.outcome.ranks[s.seat]!) },
    );
    for (const [i, p] of players.entries()) {
      const r = after[i]![0]!;
      await tx.saveRating(p, g.type, { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) }, g.finished_at);
    }
  }

  /** The players' ratings in a game type; a player without one gets openskill's default. */
  private async current(store: RatingsStore, players: string[], type: string): Promise<Map<string, Rating>> {
    const rows = await store.ratingsOf(players, type);
    const byId = new Map(rows.map((r) => [r.player_id, { mu: r.mu, sigma: r.sigma }]));
    return new Map(players.map((p) => [p, byId.get(p) ?? rating()]));
  }

  private shown(r: { mu: number; sigma: number; ordinal: number; games: number; last_game_at: Date }) {
    return {
      mu: r.mu,
      sigma: r.sigma,
      ordinal: r.ordinal,
      provisional: provisional(r.sigma, this.opts.provisionalSigma),
      games: r.games,
      lastGameAt: r.last_game_at.toISOString(),
    };
  }

  /**
   * GET /games/{id}/rating: whether a game is rated and, once finished and applied, whether it
   * changed the ratings: `counted`, or why not (`aborted`, `pair-limit`); `pending` until applied.
   */
  async ofGame(
    service: GamePort,
    gameId: string,
    token: string | undefined,
  ): Promise<{ gameId: string; rated: boolean; status: 'unrated' | 'pending' | 'counted' | Unrated }> {
    const g = await service.getGame(gameId, token);
    if (!g.rated) return { gameId, rated: false, status: 'unrated' };
    const applied = g.status === 'finished' ? await this.store.ratedGame(gameId) : null;
    return { gameId, rated: true, status: applied ? (applied.unrated ?? 'counted') : 'pending' };
  }

  /** GET /players/{id}/ratings: the player's rating in each game type they have played rated. */
  async ofPlayer(playerId: string) {
    const p = isUuid(playerId) ? await this.store.player(playerId) : null;
    if (!p) throw AppError.of('NOT_FOUND', 'NOT_FOUND.player', { id: playerId });
    const rows = await this.store.playerRatings(playerId);
    return { playerId: p.id, name: p.name, ratings: rows.map((r) => ({ gameType: r.game_type, ...this.shown(r) })) };
  }

  /**
   * GET /leaderboards/{gameType}: players whose rating is not provisional, with at least the
   * minimum of rated games that changed the ratings against the minimum of different opponents
   * within the recent days, best ordinal first (then player id), a page at a time.
   */
  async leaderboard(gameType: string, limit: number, after?: string) {
    if (!this.registry.list().some((g) => g.id === gameType))
      throw AppError.of('NOT_FOUND', 'NOT_FOUND.gameType', {
        type: gameType,
        known: this.registry
          .list()
          .map((g) => g.id)
          .join(', '),
      });
    const cursor = decodeRankCursor(after);
    const o = this.opts;
    const rows = await this.store.leaderboard({
      gameType,
      maxSigma: o.provisionalSigma,
      minGames: o.leaderboardMinGames,
      minOpponents: o.leaderboardMinOpponents,
      recentDays: o.leaderboardRecentDays,
      ...(cursor ? { after: cursor } : {}),
      limit,
    });
    const last = rows[rows.length - 1];
    return {
      gameType,
      minGames: o.leaderboardMinGames,
      minOpponents: o.leaderboardMinOpponents,
      recentDays: o.leaderboardRecentDays,
      provisionalSigma: o.provisionalSigma,
      players: rows.map((r) => ({
        rank: r.rank,
        playerId: r.player_id,
        name: r.name,
        ...this.shown(r),
        recentGames: r.recent_games,
        recentOpponents: r.recent_opponents,
      })),
      next: rows.length === limit && last ? encodeRankCursor(last.ordinal, last.player_id) : null,
    };
  }

  /**
   * The expected chances (openskill's predictWin) of a rated game's seated players, from their
   * ratings now: shown before the game starts, meaningful until it ends. Null for an unrated game or
   * while a seat is open.
   */
  async chances(service: GamePort, gameId: string, token: string | undefined) {
    const g = await service.getGame(gameId, token);
    if (!g.rated) return { gameId, rated: false, chances: null };
    const seats = await this.store.seatPlayers(gameId);
    if (seats.some((s) => s.player_id === null)) return { gameId, rated: true, chances: null };
    const ratings = await this.current(
      this.store,
      seats.map((s) => s.player_id!),
      g.type,
    );
    const p = predictWin(seats.map((s) => [ratings.get(s.player_id!)!]));
    return { gameId, rated: true, chances: seats.map((s, i) => ({ seat: s.seat as Seat, playerId: s.player_id!, chance: p[i]! })) };
  }
}
