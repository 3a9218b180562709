-- Takebacks (issue 19 item 4): which takebacks a game allows, and a takeback waiting for the other
-- seats' consent ({ seat, undo, acceptedBy, at }: valid while the game is still at version `at`, so
-- the next log entry voids it without a write). Existing games keep today's default, own-turn.
ALTER TABLE "games" ADD COLUMN "takebacks" TEXT NOT NULL DEFAULT 'own-turn';
ALTER TABLE "games" ADD COLUMN "takeback_request" JSONB;
