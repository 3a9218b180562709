-- Bots in seats (issue 21): a seat may be played by a bot level; the game names the level that
-- plays its resigned and timed-out seats (its stand-in); a log entry names the level that chose it.
ALTER TABLE "seats" ADD COLUMN "bot" TEXT;
ALTER TABLE "games" ADD COLUMN "stand_in_bot" TEXT;
ALTER TABLE "moves" ADD COLUMN "bot" TEXT;
