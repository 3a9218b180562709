/**
 * `npm run bench:gif`: what an animated replay (GET /games/{id}/replay.gif, src/app/replays/) costs,
 * per game: one random complete game of each (3 players, a fixed seed), every position drawn as a
 * spectator's board picture, rasterized at 600 px wide (resvg) and encoded as one GIF (gifenc).
 * Prints, per game, the frames, ms a frame (median and p90 of draw + rasterize; the encoding of the
 * whole GIF divided by its frames), the whole GIF's ms a frame, and its bytes. `--size N` (600),
 * `--rounds R` (3: the figures of the median round).
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { boardSvg, type BoardInput } from '../src/board/index.js';
import { encodeGif, rasterize } from '../src/app/replays/replay-gif.js';
import { holdOf } from '../src/app/replays/replay-gifs.js';
import { randomPlayout, resolveOptions, type AnyGame, type Json } from '../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../src/games/index.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SIZE = arg('size', 600);
const ROUNDS = arg('rounds', 3);
const registry = defaultRegistry();
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

function positionsOf(game: AnyGame): BoardInput[] {
  const options = resolveOptions(game, 3, {});
  if (!options.ok) throw new Error(options.error.message);
  const states: unknown[] = [];
  const config = { players: 3, options: options.value, seed: `gif-bench-${game.id}` };
  states.push(game.setup(config));
  randomPlayout(game, config, `gif-bench-${game.id}`, { afterMove: (s) => states.push(s) });
  const players = [0, 1, 2].map((seat) => ({ seat, name: `Player ${seat + 1}` }));
  return states.map((state, version) => {
    const outcome = game.outcome(state);
    return {
      type: game.id,
      version,
      toMove: outcome ? [] : game.toMove(state),
      players,
      view: game.view(state, null) as Json,
      outcome,
      viewerSeat: null,
    };
  });
}

console.log(`## Animated replays (issue 35): ms a frame at ${SIZE} px and bytes a game\n`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}` +
    `; median of ${ROUNDS} rounds.\n`,
);
console.log(
  '| game | frames | draw + rasterize ms a frame, median | p90 | encode ms a frame | whole GIF ms a frame | bytes a game | bytes a frame |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const game of hostedGames as AnyGame[]) {
  const positions = positionsOf(game);
  const picture = registry.plugin(game.id)?.picture;
  const rounds: { per: number[]; encode: number; total: number; bytes: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const per: number[] = [];
    const frames = [];
    const t0 = performance.now();
    for (const p of positions) {
      const t = performance.now();
      frames.push(await rasterize(boardSvg(p, 'en', picture), SIZE));
      per.push(performance.now() - t);
    }
    const t1 = performance.now();
    const gif = encodeGif(frames, 1000, holdOf(1000));
    const t2 = performance.now();
    rounds.push({ per, encode: t2 - t1, total: t2 - t0, bytes: gif.length });
  }
  const mid = [...rounds].sort((a, b) => a.total - b.total)[Math.floor(rounds.length / 2)]!;
  const n = positions.length;
  console.log(
    `| ${game.id} | ${n} | ${q(mid.per, 0.5).toFixed(1)} | ${q(mid.per, 0.9).toFixed(1)} | ${(mid.encode / n).toFixed(1)}` +
      ` | ${(mid.total / n).toFixed(1)} | ${mid.bytes} | ${Math.round(mid.bytes / n)} |`,
  );
}
