-- Replay GIFs rendered by the job queue (issue 35, src/app/replays/replay-gifs.ts): each one rendered
-- once per (game, range, seat, language, size, delay) by whichever process takes the job, and read by
-- every process. Bounded by bytes (GIF_STORED_BYTES): past it, the oldest rows go first.
CREATE TABLE "replay_gifs" (
    "game_id" UUID NOT NULL,
    -- from|to|seat|lang|size|delay
    "key" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "etag" TEXT NOT NULL,
    "frames" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "replay_gifs_pkey" PRIMARY KEY ("game_id", "key")
);

CREATE INDEX "replay_gifs_created_at_idx" ON "replay_gifs"("created_at");
