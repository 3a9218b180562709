/**
 * `npx tsx bench/bots-probe.ts --pairing ma-petite-ville/ismcts-greedy --probe oracle`: how far a
 * pairing's tested seat could get, probed with players that are not levels, on the ladder's games.
 *
 * The tested seat of the ladder's game i (seed `bots-<game>-<pairing>-i`, seat i mod 4, the other
 * seats their level as in bench/bots.ts) plays one of:
 * - `rollout`: a flat rollout over `greedy` (the rollout algorithm of Bertsekas and of Tesauro's
 *   backgammon rollouts): its `candidates` best moves by `greedy`'s evaluation one move ahead, each
 *   played on sampled states (the game's `determinize`, as a search does) and followed by every seat
 *   playing `greedy` for `depth` moves (to the end when it ends sooner), the position then read as
 *   chances to win (the search's softmax at the bot's `scale`; a finished game rewards its winners);
 *   `simulations` runs in all, shared by successive halving (each round plays every candidate left on
 *   the same samples and keeps the better half). When the other seats are `greedy`, this models them
 *   as they play: a one-move improvement over `greedy` from what the seat knows.
 * - `oracle`: the same with the true state in place of the samples: a player that knows the hidden
 *   state (the draw pile). What it wins above `rollout` is what the hidden state is worth, an upper
 *   mark no fair player reaches.
 * - `none`: the tested seat plays its level; the games are the ladder's (0 better, 0 worse) while the
 *   game's code is the ladder's: the check that this loop is bench/bots.ts's.
 * Each game is compared with the ladder's game of the same seed (bench/results/bots.json's `perGame`),
 * as bench/bots-trial.ts does: wins, better / worse, the sign test.
 *
 * Options: `--candidates` (16), `--simulations` (64), `--depth` (200: to the end); `--from` (0),
 * `--games` (100), `--threads` (one per core), `--out <file>`. The other seats search, if they do, to
 * the row's iteration budgets (no clock: the load sets the pace only).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { BotLevel } from '../src/engine/index.js';
import { CODES } from './bots-code.js';
import { PAIRINGS, signTest } from './bots-game.js';
import type { Probe, ProbeTask } from './bots-probe-game.js';

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const key = arg('pairing') ?? '';
  const [game, id] = key.split('/');
  if (!game || !PAIRINGS.some((p) => p.id === id))
    throw new Error(`--pairing <game>/<pairing>: one of ${PAIRINGS.map((p) => p.id).join(', ')}`);
  const probe = (arg('probe') ?? 'rollout') as Probe;
  if (!['rollout', 'oracle', 'none'].includes(probe)) throw new Error('--probe rollout, oracle or none');
  const number = (name: string, fallback: number) => {
    const n = Number(arg(name) ?? fallback);
    if (!(n >= 1) || !Number.isInteger(n)) throw new Error(`--${name} ${arg(name)}: a whole number above 0`);
    return n;
  };
  const ladder = JSON.parse(readFileSync(fileURLToPath(new URL('./results/bots.json', import.meta.url)), 'utf8')) as {
    codes?: Record<string, string>;
    strength: Record<string, { budgets?: Record<string, number | null>; perGame?: Record<number, number> }>;
  };
  const row = ladder.strength[key];
  if (!row?.perGame) throw new Error(`bench/results/bots.json has no games of ${key}`);
  const iterations = Object.fromEntries(Object.entries(row.budgets ?? {}).filter(([, n]) => n !== null)) as Partial<
    Record<BotLevel, number>
  >;
  const [from, count, threads] = [Number(arg('from') ?? 0), number('games', 100), number('threads', availableParallelism())];
  const base = { game, pairing: id!, probe, iterations, candidates: number('candidates', 16), simulations: number('simulations', 64) };
  const task = { ...base, depth: number('depth', 200) };
  const seeds = Array.from({ length: count }, (_, k) => from + k).filter((i) => row.perGame![i] !== undefined);
  const code = ladder.codes?.[game] === CODES[game] ? "the ladder's" : "not the ladder's";
  console.log(`# Probe ${JSON.stringify({ ...task, iterations: undefined })}, ${seeds.length} games; the game's code is ${code}.`);
  const pool = new Piscina<ProbeTask, number>({
    filename: fileURLToPath(new URL('./bots-probe-game.ts', import.meta.url)),
    minThreads: threads,
    maxThreads: threads,
    execArgv: process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'],
  });
  const started = performance.now();
  const shares = await Promise.all(seeds.map((i) => pool.run({ ...task, i })));
  await pool.destroy();
  const was = seeds.map((i) => row.perGame![i]!);
  const better = shares.filter((s, k) => s > was[k]!).length;
  const worse = shares.filter((s, k) => s < was[k]!).length;
  const pct = (xs: number[]) => `${((100 * xs.reduce((a, b) => a + b, 0)) / seeds.length).toFixed(1)} %`;
  console.log('\n| probe | games | probe wins | ladder, same seeds | better / worse | sign test p | minutes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(
    `| ${probe} | ${seeds.length} | ${pct(shares)} | ${pct(was)} | ${better} / ${worse} | ` +
      `${signTest(better, worse).toFixed(3)} | ${minutes} |`,
  );
  const out = arg('out');
  if (out) writeFileSync(out, `${JSON.stringify({ ...task, seeds, shares, better, worse }, null, 1)}\n`);
}

await main();
