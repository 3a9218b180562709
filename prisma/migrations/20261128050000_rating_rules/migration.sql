-- Ratings that cannot be farmed (issue 34 item 1): each game the projection applied says whether it
-- changed the ratings. NULL: it did; 'aborted': some person's seat had made no move of its own when
-- it ended; 'pair-limit': two of its players had already played RATING_PAIR_DAILY_LIMIT rated games
-- of that type within the 24 hours before it finished (src/app/ratings/rules.ts).
ALTER TABLE "rated_games" ADD COLUMN "unrated" TEXT;

-- The leaderboard counts each player's recent rated games and opponents per game type.
CREATE INDEX "rated_games_game_type_finished_at_idx" ON "rated_games"("game_type", "finished_at");
