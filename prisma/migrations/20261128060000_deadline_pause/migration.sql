-- A running clock paused by its player's vacation keeps what it had left (issue 30): while the
-- pause lasts, `paused_remaining_ms` is the time the seat had when the pause began (or its bank, for
-- a clock that started during the vacation), and `due_at` is the end of the vacation plus it. Ending
-- the vacation early starts the clock again from that, not from the bank of the seat's last move.
ALTER TABLE "deadlines" ADD COLUMN "paused_remaining_ms" BIGINT;
