/**
 * Town Center figures: random complete games per second (2, 4 and 8 players, every step choosing a
 * random seat to move and a random legal move: setup + legalMoves + decide + evolve), and
 * microseconds per validated move (decide + evolve of the move's events, averaged over the moves
 * of recorded random games). Prints one JSON object.
 *
 *   npx tsx bench/games/town-center.ts
 */
import { fold, randomPlayout, type Move } from '../../src/engine/index.js';
import { townCenter } from '../../src/games/town-center/index.js';
import type { TownCenterState } from '../../src/games/town-center/types.js';

const options = { boardSide: 'A', soloVariant: 'bag' };

function gamesPerSecond(players: number, minMs: number): { gamesPerSecond: number; msPerGame: number; movesPerGame: number } {
  // Warm up the JIT first.
  for (let i = 0; i < 20; i++) randomPlayout(townCenter, { players, options, seed: `warm-${i}` }, `warm-${i}`);
  let games = 0;
  let moves = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    const { steps } = randomPlayout(townCenter, { players, options, seed: `bench-${players}-${games}` }, `choices-${games}`);
    moves += steps.length;
    games++;
    elapsed = performance.now() - t0;
  }
  return { gamesPerSecond: Math.round((games * 1000) / elapsed), msPerGame: +(elapsed / games).toFixed(3), movesPerGame: Math.round(moves / games) };
}

function microsecondsPerMove(players: number, gamesToRecord: number): number {
  const recorded: { state: TownCenterState; seat: number; move: Move }[] = [];
  for (let i = 0; i < gamesToRecord; i++) {
    randomPlayout<TownCenterState>(townCenter, { players, options, seed: `move-${players}-${i}` }, `move-choices-${i}`, {
      beforeMove(state, seat, legal) {
        recorded.push({ state, seat, move: legal[(recorded.length * 7919) % legal.length]! });
      },
    });
  }
  // Recorded moves are not the ones played, so decide really validates each (and may refuse none: all are listed).
  const run = () => {
    for (const r of recorded) {
      const d = townCenter.decide(r.state, r.move as never, r.seat);
      if (!d.ok) throw new Error(`listed move refused: ${d.error.code}`);
      fold(townCenter, r.state, d.value);
    }
  };
  run(); // warm-up
  const t0 = performance.now();
  const rounds = 3;
  for (let k = 0; k < rounds; k++) run();
  return +(((performance.now() - t0) * 1000) / (recorded.length * rounds)).toFixed(2);
}

const out: Record<string, number> = {};
for (const players of [2, 4, 8]) {
  const g = gamesPerSecond(players, 3000);
  out[`randomGamesPerSecond_${players}p`] = g.gamesPerSecond;
  out[`msPerRandomGame_${players}p`] = g.msPerGame;
  out[`movesPerGame_${players}p`] = g.movesPerGame;
}
for (const players of [2, 4, 8]) out[`microsecondsPerValidatedMove_${players}p`] = microsecondsPerMove(players, 30);
console.log(JSON.stringify(out, null, 2));
