-- Whole-game analysis (issue 21 item 6): a finished game analysed in the background, every move's
-- position searched for the seat that moved (src/app/bots/whole-analysis.ts). One analysis per
-- game; its progress is the number of moves analysed so far.
CREATE TABLE "game_analyses" (
    "game_id" UUID NOT NULL,
    "iterations" INTEGER NOT NULL,
    -- queued | running | done | failed
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "game_analyses_pkey" PRIMARY KEY ("game_id")
);

-- One analysed move: the log entry `version` (played from the position at version - 1) by `seat`,
-- the search's preferred move and both chances to win; loss = best_chance - chance (at least 0).
CREATE TABLE "game_analysis_moves" (
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "choices" INTEGER NOT NULL,
    "best" JSONB,
    "best_notation" TEXT,
    "best_chance" DOUBLE PRECISION,
    "notation" TEXT,
    "chance" DOUBLE PRECISION,
    "loss" DOUBLE PRECISION,
    CONSTRAINT "game_analysis_moves_pkey" PRIMARY KEY ("game_id", "version")
);
