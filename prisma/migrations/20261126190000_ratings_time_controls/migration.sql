-- Ratings (issue 19): a game is rated or not from its creation; the ratings are a projection of the
-- finished rated games in the order they finished (src/app/ratings/), rebuilt from the log on demand.
ALTER TABLE "games" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT false;
-- Asked for at creation (rated: true): an open seat is then taken by a player identity only;
-- rated by default, the game becomes unrated when someone joins without a player token.
ALTER TABLE "games" ADD COLUMN "rated_asked" BOOLEAN NOT NULL DEFAULT false;

-- Each player's rating per game type (openskill, Weng-Lin Plackett-Luce).
CREATE TABLE "ratings" (
  "player_id" UUID NOT NULL,
  "game_type" TEXT NOT NULL,
  "mu" DOUBLE PRECISION NOT NULL,
  "sigma" DOUBLE PRECISION NOT NULL,
  "ordinal" DOUBLE PRECISION NOT NULL,
  "games" INTEGER NOT NULL,
  "last_game_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "ratings_pkey" PRIMARY KEY ("player_id", "game_type"),
  CONSTRAINT "ratings_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "ratings_game_type_ordinal_idx" ON "ratings" ("game_type", "ordinal");

-- The rated games the projection has applied, with the time each finished (its last entry's).
CREATE TABLE "rated_games" (
  "game_id" UUID NOT NULL,
  "game_type" TEXT NOT NULL,
  "finished_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "rated_games_pkey" PRIMARY KEY ("game_id")
);
CREATE INDEX "rated_games_finished_at_game_id_idx" ON "rated_games" ("finished_at", "game_id");

-- Time controls (issue 19): a bank per seat. turn_deadline_seconds d is the time control {d, d, d}.
ALTER TABLE "games" ADD COLUMN "time_initial_seconds" INTEGER;
ALTER TABLE "games" ADD COLUMN "time_increment_seconds" INTEGER;
ALTER TABLE "games" ADD COLUMN "time_max_seconds" INTEGER;
UPDATE "games" SET "time_initial_seconds" = "turn_deadline_seconds", "time_increment_seconds" = "turn_deadline_seconds", "time_max_seconds" = "turn_deadline_seconds"
WHERE "turn_deadline_seconds" IS NOT NULL;

-- A seat's bank while its clock is stopped (milliseconds left); absent: the initial time.
CREATE TABLE "seat_clocks" (
  "game_id" UUID NOT NULL,
  "seat" INTEGER NOT NULL,
  "remaining_ms" BIGINT NOT NULL,
  "version" INTEGER NOT NULL,
  CONSTRAINT "seat_clocks_pkey" PRIMARY KEY ("game_id", "seat"),
  CONSTRAINT "seat_clocks_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
