/**
 * `npm run bench:bots` (or `npx tsx bench/bots.ts`): how strong and how fast the bots are.
 *
 * 1. Strength, per game, 4 players, seats rotated (the level tested sits at seat i mod 4 in game
 *    i), `--games` games a pairing (default 100), each search with its level's time budget:
 *    greedy vs 3 random (target >= 70 %), ismcts vs 3 random (>= 90 %), ismcts vs 3 greedy
 *    (>= 40 %), ismcts-strong vs 3 ismcts (> 25 %). Wins are shared on ties; each rate comes with
 *    its 95 % Wilson interval.
 * 2. ISMCTS iterations per second on one core, per game: searches of the ismcts level from random
 *    positions, one at a time, for `--speed-seconds` (default 10) per game.
 * 3. Think time p50 / p99 per level and game, over every decision of the strength games (target:
 *    p99 within the budget + 50 ms).
 *
 * Games run in parallel in `--threads` worker threads (default: one per core); never more threads
 * than cores, or searches lose their time to each other. `--only town-center,...` picks games,
 * `--pairings greedy-random,ismcts-random,ismcts-greedy,strong-ismcts` picks pairings,
 * `--budget-scale 0.1` shrinks every budget (smoke runs only: figures then mean nothing).
 * Results: stdout (Markdown) and bench/results/bots.{md,json}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { chooseMove, LEVELS, seatKnowledge, type AnyGame, type BotLevel } from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { hostedGames } from '../src/games/index.js';
import { randomPositions } from '../tests/support/playouts.js';
import type { GameResult, GameTask } from './bots-game.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const GAMES = Number(arg('games') ?? 100);
const THREADS = Number(arg('threads') ?? availableParallelism());
const SCALE = Number(arg('budget-scale') ?? 1);
const SPEED_SECONDS = Number(arg('speed-seconds') ?? 10);
const only = arg('only')?.split(',');
const games = (hostedGames as AnyGame[]).filter((g) => !only || only.includes(g.id));

const PAIRINGS: { id: string; level: BotLevel; against: BotLevel; target: string; pass: (low: number, rate: number) => boolean }[] = [
  { id: 'greedy-random', level: 'greedy', against: 'random', target: '>= 70 %', pass: (_, r) => r >= 0.7 },
  { id: 'ismcts-random', level: 'ismcts', against: 'random', target: '>= 90 %', pass: (_, r) => r >= 0.9 },
  { id: 'ismcts-greedy', level: 'ismcts', against: 'greedy', target: '>= 40 %', pass: (_, r) => r >= 0.4 },
  { id: 'strong-ismcts', level: 'ismcts-strong', against: 'ismcts', target: '> 25 % (interval above)', pass: (low) => low > 0.25 },
];
const pairings = PAIRINGS.filter((p) => !arg('pairings') || arg('pairings')!.split(',').includes(p.id));

const lines: string[] = [];
const out = (s: string) => {
  lines.push(s);
  console.log(s);
};
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** Wilson score interval, 95 %. */
function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96, p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Iterations per second of the ismcts level on this thread, from random positions of 4-player games. */
function speed(g: AnyGame): { iterationsPerSecond: number; searches: number } {
  const bot = botFor(g.id)!;
  let iterations = 0, ms = 0, searches = 0;
  for (let round = 0; ms < SPEED_SECONDS * 1000; round++) {
    for (const { state, events } of randomPositions(g, 4, `speed-${g.id}-${round}`, 13)) {
      const seat = g.toMove(state)[0]!;
      if (g.legalMoves(state, seat).length < 2) continue;
      const start = performance.now();
      const budget = LEVELS.ismcts.thinkMs * SCALE;
      const c = chooseMove(g, bot, { ...seatKnowledge(g, state, events, seat), level: 'ismcts', seed: `speed-${searches}`, timeUp: () => performance.now() - start >= budget });
      ms += performance.now() - start;
      iterations += c.iterations;
      searches++;
      if (ms >= SPEED_SECONDS * 1000) break;
    }
  }
  return { iterationsPerSecond: (1000 * iterations) / ms, searches };
}

