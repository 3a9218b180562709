-- Issue 31: who asked for a whole-game analysis (a token's SHA-256, or the address of a request
-- without one), so that a caller has at most one queued or running at a time.
ALTER TABLE "game_analyses" ADD COLUMN "requested_by" TEXT;
CREATE INDEX "game_analyses_requested_by_idx" ON "game_analyses" ("requested_by");
