-- Reliability (issue 34 item 4): a game may require a minimum reliability of the players who join
-- it (src/app/reliability.ts). One row per game created with `minReliability`.
CREATE TABLE "game_requirements" (
    "game_id" UUID NOT NULL,
    "min_reliability" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "game_requirements_pkey" PRIMARY KEY ("game_id")
);

ALTER TABLE "game_requirements" ADD CONSTRAINT "game_requirements_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
