-- The store numbers a game's events itself: the game's row counts the events of its log, and the
-- append's guarded update bumps the count and numbers the new events from it. Before, the number
-- came from the deciding process's cached copy.
ALTER TABLE "games" ADD COLUMN "event_count" INTEGER NOT NULL DEFAULT 0;
UPDATE "games" g SET "event_count" = COALESCE((SELECT max(e."seq") FROM "events" e WHERE e."game_id" = g."id"), 0);

-- A snapshot carries the canonical hash of its state: a cached copy that folds its way to that
-- version with another hash is dropped and rebuilt from the log.
ALTER TABLE "snapshots" ADD COLUMN "state_hash" TEXT;
