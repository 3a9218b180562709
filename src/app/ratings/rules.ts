import type { MoveOrigin } from '../../store/types.js';

/**
 * The rules that keep ratings from being farmed (issue 34 item 1, docs/api.md "Ratings"). Each is a
 * function of the log and of the games applied before, in finish order, so the incremental
 * projection and the rebuild (`citybuilder rebuild-ratings`) decide every game alike:
 * - aborted: a rated game in which some person's seat made no move of its own before it ended
 *   (it resigned, timed out or expired first) changes no rating. A move of its own is one the seat
 *   played, through the API, by a reply to a mail or by one of its conditional lines (origins `seat`, `mail`, `conditional`); the stand-in's
 *   moves for a resigned or timed-out seat, a bot's and a takeback's are not.
 * - pair-limit: a rated game changes no rating when two of its players had already played
 *   `pairDailyLimit` rated games of the same type, each of which changed the ratings, within the
 *   24 hours before it finished (RATING_PAIR_DAILY_LIMIT, default 3; 0 turns the rule off).
 * - provisional: a rating is provisional while its sigma is at or above `provisionalSigma`
 *   (RATING_PROVISIONAL_SIGMA, default 6; openskill starts at 25/3).
 * - leaderboards list only players whose rating is not provisional, with at least
 *   `leaderboardMinGames` (10) rated games that changed the ratings, against at least
 *   `leaderboardMinOpponents` (3) different opponents, within the last `leaderboardRecentDays` (90).
 */
export const OWN_MOVE_ORIGINS: readonly MoveOrigin[] = ['seat', 'mail', 'conditional'];

/** Why a finished rated game changed no rating; null when it did. */
export type Unrated = 'aborted' | 'pair-limit';
export const UNRATED_REASONS: readonly Unrated[] = ['aborted', 'pair-limit'];

/** The window of the per-pair bound. */
export const PAIR_WINDOW_HOURS = 24;

/** Whether a move of this origin is the seat's own. */
export function ownMove(origin: MoveOrigin | undefined): boolean {
  return OWN_MOVE_ORIGINS.includes(origin ?? 'seat');
}

/** The persons' seats (not bots) that made no move of their own in the log: a rated game that ends with any is aborted. */
export function seatsWithoutOwnMove(
  seats: { seat: number; bot?: string | null }[],
  moves: { seat: number; origin?: MoveOrigin }[],
): number[] {
  const moved = new Set(moves.filter((m) => ownMove(m.origin)).map((m) => m.seat));
  return seats.filter((s) => !s.bot && !moved.has(s.seat)).map((s) => s.seat);
}

/** Whether a game is unrated, given the seats without a move of their own and the most rated games any two of its players played
 * in the window before it. */
export function unratedBecause(withoutOwnMove: number, pairGamesBefore: number, pairDailyLimit: number): Unrated | null {
  if (withoutOwnMove > 0) return 'aborted';
  if (pairDailyLimit > 0 && pairGamesBefore >= pairDailyLimit) return 'pair-limit';
  return null;
}

/** Provisional while sigma is at or above the bound. */
export function provisional(sigma: number, bound: number): boolean {
  return sigma >= bound;
}
