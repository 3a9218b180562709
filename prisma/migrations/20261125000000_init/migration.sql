-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('active', 'finished');

-- CreateTable
CREATE TABLE "games" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "engine_version" INTEGER NOT NULL,
    "player_count" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "status" "GameStatus" NOT NULL DEFAULT 'active',
    "to_move" INTEGER[],
    "outcome" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seats" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,

    CONSTRAINT "seats_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateTable
CREATE TABLE "moves" (
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "move" JSONB NOT NULL,
    "idempotency_key" TEXT,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "moves_pkey" PRIMARY KEY ("game_id","version")
);

-- CreateTable
CREATE TABLE "events" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("game_id","seq")
);

-- CreateTable
CREATE TABLE "snapshots" (
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "state" JSONB NOT NULL,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("game_id","version")
);

-- CreateIndex
CREATE INDEX "games_status_updated_at_idx" ON "games"("status", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "seats_token_hash_key" ON "seats"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "moves_game_id_seat_idempotency_key_key" ON "moves"("game_id", "seat", "idempotency_key");

-- CreateIndex
CREATE INDEX "events_game_id_version_idx" ON "events"("game_id", "version");

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "moves" ADD CONSTRAINT "moves_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The log is append-only: a recorded move or event is never rewritten. (Deleting a whole game,
-- an operator's act, still cascades.) Prisma's schema language cannot say this; it lives here.
CREATE FUNCTION "forbid_log_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the game log is append-only: % rows are never updated', TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "moves_append_only" BEFORE UPDATE ON "moves" FOR EACH ROW EXECUTE FUNCTION "forbid_log_update"();
CREATE TRIGGER "events_append_only" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "forbid_log_update"();
