-- A game whose seed was chosen by a client says so in every view of it (whoever chose the seed can
-- compute every hidden draw). Games created before this column existed are marked false.
-- AlterTable
ALTER TABLE "games" ADD COLUMN     "seed_chosen" BOOLEAN NOT NULL DEFAULT false;
