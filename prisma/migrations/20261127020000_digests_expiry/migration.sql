-- A player's delivery settings (issue 19): turn mails at once (immediate) or one digest a day at a
-- local hour; the server may spend a vacation day when a timeout is less than a day away.
CREATE TABLE "player_settings" (
  "player_id" UUID NOT NULL,
  "mode" TEXT NOT NULL DEFAULT 'immediate',
  "digest_hour" INTEGER,
  "time_zone" TEXT,
  "auto_vacation" BOOLEAN NOT NULL DEFAULT false,
  "next_digest_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "player_settings_pkey" PRIMARY KEY ("player_id"),
  CONSTRAINT "player_settings_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "player_settings_next_digest_at_idx" ON "player_settings" ("next_digest_at");

-- Each digest due (one per player and due time): claimed once, then sent (or empty: nothing waited).
CREATE TABLE "digests" (
  "player_id" UUID NOT NULL,
  "due_at" TIMESTAMPTZ(3) NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'pending',
  "games" INTEGER NOT NULL DEFAULT 0,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "digests_pkey" PRIMARY KEY ("player_id", "due_at"),
  CONSTRAINT "digests_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Where each seat's notifications go, now saying whether the seat's player reads its turns in a
-- digest (then no turn mail is written per move; webhooks and other kinds are unchanged).
CREATE OR REPLACE VIEW "notification_targets" AS
  SELECT n."game_id", n."seat", n."email", n."webhook_url", n."webhook_secret", n."events", n."unsubscribe_token", n."language", false AS "digest"
  FROM "seat_notifications" n
  UNION ALL
  SELECT s."game_id", s."seat", p."email", p."webhook_url", p."webhook_secret", p."events", p."unsubscribe_token", p."language",
         EXISTS (SELECT 1 FROM "player_settings" ps WHERE ps."player_id" = s."player_id" AND ps."mode" = 'digest') AS "digest"
  FROM "seats" s JOIN "player_notifications" p ON p."player_id" = s."player_id"
  WHERE NOT EXISTS (SELECT 1 FROM "seat_notifications" n WHERE n."game_id" = s."game_id" AND n."seat" = s."seat");

-- Games that do not rot (issue 19 item 5): a waiting game's creator is warned a day before it
-- expires (LOBBY_EXPIRY_DAYS), then it is `expired`; a seat that misses this many deadlines in a
-- row is handed to the stand-in bot. (The new enum value is not used in this transaction.)
ALTER TYPE "GameStatus" ADD VALUE IF NOT EXISTS 'expired';
ALTER TABLE "games" ADD COLUMN "expiry_warned" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "games" ADD COLUMN "stand_in_after_timeouts" INTEGER;
ALTER TABLE "seats" ADD COLUMN "missed_deadlines" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "seats" ADD COLUMN "stand_in" TEXT;
ALTER TABLE "seats" ADD COLUMN "timed_out" INTEGER NOT NULL DEFAULT 0;
