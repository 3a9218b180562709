-- Play by mail: a player's vacations pause the deadlines of their seats, within a yearly allowance.

-- CreateTable
CREATE TABLE "vacations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "player_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vacations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "vacations_player_id_ends_at_idx" ON "vacations"("player_id", "ends_at");

-- AddForeignKey
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
