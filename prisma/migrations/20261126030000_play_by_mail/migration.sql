-- Play-by-mail: where a seat's notifications go, and the outbox they are written to in the same
-- transaction as the move that causes them (the append statement inserts into "outbox").

-- AlterTable: a game's turn clock (per move of a seat) and what happens when it runs out.
ALTER TABLE "games" ADD COLUMN "turn_deadline_seconds" INTEGER,
ADD COLUMN "timeout_action" TEXT;

-- CreateTable: the running deadline of each seat that must act, since the version its clock started.
CREATE TABLE "deadlines" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "since" INTEGER NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "remind_at" TIMESTAMPTZ(3),
    "timed_out" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "deadlines_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateTable
CREATE TABLE "seat_notifications" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "email" TEXT,
    "webhook_url" TEXT,
    "webhook_secret" TEXT,
    "events" TEXT[],
    "unsubscribe_token" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seat_notifications_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateTable
CREATE TABLE "outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "about" INTEGER NOT NULL DEFAULT -1,
    "channel" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "message" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "seat_notifications_unsubscribe_token_key" ON "seat_notifications"("unsubscribe_token");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_game_id_version_seat_kind_about_channel_key" ON "outbox"("game_id", "version", "seat", "kind", "about", "channel");

-- CreateIndex
CREATE INDEX "outbox_status_created_at_idx" ON "outbox"("status", "created_at");

-- AddForeignKey
ALTER TABLE "seat_notifications" ADD CONSTRAINT "seat_notifications_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
