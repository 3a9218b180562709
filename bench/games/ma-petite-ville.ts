/**
 * Ma Petite Ville figures beyond the generic bench: random complete games per second for each
 * player count and version, with two policies (uniform over legal moves, and "eager" taking a
 * tile 95% of the time it may, which reaches the last-tile round), moves per game, the largest
 * legal-move list seen, and the share of games ended by the final round.
 * Run: npx tsx bench/games/ma-petite-ville.ts  (prints one JSON object)
 */
import { applyMove, Rng } from '../../src/engine/index.js';
import { maPetiteVille as game } from '../../src/games/ma-petite-ville/index.js';
import type { MpvMove, MpvState } from '../../src/games/ma-petite-ville/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? '2');

function playOne(
  players: number,
  version: 'easy' | 'normal',
  seed: string,
  drawPercent: number,
): { moves: number; maxLegal: number; finalRound: boolean } {
  let s: MpvState = game.setup({ players, options: { version }, seed });
  const rng = Rng.fromSeed(`bench:${seed}`);
  let moves = 0,
    maxLegal = 0;
  while (game.outcome(s) === null) {
    const seat = game.toMove(s)[0]!;
    const legal = game.legalMoves(s, seat);
    maxLegal = Math.max(maxLegal, legal.length);
    const draw = legal.find((m) => m.type === 'drawTile');
    const move: MpvMove = draw && rng.int(100) < drawPercent ? draw : rng.pick(legal);
    const r = applyMove<MpvState>(game, s, move, seat);
    if (!r.ok) throw new Error(`listed move refused: ${r.error.code}`);
    s = r.value.state;
    moves++;
  }
  return { moves, maxLegal, finalRound: s.result?.reason === 'finalRound' };
}

const out: Record<string, Record<string, number>> = {};
for (const [policy, drawPercent] of [
  ['uniform', 0],
  ['eager', 95],
] as const) {
  for (const players of [2, 3, 4]) {
    for (const version of ['easy', 'normal'] as const) {
      for (let i = 0; i < 20; i++) playOne(players, version, `warm-${i}`, drawPercent);
      let games = 0,
        moves = 0,
        maxLegal = 0,
        finals = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < SECONDS * 1000) {
        const r = playOne(players, version, `g-${games}`, drawPercent);
        games++;
        moves += r.moves;
        maxLegal = Math.max(maxLegal, r.maxLegal);
        finals += r.finalRound ? 1 : 0;
      }
      const seconds = (performance.now() - t0) / 1000;
      out[`${policy}-${players}p-${version}`] = {
        gamesPerSecond: Math.round(games / seconds),
        movesPerGame: Math.round((moves / games) * 10) / 10,
        movesPerSecond: Math.round(moves / seconds),
        maxLegalMoves: maxLegal,
        finalRoundShare: Math.round((finals / games) * 1000) / 1000,
      };
    }
  }
}
console.log(JSON.stringify(out, null, 2));
