/**
 * Town Center figures: random complete games per second (2, 4 and 8 players, every step choosing a
 * random seat to move and a random legal move: setup + legalMoves + decide + evolve), and
 * microseconds per validated move (decide + evolve of the move's events, averaged over the moves
 * of recorded random games). Wall and CPU figures both, since the machine may be shared; the
 * 1-minute load average is printed with them. Prints one JSON object.
 *
 *   npx tsx bench/games/town-center.ts
 */
import { fold, randomPlayout, type Move } from '../../src/engine/index.js';
import { townCenter } from '../../src/games/town-center/index.js';
import type { TownCenterState } from '../../src/games/town-center/types.js';

const options = { boardSide: 'A', soloVariant: 'bag', seatSides: '' };

/** CPU time of this process in ms (user + system): steadier than wall time on a shared machine. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function gamesPerSecond(
  players: number,
  minMs: number,
): { gamesPerSecond: number; msPerGame: number; cpuMsPerGame: number; movesPerGame: number } {
  // Warm up the JIT first.
  for (let i = 0; i < 20; i++) randomPlayout(townCenter, { players, options, seed: `warm-${i}` }, `warm-${i}`);
  let games = 0;
  let moves = 0;
  const t0 = performance.now();
  const c0 = cpuMs();
  let elapsed = 0;
  while (elapsed < minMs) {
    const { steps } = randomPlayout(townCenter, { players, options, seed: `bench-${players}-${games}` }, `choices-${games}`);
    moves += steps.length;
    games++;
    elapsed = performance.now() - t0;
  }
  const cpu = cpuMs() - c0;
  return {
    gamesPerSecond: Math.round((games * 1000) / elapsed),
    msPerGame: +(elapsed / games).toFixed(3),
    cpuMsPerGame: +(cpu / games).toFixed(3),
    movesPerGame: Math.round(moves / games),
  };
}

function microsecondsPerMove(players: number, gamesToRecord: number): { wall: number; cpu: number } {
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
  const c0 = cpuMs();
  const rounds = 3;
  for (let k = 0; k < rounds; k++) run();
  const n = recorded.length * rounds;
  return { wall: +(((performance.now() - t0) * 1000) / n).toFixed(2), cpu: +(((cpuMs() - c0) * 1000) / n).toFixed(2) };
}

const out: Record<string, number> = {};
for (const players of [2, 4, 8]) {
  const g = gamesPerSecond(players, 3000);
  out[`randomGamesPerSecond_${players}p`] = g.gamesPerSecond;
  out[`msPerRandomGame_${players}p`] = g.msPerGame;
  out[`cpuMsPerRandomGame_${players}p`] = g.cpuMsPerGame;
  out[`movesPerGame_${players}p`] = g.movesPerGame;
}
for (const players of [2, 4, 8]) {
  const m = microsecondsPerMove(players, 30);
  out[`microsecondsPerValidatedMove_${players}p`] = m.wall;
  out[`cpuMicrosecondsPerValidatedMove_${players}p`] = m.cpu;
}
out.loadAverage1m = +(await import('node:os')).loadavg()[0]!.toFixed(2);
console.log(JSON.stringify(out, null, 2));
