/**
 * `npm run bench:gif`: what an animated replay (GET /games/{id}/replay.gif, src/app/replays/) costs,
 * per game: one random complete game of each (3 players, a fixed seed), every position drawn as a
 * spectator's board picture at 600 px wide and encoded as one GIF, by the function the server runs
 * (replayGif: labels as outlines shaped once, resvg, gifenc frame by frame).
 *
 * Prints, per game: frames; ms a frame (median and p90: one frame from its turn to rasterize to its
 * encoding); CPU ms a frame (process.cpuUsage over the whole GIF, resvg's threads included, divided
 * by its frames: what the machine's load disturbs least); the whole GIF's ms a frame; bytes a game;
 * each with the labels' outlines forgotten before the GIF ("cold": every label shaped for this GIF)
 * and, last column, a second GIF of the same game with them kept ("warm"). The machine's load
 * average is printed with each game, since others share the machine.
 *
 * With DATABASE_URL, then the route itself: the server (bench/server.ts) on a database of its own,
 * each game imported, GET /games/{id}/replay.gif?size=600 until it is 200 (202 while it renders),
 * then the same request again (served from the kept GIFs: x-replay-cache: hit) and once more with
 * If-None-Match (304). `--size N` (600), `--rounds R` (3: the figures of the median round).
 */
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { BoardInput } from '../src/board/index.js';
import { replayGif } from '../src/app/replays/replay-gif.js';
import { holdOf } from '../src/app/replays/replay-gifs.js';
import { forgetOutlines, labelsShaped } from '../src/app/replays/text-outlines.js';
import { randomPlayout, resolveOptions, type AnyGame, type Json } from '../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../src/games/index.js';
import { databaseFor, startServer } from './server.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SIZE = arg('size', 600);
const ROUNDS = arg('rounds', 3);
const registry = defaultRegistry();
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const seedOf = (game: AnyGame) => `gif-bench-${game.id}`;

function playout(game: AnyGame) {
  const options = resolveOptions(game, 3, {});
  if (!options.ok) throw new Error(options.error.message);
  const config = { players: 3, options: options.value, seed: seedOf(game) };
  const states: unknown[] = [game.setup(config)];
  const { steps } = randomPlayout(game, config, seedOf(game), { afterMove: (s) => states.push(s) });
  return { options: options.value, states, steps };
}

function positionsOf(game: AnyGame, states: unknown[]): BoardInput[] {
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

/** One GIF of `positions`: each frame's ms, the whole GIF's ms and CPU ms, its bytes. */
async function oneGif(game: AnyGame, positions: BoardInput[]) {
  const per: number[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const gif = await replayGif(positions, 'en', registry.plugin(game.id)?.picture, SIZE, 1000, holdOf(1000), (ms) => per.push(ms));
  const total = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { per, total, cpu: (cpu.user + cpu.system) / 1000, bytes: gif.length };
}

console.log(`## Animated replays (issue 35): ms a frame at ${SIZE} px and bytes a game\n`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}; ${new Date().toISOString().slice(0, 16)}` +
    ` UTC; median of ${ROUNDS} rounds.\n`,
);
console.log(
  '| game | frames | ms a frame, median | p90 | CPU ms a frame | whole GIF ms a frame | ' +
    'bytes a game | labels shaped | warm: whole GIF ms a frame | load average (1 / 5 / 15 min) ' +
    '|',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
const games = hostedGames as AnyGame[];
for (const game of games) {
  const positions = positionsOf(game, playout(game).states);
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    forgetOutlines();
    const before = labelsShaped();
    rounds.push({ ...(await oneGif(game, positions)), shaped: labelsShaped() - before });
  }
  const warm = await oneGif(game, positions);
  const mid = [...rounds].sort((a, b) => a.total - b.total)[Math.floor(rounds.length / 2)]!;
  const n = positions.length;
  console.log(
    `| ${game.id} | ${n} | ${q(mid.per, 0.5).toFixed(1)} | ${q(mid.per, 0.9).toFixed(1)} | ${(mid.cpu / n).toFixed(1)}` +
      ` | ${(mid.total / n).toFixed(1)} | ${mid.bytes} | ${mid.shaped} | ${(warm.total / n).toFixed(1)}` +
      ` | ${load()} |`,
  );
}

const url = process.env.DATABASE_URL;
if (url) {
  console.log(`\nThe route, GET /api/v1/games/{id}/replay.gif?size=${SIZE} on the server as shipped (a database of its own):\n`);
  console.log('| game | frames | first request: until 200, ms | second request ms | served from | If-None-Match | bytes | load average |');
  console.log('| --- | ---: | ---: | ---: | --- | --- | ---: | --- |');
  const server = await startServer(await databaseFor(url, 'bench_replay_gif'), { METRICS_PORT: '0' }, { port: 4400 });
  try {
    for (const game of games) {
      const { options, steps } = playout(game);
      const imported = await fetch(`${server.base}/api/v1/games/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          format: 'citybuilder-record/1',
          type: game.id,
          engineVersion: game.engineVersion,
          options,
          players: [0, 1, 2].map((seat) => ({ name: `Player ${seat + 1}` })),
          seed: seedOf(game),
          moves: steps.map((x) => ({ seat: x.seat, move: x.move })),
        }),
      });
      if (imported.status !== 201) throw new Error(`${game.id}: import ${imported.status} ${await imported.text()}`);
      const { id } = (await imported.json()) as { id: string };
      const path = `${server.base}/api/v1/games/${id}/replay.gif?size=${SIZE}`;
      const t0 = performance.now();
      let first = await fetch(path);
      while (first.status === 202) {
        await first.arrayBuffer();
        await new Promise((r) => setTimeout(r, 50));
        first = await fetch(path);
      }
      if (first.status !== 200) throw new Error(`${game.id}: GIF ${first.status} ${await first.text()}`);
      const bytes = (await first.arrayBuffer()).byteLength;
      const firstMs = performance.now() - t0;
      const t1 = performance.now();
      const second = await fetch(path);
      await second.arrayBuffer();
      const secondMs = performance.now() - t1;
      const unchanged = await fetch(path, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
      console.log(
        `| ${game.id} | ${steps.length + 1} | ${firstMs.toFixed(0)} | ${secondMs.toFixed(1)} | ` +
          String(second.headers.get('x-replay-cache') === 'hit' ? 'the kept GIFs (x-replay-cache: hit)' : 'a new render') +
          ` | ${unchanged.status} | ${bytes} | ${load()} |`,
      );
    }
  } finally {
    await server.stop();
  }
}
