-- Bots in seats (issue 21): a seat may be played by a bot level; the game names the level that
-- plays its resigned and timed-out seats (its stand-in); a log entry names the level that chose it.
ALTER TABLE "seats" ADD COLUMN "bot" TEXT;
ALTER TABLE "games" ADD COLUMN "stand_in_bot" TEXT;
ALTER TABLE "moves" ADD COLUMN "bot" TEXT;
-- Analysis (issue 21 item 6): an unrated game created with analysis may be analysed while it runs.
ALTER TABLE "games" ADD COLUMN "analysis" BOOLEAN NOT NULL DEFAULT false;
