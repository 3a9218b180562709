-- Tournaments (issue 34 item 3, src/app/tournaments/): round robin and Swiss, created by a player,
-- joined until they start; each round's tables and their games made by the server.
CREATE TABLE "tournaments" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "game_type" TEXT NOT NULL,
    -- round-robin | swiss
    "format" TEXT NOT NULL,
    -- The rounds asked (swiss); null: a round robin's whole schedule.
    "rounds" INTEGER,
    "seats_per_game" INTEGER NOT NULL,
    "max_players" INTEGER NOT NULL,
    "time_control" JSONB,
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "min_reliability" DOUBLE PRECISION,
    "creator_id" UUID,
    -- open | running | finished | cancelled
    "status" TEXT NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tournaments_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tournaments_status_starts_at_idx" ON "tournaments"("status", "starts_at");
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The players entered, once each (the key refuses a second entry).
CREATE TABLE "tournament_players" (
    "tournament_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tournament_players_pkey" PRIMARY KEY ("tournament_id", "player_id")
);
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row per round made: its key is the guard that makes each round once, whichever process
-- finishes the last game of the round before.
CREATE TABLE "tournament_rounds" (
    "tournament_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tournament_rounds_pkey" PRIMARY KEY ("tournament_id", "round")
);
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A round's tables: the players in seat order and the game made for them (a bye: one player, no game).
-- claimed_at: a process is making the table's game (a claim older than a minute is taken over).
CREATE TABLE "tournament_tables" (
    "tournament_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "table_no" INTEGER NOT NULL,
    "players" UUID[],
    "bye" BOOLEAN NOT NULL DEFAULT false,
    "game_id" UUID,
    "claimed_at" TIMESTAMPTZ(3),
    CONSTRAINT "tournament_tables_pkey" PRIMARY KEY ("tournament_id", "round", "table_no")
);
CREATE UNIQUE INDEX "tournament_tables_game_id_key" ON "tournament_tables"("game_id");
ALTER TABLE "tournament_tables" ADD CONSTRAINT "tournament_tables_tournament_id_round_fkey" FOREIGN KEY ("tournament_id", "round") REFERENCES "tournament_rounds"("tournament_id", "round") ON DELETE CASCADE ON UPDATE CASCADE;
