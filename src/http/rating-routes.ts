import type { GameService } from '../app/game-service.js';
import type { Ratings } from '../app/ratings/ratings.js';
import { UNRATED_REASONS } from '../app/ratings/rules.js';
import { GameIdParams, GameTypeParams, LeaderboardQuery, PlayerIdParams } from '../app/shapes.js';
import { needed, tokenOf, type Routes } from './route-kit.js';
import { answer, closed, operation } from './route-schema.js';

const ratingFields = {
  mu: { type: 'number', description: "openskill's estimate of the skill (starts at 25)" },
  sigma: { type: 'number', description: 'Its uncertainty (starts at 25/3 and shrinks with each rated game)' },
  ordinal: { type: 'number', description: "mu - 3 sigma: the leaderboard's order" },
  provisional: {
    type: 'boolean',
    description: 'sigma is at or above RATING_PROVISIONAL_SIGMA (default 6): too few games to trust the rating',
  },
  games: {
    type: 'integer',
    minimum: 1,
    description:
      'Rated games finished in this game type that changed the rating (aborted games and games past the per-pair daily bound do not count)',
  },
  lastGameAt: { type: 'string', format: 'date-time', description: 'When the last of them finished' },
} as const;
const ratingRequired = ['mu', 'sigma', 'ordinal', 'provisional', 'games', 'lastGameAt'];

/** Ratings and leaderboards (src/app/ratings/): players' ratings, a game type's leaderboard, a game's expected chances, the
 * operator's rebuild. */
export function ratingRoutes(service: GameService, get: () => Ratings | undefined): Routes {
  const ratings = needed(get, 'ratings');
  return async function routes(app) {
    app.get(
      '/players/:id/ratings',
      {
        schema: operation({
          operationId: 'getPlayerRatings',
          summary: "A player's ratings, one per game type played rated",
          description:
            "openskill (Weng-Lin, Plackett-Luce) ratings from the player's finished rated games: mu, " +
            'sigma, ordinal (mu - 3 sigma) and whether the rating is still provisional. Public.',
          tags: ['ratings'],
          access: 'public',
          params: PlayerIdParams,
          success: answer(
            "The player's ratings (none before their first finished rated game)",
            closed({
              playerId: { type: 'string', format: 'uuid' },
              name: { type: 'string' },
              ratings: { type: 'array', items: closed({ gameType: { type: 'string' }, ...ratingFields }, ['gameType', ...ratingRequired]) },
            }),
          ),
          errors: [404],
        }),
      },
      async (req) => ratings().ofPlayer(req.params.id),
    );

    app.get(
      '/leaderboards/:gameType',
      {
        schema: operation({
          operationId: 'getLeaderboard',
          summary: "A game type's leaderboard, best ordinal first",
          description:
            'Players whose rating is not provisional (sigma under RATING_PROVISIONAL_SIGMA), with at ' +
            'least LEADERBOARD_MIN_GAMES (default 10) rated games of this type that changed the ' +
            'ratings, against at least LEADERBOARD_MIN_OPPONENTS (default 3) different opponents, ' +
            'finished in the last LEADERBOARD_RECENT_DAYS (default 90) days; ordered by ordinal (mu - ' +
            '3 sigma), then player id. Paged: `next` is the cursor of the next page (`after`), null on ' +
            'the last. An unknown game type is a 404.',
          tags: ['ratings'],
          access: 'public',
          params: GameTypeParams,
          querystring: LeaderboardQuery,
          success: answer(
            'One page of the leaderboard',
            closed({
              gameType: { type: 'string' },
              minGames: { type: 'integer', description: 'Rated games within recentDays needed to be listed' },
              minOpponents: { type: 'integer', description: 'Different opponents in them needed to be listed' },
              recentDays: { type: 'integer', description: 'The window, in days, of minGames and minOpponents' },
              provisionalSigma: { type: 'number', description: "A listed player's sigma is under this" },
              players: {
                type: 'array',
                items: closed(
                  {
                    rank: { type: 'integer', minimum: 1 },
                    playerId: { type: 'string', format: 'uuid' },
                    name: { type: 'string' },
                    ...ratingFields,
                    recentGames: { type: 'integer', description: 'Rated games that changed the rating within recentDays' },
                    recentOpponents: { type: 'integer', description: 'Different opponents in them' },
                  },
                  ['rank', 'playerId', 'name', ...ratingRequired, 'recentGames', 'recentOpponents'],
                ),
              },
              next: { type: ['string', 'null'] },
            }),
          ),
          errors: [400, 404],
        }),
      },
      async (req) => ratings().leaderboard(req.params.gameType, req.query.limit ?? 50, req.query.after),
    );

    app.get(
      '/games/:id/chances',
      {
        schema: operation({
          operationId: 'getExpectedChances',
          summary: "The seated players' expected chances of winning a rated game",
          description:
            "openskill's predictWin from the seated players' ratings now (a player without a rating in " +
            'this game type counts as new): what to expect before the game starts. chances is null for ' +
            'an unrated game, or while a seat is open.',
          tags: ['ratings'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          success: answer(
            "Each seat's chance, summing to 1",
            closed({
              gameId: { type: 'string', format: 'uuid' },
              rated: { type: 'boolean' },
              chances: {
                type: ['array', 'null'],
                items: closed({
                  seat: { type: 'integer' },
                  playerId: { type: 'string', format: 'uuid' },
                  chance: { type: 'number', minimum: 0, maximum: 1 },
                }),
              },
            }),
          ),
          errors: [401, 404],
        }),
      },
      async (req) => ratings().chances(service, req.params.id, tokenOf(req)),
    );

    app.get(
      '/games/:id/rating',
      {
        schema: operation({
          operationId: 'getGameRating',
          summary: 'Whether a game changed the ratings, or why not',
          description:
            'status: `unrated` (the game is not rated), `pending` (rated, not finished or not applied ' +
            "yet), `counted` (it changed its players' ratings), `aborted` (it ended before some " +
            "person's seat made a move of its own: resigned, timed out or expired first; its record " +
            'says `aborted: true`), `pair-limit` (two of its players had already played ' +
            'RATING_PAIR_DAILY_LIMIT (default 3) rated games of this type that changed the ratings ' +
            'within the 24 hours before it finished).',
          tags: ['ratings'],
          access: 'seatOrSpectator',
          params: GameIdParams,
          success: answer(
            'How the game counts',
            closed({
              gameId: { type: 'string', format: 'uuid' },
              rated: { type: 'boolean' },
              status: { type: 'string', enum: ['unrated', 'pending', 'counted', ...UNRATED_REASONS] },
            }),
          ),
          errors: [401, 404],
        }),
      },
      async (req) => ratings().ofGame(service, req.params.id, tokenOf(req)),
    );

    app.post(
      '/admin/ratings/rebuild',
      {
        schema: operation({
          operationId: 'rebuildRatings',
          summary: 'Rebuild every rating from the log (operator only)',
          description:
            'Forgets the ratings and applies every finished rated game again, in the order they ' +
            'finished: the numbers equal the incremental ones to the last digit. The command line does ' +
            'the same: `citybuilder rebuild-ratings` (DATABASE_URL).',
          tags: ['admin'],
          access: 'operator',
          success: answer('How many games were applied and ratings written', {
            type: 'object',
            additionalProperties: false,
            required: ['games', 'ratings'],
            properties: { games: { type: 'integer' }, ratings: { type: 'integer' } },
          }),
          errors: [401, 403],
        }),
      },
      async (req) => {
        service.requireOperator(tokenOf(req));
        return ratings().rebuild();
      },
    );
  };
}