async function main() {
  const results: Record<string, unknown> = { machine: { cpus: cpus().length, model: cpus()[0]?.model }, games: GAMES, threads: THREADS, budgetScale: SCALE, levels: LEVELS };
  out(`# Bots: strength and speed\n\n${cpus().length} cores (${cpus()[0]?.model}), ${THREADS} game threads, ${GAMES} games a pairing, budgets x${SCALE}: ismcts ${LEVELS.ismcts.thinkMs * SCALE} ms, ismcts-strong ${LEVELS['ismcts-strong'].thinkMs * SCALE} ms a move.\n`);

  out('## ISMCTS iterations per second (one core)\n\n| game | iterations/s | searches |\n|---|---:|---:|');
  const speeds: Record<string, unknown> = {};
  for (const g of games) {
    const s = speed(g);
    speeds[g.id] = s;
    out(`| ${g.id} | ${Math.round(s.iterationsPerSecond)} | ${s.searches} |`);
  }
  results.iterationsPerSecond = speeds;

  const pool = new Piscina<GameTask, GameResult>({ filename: fileURLToPath(new URL('./bots-game.ts', import.meta.url)), minThreads: THREADS, maxThreads: THREADS, execArgv: process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'] });
  const strength: Record<string, unknown> = {};
  const think: Record<string, Partial<Record<BotLevel, number[]>>> = {};
  out('\n## Strength (4 players, seats rotated)\n\n| game | level | against | games | wins | 95 % interval | target | met |\n|---|---|---|---:|---:|---|---|---|');
  for (const g of games) {
    think[g.id] = {};
    for (const p of pairings) {
      const tasks = Array.from({ length: GAMES }, (_, i) => {
        const levels: BotLevel[] = [p.against, p.against, p.against, p.against];
        levels[i % 4] = p.level;
        return pool.run({ game: g.id, levels, seed: `bots-${g.id}-${p.id}-${i}`, budgetScale: SCALE }).then((r) => ({ r, seat: i % 4 }));
      });
      let wins = 0;
      for (const { r, seat } of await Promise.all(tasks)) {
        if (r.winners.includes(seat)) wins += 1 / r.winners.length;
        for (const [level, ms] of Object.entries(r.thinkMs) as [BotLevel, number[]][]) (think[g.id]![level] ??= []).push(...ms);
      }
      const rate = wins / GAMES;
      const [low, high] = wilson(wins, GAMES);
      strength[`${g.id}/${p.id}`] = { wins, games: GAMES, rate, interval: [low, high], target: p.target, met: p.pass(low, rate) };
      out(`| ${g.id} | ${p.level} | 3 ${p.against} | ${GAMES} | ${pct(rate)} | ${pct(low)} - ${pct(high)} | ${p.target} | ${p.pass(low, rate) ? 'yes' : 'no'} |`);
    }
  }
  await pool.destroy();
  results.strength = strength;

  out('\n## Think time per decision (ms; decisions with a choice)\n\n| game | level | budget | decisions | p50 | p99 | p99 <= budget + 50 |\n|---|---|---:|---:|---:|---:|---|');
  const times: Record<string, unknown> = {};
  for (const g of games) {
    for (const [level, ms] of Object.entries(think[g.id] ?? {}) as [BotLevel, number[]][]) {
      const sorted = ms.slice().sort((a, b) => a - b);
      const budget = LEVELS[level].thinkMs * SCALE;
      const p50 = percentile(sorted, 50), p99 = percentile(sorted, 99);
      times[`${g.id}/${level}`] = { decisions: sorted.length, p50, p99, budget };
      out(`| ${g.id} | ${level} | ${budget} | ${sorted.length} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${p99 <= budget + 50 ? 'yes' : 'no'} |`);
    }
  }
  results.thinkTime = times;

  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}bots.md`, `${lines.join('\n')}\n`);
  writeFileSync(`${dir}bots.json`, `${JSON.stringify(results, null, 2)}\n`);
}

await main();
