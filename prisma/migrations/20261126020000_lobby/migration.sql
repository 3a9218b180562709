-- The lobby and player layer: player identities, open seats and invitations, resignation.

-- AlterEnum
ALTER TYPE "GameStatus" ADD VALUE 'waiting' BEFORE 'active';

-- CreateTable
CREATE TABLE "players" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "players_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "games" ADD COLUMN "public" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "invite_hash" TEXT,
ADD COLUMN "creator_seat" INTEGER,
ADD COLUMN "seats_rev" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "seats" ALTER COLUMN "token_hash" DROP NOT NULL,
ADD COLUMN "player_id" UUID,
ADD COLUMN "colour" TEXT,
ADD COLUMN "resigned_at" INTEGER;

-- AlterTable
ALTER TABLE "moves" ADD COLUMN "origin" TEXT NOT NULL DEFAULT 'seat';

-- CreateIndex
CREATE UNIQUE INDEX "players_token_hash_key" ON "players"("token_hash");

-- CreateIndex
CREATE INDEX "games_status_public_created_at_idx" ON "games"("status", "public", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "seats_game_id_player_id_key" ON "seats"("game_id", "player_id");

-- CreateIndex
CREATE UNIQUE INDEX "seats_game_id_colour_key" ON "seats"("game_id", "colour");

-- CreateIndex
CREATE INDEX "seats_player_id_idx" ON "seats"("player_id");

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;
