-- Conditional moves (issue 34 item 2): a seat's lines, each the moves it expects the others to make
-- (in notation, as it sees them in its log) and its answer, all set at once at `set_version`. Read
-- by whichever process commits the move that brings the seat to move (src/app/conditional-moves.ts).
CREATE TABLE "conditional_lines" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "set_version" INTEGER NOT NULL,
    "set_id" UUID NOT NULL,
    "after" TEXT[],
    "play" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "conditional_lines_pkey" PRIMARY KEY ("game_id","seat","line")
);

ALTER TABLE "conditional_lines" ADD CONSTRAINT "conditional_lines_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
