/**
 * `npx tsx bench/bots-trial.ts --pairing ma-petite-ville/ismcts-greedy --bot-options
 * '{"ma-petite-ville":{"search":{"exploration":0.2}}}'`:
 * a trial of a game's bot tuning on the ladder's own games, compared game by game.
 *
 * It plays the ladder's games of one pairing (bench/bots.ts: game i has the seed
 * `bots-<game>-<pairing>-<i>` and the tested level at seat i mod 4) with the tuning on every seat of
 * the game, as `--bot-options` does in bench/bots.ts, at the row's budgets (bench/results/bots.json)
 * or at `--iterations ismcts=900,ismcts-strong=3000`, and reads each against the ladder's game of
 * the same seed (`perGame`): the trial's wins and the ladder's on those seeds, the games the trial
 * won and the ladder lost (better) and the reverse (worse), and a two-sided sign test of better
 * against worse (the chance of a split at least this uneven if the tuning changed nothing but the
 * games' luck). A pairing's games are chaotic: one different choice sends a seed elsewhere, so most
 * changed games are noise either way, and only the sign test says how much.
 *
 * With no tuning, at the row's budgets and with the code the ladder played (the game's digest,
 * bench/bots-code.ts), every game is the ladder's: 0 better, 0 worse (the run says whether the code
 * is the ladder's). Iteration budgets, no clock: the load sets the pace only.
 *
 * Options: `--from` (0) and `--games` (100): the seeds i played; `--threads` (one per core);
 * `--ladder` (bench/results/bots.json); `--out <file>`: the trial's games as JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { BotLevel } from '../src/engine/index.js';
import { CODES } from './bots-code.js';
import { ladderGame, PAIRINGS, signTest, testedShare, type BotOptions, type GameResult, type GameTask } from './bots-game.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

interface LadderFile {
  codes?: Record<string, string>;
  botOptions?: Record<string, BotOptions>;
  strength: Record<string, { budgets?: Record<string, number | null>; perGame?: Record<number, number> }>;
}

async function main() {
  const key = arg('pairing');
  const [game, id] = (key ?? '').split('/');
  const pairing = PAIRINGS.find((p) => p.id === id);
  if (!game || !pairing) throw new Error(`--pairing <game>/<pairing>, the pairing one of ${PAIRINGS.map((p) => p.id).join(', ')}`);
  const ladderPath = arg('ladder') ?? fileURLToPath(new URL('./results/bots.json', import.meta.url));
  const ladder = JSON.parse(readFileSync(ladderPath, 'utf8')) as LadderFile;
  const row = ladder.strength[key!];
  if (!row?.perGame) throw new Error(`${ladderPath} has no games of ${key}`);
  const rowBudgets = Object.fromEntries(Object.entries(row.budgets ?? {}).filter(([, n]) => n !== null)) as Partial<
    Record<BotLevel, number>
  >;
  const given = (arg('iterations') ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('=') as [string, string]);
  for (const [level, n] of given)
    if (!(level in rowBudgets) || !(Number(n) > 0))
      throw new Error(
        `--iterations ${level}=${n}: a searching level of ${key} (${Object.keys(rowBudgets).join(', ')}) and a count above 0`,
      );
  const iterations: Partial<Record<BotLevel, number>> = { ...rowBudgets, ...Object.fromEntries(given.map(([l, n]) => [l, Number(n)])) };
  // The tuning as bench/bots.ts takes it, by game ({"<game>": {...}}); none: the ladder's own.
  const options = arg('bot-options') ? (JSON.parse(arg('bot-options')!) as Record<string, BotOptions>) : ladder.botOptions;
  if (arg('bot-options') && !options?.[game]) throw new Error(`--bot-options names no tuning of ${game}: {"${game}": {...}}`);
  const tuning = options?.[game];
  const from = Number(arg('from') ?? 0);
  const count = Number(arg('games') ?? 100);
  const seeds = Array.from({ length: count }, (_, k) => from + k).filter((i) => row.perGame![i] !== undefined);
  const threads = Number(arg('threads') ?? availableParallelism());
  const sameCode = ladder.codes?.[game] === CODES[game];
  const code = sameCode ? "the ladder's" : `not the ladder's (${CODES[game]} against ${ladder.codes?.[game]})`;
  console.log(
    `# Trial: ${key}, ${seeds.length} of the ladder's games (seeds ${from} to ${from + count - 1} it played), iterations ` +
      `${JSON.stringify(iterations)} (the row's: ${JSON.stringify(rowBudgets)}), tuning ${JSON.stringify(tuning ?? {})}, ` +
      `${threads} threads; the game's code is ${code}.`,
  );

  const pool = new Piscina<GameTask, GameResult>({
    filename: fileURLToPath(new URL('./bots-game.ts', import.meta.url)),
    minThreads: threads,
    maxThreads: threads,
    execArgv: process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'],
  });
  const trial: Record<number, number> = {};
  let better = 0,
    worse = 0,
    done = 0;
  const started = performance.now();
  await Promise.all(
    seeds.map(async (i) => {
      const r = await pool.run({ game, ...ladderGame(game, pairing, i), budgetScale: 1, iterations, botOptions: tuning });
      trial[i] = testedShare(r, i);
      const was = row.perGame![i]!;
      if (trial[i]! > was) better++;
      if (trial[i]! < was) worse++;
      done++;
      if (done % 10 === 0 || done === seeds.length)
        console.error(`${new Date().toISOString()} ${done} games, better ${better}, worse ${worse}`);
    }),
  );
  await pool.destroy();
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const won = sum(seeds.map((i) => trial[i]!));
  const ladderWon = sum(seeds.map((i) => row.perGame![i]!));
  const pct = (x: number) => `${((100 * x) / seeds.length).toFixed(1)} %`;
  console.log('\n| trial | iterations | games | trial wins | ladder, same seeds | better / worse | sign test p |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  console.log(
    `| ${JSON.stringify(tuning ?? {})} | ${JSON.stringify(iterations)} | ${seeds.length} | ${pct(won)} | ${pct(ladderWon)} | ` +
      `${better} / ${worse} | ${signTest(better, worse).toFixed(3)} |`,
  );
  console.log(`\n${((performance.now() - started) / 60_000).toFixed(1)} min.`);
  const out = arg('out');
  if (out) writeFileSync(out, `${JSON.stringify({ pairing: key, iterations, tuning, sameCode, trial, better, worse }, null, 1)}\n`);
}

await main();
