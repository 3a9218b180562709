-- The language of a seat's (or player's) mails: en or fr (checked by the service).
ALTER TABLE "seat_notifications" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "player_notifications" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';

-- Where each seat's notifications go, now with their language (the column is added last, so the
-- view is replaced in place).
CREATE OR REPLACE VIEW "notification_targets" AS
  SELECT n."game_id", n."seat", n."email", n."webhook_url", n."webhook_secret", n."events", n."unsubscribe_token", n."language"
  FROM "seat_notifications" n
  UNION ALL
  SELECT s."game_id", s."seat", p."email", p."webhook_url", p."webhook_secret", p."events", p."unsubscribe_token", p."language"
  FROM "seats" s JOIN "player_notifications" p ON p."player_id" = s."player_id"
  WHERE NOT EXISTS (SELECT 1 FROM "seat_notifications" n WHERE n."game_id" = s."game_id" AND n."seat" = s."seat");
