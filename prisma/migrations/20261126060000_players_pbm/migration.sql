-- Play by mail for players: where a player's notifications go (for every seat bound to the player
-- that has no settings of its own), and vacations that pause the deadlines of their seats.

-- CreateTable
CREATE TABLE "player_notifications" (
    "player_id" UUID NOT NULL,
    "email" TEXT,
    "webhook_url" TEXT,
    "webhook_secret" TEXT,
    "events" TEXT[],
    "unsubscribe_token" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_notifications_pkey" PRIMARY KEY ("player_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "player_notifications_unsubscribe_token_key" ON "player_notifications"("unsubscribe_token");

-- AddForeignKey
ALTER TABLE "player_notifications" ADD CONSTRAINT "player_notifications_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

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

-- Where each seat's notifications go: its own settings, else its player's. (A view: Prisma's schema
-- language does not describe it; the outbox insert of the append and the delivery read it.)
CREATE VIEW "notification_targets" AS
  SELECT n."game_id", n."seat", n."email", n."webhook_url", n."webhook_secret", n."events", n."unsubscribe_token"
  FROM "seat_notifications" n
  UNION ALL
  SELECT s."game_id", s."seat", p."email", p."webhook_url", p."webhook_secret", p."events", p."unsubscribe_token"
  FROM "seats" s JOIN "player_notifications" p ON p."player_id" = s."player_id"
  WHERE NOT EXISTS (SELECT 1 FROM "seat_notifications" n WHERE n."game_id" = s."game_id" AND n."seat" = s."seat");
