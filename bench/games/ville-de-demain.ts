/**
 * La Ville de Demain: random complete games per second for each player count, with the mean
 * number of moves and rounds per game, and the cost of one view. Prints one JSON object.
 * Run: npx tsx bench/games/ville-de-demain.ts [seconds per player count, default 3]
 */
import { randomPlayout } from '../../src/engine/index.js';
import type { AnyGame } from '../../src/engine/index.js';
import { villeDeDemain } from '../../src/games/ville-de-demain/index.js';
import type { VilleState } from '../../src/games/ville-de-demain/index.js';

const game = villeDeDemain as unknown as AnyGame;
const seconds = Number(process.argv[2] ?? '3');
const figures: Record<string, number> = {};

for (const players of [2, 3, 4, 5]) {
  // Warm-up, then as many complete games as fit in the time.
  for (let i = 0; i < 50; i++) randomPlayout(game, { players, options: {}, seed: `warm-${i}` }, `warm-${i}`);
  let games = 0,
    moves = 0,
    rounds = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const { state, steps } = randomPlayout<VilleState>(game, { players, options: {}, seed: `bench-${players}-${games}` }, `bench-${games}`);
    games += 1;
    moves += steps.length;
    rounds += state.round;
  }
  const elapsed = (performance.now() - start) / 1000;
  figures[`gamesPerSecond_${players}p`] = Math.round(games / elapsed);
  figures[`movesPerSecond_${players}p`] = Math.round(moves / elapsed);
  figures[`movesPerGame_${players}p`] = Math.round(moves / games);
  figures[`roundsPerGame_${players}p`] = Math.round((rounds / games) * 10) / 10;
}

// One spectator view of a finished 5-player game, the largest view there is.
const { state } = randomPlayout<VilleState>(game, { players: 5, options: {}, seed: 'view' }, 'view');
const n = 2000;
const t = performance.now();
for (let i = 0; i < n; i++) villeDeDemain.view(state, null);
figures.viewMicroseconds_5p = Math.round(((performance.now() - t) / n) * 1000);
figures.viewBytes_5p = JSON.stringify(villeDeDemain.view(state, null)).length;

console.log(JSON.stringify(figures));
