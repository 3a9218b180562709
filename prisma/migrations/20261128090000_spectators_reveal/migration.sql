-- What spectators see of a game (issue 35, item 5): live (public information as it happens, the
-- default), delayed (spectator_delay moves behind) or hidden (nothing until the end); and whether
-- every seat's hidden information opens to replays, records, pictures and GIFs once it is over.
ALTER TABLE "games" ADD COLUMN "spectators" TEXT NOT NULL DEFAULT 'live';
ALTER TABLE "games" ADD COLUMN "spectator_delay" INTEGER NOT NULL DEFAULT 2;
ALTER TABLE "games" ADD COLUMN "reveal" BOOLEAN NOT NULL DEFAULT true;
