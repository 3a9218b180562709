/**
 * `npm run bench:bots` (or `npx tsx bench/bots.ts`): how strong and how fast the bots are.
 *
 * 1. Strength (the ladder), per game, 4 players, seats rotated (the level tested sits at seat i
 *    mod 4 in game i), each search with its level's time budget or, with `--iterations`, a fixed
 *    iteration budget: greedy vs 3 random (target >= 70 %), ismcts vs 3 random (>= 90 %), ismcts
 *    vs 3 greedy (>= 40 %), ismcts-strong vs 3 ismcts (> 25 %). Wins are shared on ties; each rate
 *    comes with its 95 % Wilson interval. Each pairing is decided by a sequential probability ratio
 *    test (SPRT, as Stockfish's fishtest decides a change; bench/sprt.ts): H0 "the level wins at
 *    the target's rate" (elo0 = the target's Elo against three equal opponents; 1/4 = chance for
 *    `> 25 %`) against H1 "it wins at the rate of 50 Elo more" (elo1 = elo0 + 50), alpha = beta =
 *    0.05, over the games in index order; a pairing stops once decided (H1: the target is met; H0:
 *    it is not), or at `--games` games (the cap, default 100: undecided). Games are handed to the
 *    threads as they free up, to the pairing not yet decided that has had the least thread time
 *    (fair shares: cheap pairings are decided while the costly ones play).
 * 2. ISMCTS iterations per second on one core, per game: searches of the ismcts level from random
 *    positions, one at a time, for `--speed-seconds` (default 10) per game.
 * 3. Think time p50 / p99 per level and game, over every decision of the strength games (target:
 *    p99 within the budget + 50 ms).
 * 4. What stopping once settled saves: `--settle-searches` (10) searches a game at the iterations
 *    300 ms reached in section 2 (or the `--iterations` budget), whole and stopping early; the share
 *    of iterations, the same move.
 *
 * Iteration budgets (`--iterations town-center=160,ma-petite-ville=320,...` or one figure for all,
 * and `--strong-factor 4`): the strength games' searches then stop at a fixed iteration count with
 * no clock (`ismcts` the game's figure, `ismcts-strong` that times the factor), so the results do not
 * depend on the machine's load and replay identically; think times of the search levels then come
 * from searches with the levels' time budgets on this thread (the speed section's, and
 * `--strong-searches` searches of `ismcts-strong` per game). `--minutes M` bounds the search
 * pairings: the pairings without a search play all their games first, then the search pairings
 * play game 0 of each, game 1 of each, ... until M minutes have passed (each pairing ends with
 * the number of games it played, said in the table).
 *
 * Games run in parallel in `--threads` worker threads (default: one per core); never more threads
 * than cores, or searches lose their time to each other. `--only town-center,...` picks games,
 * `--pairings greedy-random,ismcts-random,ismcts-greedy,strong-ismcts` picks pairings,
 * `--budget-scale 0.1` shrinks every budget (smoke runs only: figures then mean nothing).
 * `--bot-options '{"city-tycoon":{"playoutDepth":0,"search":{"exploration":0.2}}}'` tries a game's
 * bot tuning (its `playoutDepth`, `scale`, `search` and `rollout` options, src/engine/bot.ts) without editing
 * it: every seat of that game's games and its speed searches use it.
 * `--iterations measured` (with `--budget-fraction F`, default 1, or one a game:
 * `town-center=0.2,city-tycoon=0.5`): the budgets are what each level reaches in its think time on
 * this machine, measured in this run's speed section (ismcts: its iterations a second x 300 ms x F,
 * ismcts-strong: x 2 s x F, the same ratio as the levels' think times); a resumed run takes the
 * budgets of the run it resumes. The speed section's searches must have had 90 % of a core (their CPU
 * time over their wall time), else other work shared it and the run refuses to measure budgets
 * (`--busy-ok` measures all the same; the share is in the output and bots.json).
 * Results: stdout (Markdown) and bench/results/bots.{md,json} (`--out <dir>`: that folder's; bots.json
 * is committed, and `npx tsx bench/render-bots.ts` renders its ladder into BENCHMARKS.md); the JSON keeps each game's result by its index
 * (`perGame`: the tested level's share of the win), so two runs on the same seeds compare game by game.
 * `--resume <a bots.json>[,<another>...]` (iteration budgets only; a run's bots.partial.json, written after
 * each round, will do; of several files, the games of all that played with the same code): the games
 * those runs played are kept and not played again, game by game: a game's whose code digest
 * (bots-code.ts: the game's own code and what src/engine does with its bot) and budgets are this run's,
 * with the same bot options; a game whose bot changed plays all its pairings again. A table too long
 * for one sitting is built over several, and equals what one run would print.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { budgetClock, canonicalJson, chooseMove, LEVELS, seatKnowledge, type AnyGame, type BotLevel } from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { hostedGames } from '../src/games/index.js';
import { randomPositions } from '../tests/support/playouts.js';
import { CODE, CODES } from './bots-code.js';
import { ladderGame, PAIRINGS, testedShare, tunedBot, type BotOptions, type GameResult, type GameTask } from './bots-game.js';
import { renderLadder, type LadderRow } from './render-bots.js';
import { eloOf, sprt, type SprtSpec } from './sprt.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
/**
 * The SPRT's cap on games a pairing: `--games 300`, or with caps of their own for some pairings
 * (`--games 300,ma-petite-ville/ismcts-random=1000`: a cheap pairing whose rate sits near its bounds
 * may play on until the test decides).
 */
const GAMES_ARG = (arg('games') ?? '100').split(',');
const GAMES = Number(GAMES_ARG[0]);
const PAIRING_CAPS: Record<string, number> = Object.fromEntries(
  GAMES_ARG.slice(1).map((x) => {
    const [key, n] = x.split('=');
    if (!key?.includes('/') || !(Number(n) > 0)) throw new Error(`--games: "${x}" is not <game>/<pairing>=<games>`);
    return [key, Number(n)];
  }),
);
const capOf = (key: string): number => PAIRING_CAPS[key] ?? GAMES;
const THREADS = Number(arg('threads') ?? availableParallelism());
const SCALE = Number(arg('budget-scale') ?? 1);
const SPEED_SECONDS = Number(arg('speed-seconds') ?? 10);
const only = arg('only')?.split(',');
const MINUTES = arg('minutes') !== undefined ? Number(arg('minutes')) : undefined;
const STRONG_FACTOR = Number(arg('strong-factor') ?? 4);
const STRONG_SEARCHES = Number(arg('strong-searches') ?? 10);
const THINK_SEARCHES = Number(arg('think-searches') ?? 30);
const SETTLE_SEARCHES = Number(arg('settle-searches') ?? 10);
/** The pairings whose levels search (a fraction of their budgets may be their own). */
const SEARCH_PAIRINGS = PAIRINGS.filter((p) => p.level !== 'greedy').map((p) => p.id);
/**
 * `--budget-fraction 0.2` or `--budget-fraction town-center=0.2,city-tycoon=0.5` (games not named: 1), and
 * a pairing's own fraction of both its levels' budgets (`ma-petite-ville/ismcts-greedy=1`): the costly
 * pairings of a game at a fraction, the others at what the levels reach in their think time.
 */
const [BUDGET_FRACTIONS, PAIRING_FRACTIONS] = (() => {
  const a = arg('budget-fraction') ?? '1';
  const all: [string, number][] = /^[\d.]+$/.test(a)
    ? hostedGames.map((g) => [g.id, Number(a)])
    : a.split(',').map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])]);
  for (const [key, f] of all) {
    const [game, pairing] = key.split('/');
    if (!hostedGames.some((g) => g.id === game) || (pairing !== undefined && !SEARCH_PAIRINGS.includes(pairing)) || !(f > 0 && f <= 1))
      throw new Error(
        `--budget-fraction: ${key}=${f} needs a hosted game id (or <game>/<pairing>, the pairing one of ` +
          `${SEARCH_PAIRINGS.join(', ')}) and a fraction in (0, 1]`,
      );
  }
  return [Object.fromEntries(all.filter(([k]) => !k.includes('/'))), Object.fromEntries(all.filter(([k]) => k.includes('/')))] as [
    Record<string, number>,
    Record<string, number>,
  ];
})();
const fractionOf = (game: string): number => BUDGET_FRACTIONS[game] ?? 1;
/** `--iterations 200` or `--iterations town-center=160,city-tycoon=35`: the ismcts level's iterations per move by game
 * (`measured`: set after the speed section). */
let ITERATIONS: Record<string, number> | undefined = (() => {
  const a = arg('iterations');
  if (a === undefined || a === 'measured') return undefined;
  if (/^\d+$/.test(a)) return Object.fromEntries(hostedGames.map((g) => [g.id, Number(a)]));
  return Object.fromEntries(
    a
      .split(',')
      .map((kv) => kv.split('='))
      .map(([k, v]) => [k!, Number(v)]),
  );
})();
/** Budgets by game and level, when measured (`--iterations measured`) or resumed: both levels' own figures. */
let BUDGETS: Record<string, Partial<Record<BotLevel, number>>> | undefined;
const iterationsFor = (game: string): Partial<Record<BotLevel, number>> | undefined => {
  if (BUDGETS?.[game]) return BUDGETS[game];
  const n = ITERATIONS?.[game];
  return n === undefined ? undefined : { ismcts: n, 'ismcts-strong': Math.round(n * STRONG_FACTOR) };
};
/** `--bot-options '{"city-tycoon":{"playoutDepth":0,"search":{"exploration":0.2}}}'`: a trial of games' bot tuning, every seat
 * and the speed section. */
const BOT_OPTIONS: Record<string, BotOptions> = JSON.parse(arg('bot-options') ?? '{}');
const botOf = (game: string) => tunedBot(botFor(game)!, BOT_OPTIONS[game]);
const games = (hostedGames as AnyGame[]).filter((g) => !only || only.includes(g.id));

interface ResultsFile {
  path: string;
  date?: string;
  commit?: string;
  resumedFrom?: { date?: string; commit?: string }[];
  budgetFraction?: Record<string, number> | null;
  pairingFractions?: Record<string, number>;
  code?: string;
  codes?: Record<string, string>;
  iterations?: Record<string, Partial<Record<BotLevel, number>>> | null;
  botOptions?: unknown;
  budgetScale?: number;
  strength?: Record<string, { perGame?: Record<number, number>; minutes?: number; budgets?: Record<string, number | null> }>;
}

/**
 * `--resume <bots.json>[,<bots.json>...]`: the games earlier runs of the same settings already played,
 * by pairing and index. Only for iteration budgets (no clock: a game replays identically) and the
 * same bot options and budgets; a pairing's games are kept from every file that played them with
 * the same code (the game's digest, or the digest of all the bots' code), so sittings that ran
 * different games or pairings join into one table: the one a single run prints.
 */
const resumedFiles: ResultsFile[] = (arg('resume')?.split(',') ?? [])
  .filter((path) => existsSync(path))
  .map((path) => ({ ...(JSON.parse(readFileSync(path, 'utf8')) as Omit<ResultsFile, 'path'>), path }));
const sameCode = (f: ResultsFile, game: string) => f.codes?.[game] === CODES[game] || f.code === CODE;
const playedIn = (f: ResultsFile, game: string) => Object.keys(f.strength ?? {}).some((k) => k.startsWith(`${game}/`));
/** Each game kept, with the file its games and budgets come from. */
const RESUMED_FROM = new Map(
  games.flatMap((g) => {
    const f = resumedFiles.filter((x) => sameCode(x, g.id) && playedIn(x, g.id)).at(-1);
    return f ? [[g.id, f] as const] : [];
  }),
);
const KEPT = new Set(RESUMED_FROM.keys());
/** A kept game's fraction: the one the first file that measured its budgets stated (later sittings only resume them). */
const resumedFraction = (game: string) => resumedFiles.find((f) => sameCode(f, game) && f.budgetFraction?.[game])?.budgetFraction?.[game];
/** The fraction of what the levels reach in their think time that a game's budgets are. */
const gameFraction = (game: string): number => (KEPT.has(game) ? resumedFraction(game) : undefined) ?? fractionOf(game);
/** A pairing's own fraction: the command line's, else the last a kept file stated for it (its games were played at it). */
const pairingFraction = (key: string): number | undefined =>
  PAIRING_FRACTIONS[key] ??
  resumedFiles
    .filter((f) => sameCode(f, key.split('/')[0]!))
    .map((f) => f.pairingFractions?.[key])
    .findLast((f) => f !== undefined);
/** A pairing's budgets: its game's, or at its own fraction (the same for both levels: their ratio is kept). */
const budgetsOf = (game: string, pairing: string): Partial<Record<BotLevel, number>> | undefined => {
  const budgets = iterationsFor(game);
  const own = pairingFraction(`${game}/${pairing}`);
  if (budgets === undefined || own === undefined) return budgets;
  const scale = own / gameFraction(game);
  return Object.fromEntries(Object.entries(budgets).map(([level, n]) => [level, Math.max(10, Math.round(n * scale))]));
};
/** The budgets a pairing's row states: its two levels' (null for the levels that do not search). */
const rowBudgets = (game: string, p: { id: string; level: BotLevel; against: BotLevel }) => {
  const budgets = budgetsOf(game, p.id);
  return { [p.level]: budgets?.[p.level] ?? null, [p.against]: budgets?.[p.against] ?? null };
};
/** Whether a resumed row's games were played at the budgets this run gives the pairing (rows written before rows stated them: yes). */
const atTheseBudgets = (row: { budgets?: Record<string, number | null> }, key: string): boolean => {
  const [game, id] = key.split('/') as [string, string];
  return !row.budgets || JSON.stringify(row.budgets) === JSON.stringify(rowBudgets(game, PAIRINGS.find((p) => p.id === id)!));
};
// A resumed run without budgets of its own plays at the budgets of the run it resumes, for the games it keeps.
if (arg('iterations') === undefined || arg('iterations') === 'measured') {
  const kept = [...RESUMED_FROM].flatMap(([game, f]) => (f.iterations?.[game] ? [[game, f.iterations[game]!] as const] : []));
  if (kept.length > 0) BUDGETS = Object.fromEntries(kept);
}
const resumed = (): Record<string, Record<number, number>> => {
  if (resumedFiles.length === 0) return {};
  const mine = ITERATIONS || BUDGETS ? Object.fromEntries(games.map((g) => [g.id, iterationsFor(g.id)])) : null;
  const refuse = (path: string, why: string) => {
    throw new Error(`--resume ${path}: ${why}; start a new run instead`);
  };
  if (!ITERATIONS && !BUDGETS)
    refuse(resumedFiles[0]!.path, 'only runs with iteration budgets resume (a time budget measures the machine it ran on)');
  for (const f of resumedFiles)
    if (JSON.stringify(f.botOptions ?? {}) !== JSON.stringify(BOT_OPTIONS)) refuse(f.path, 'its bot options differ');
  const out: Record<string, Record<number, number>> = {};
  for (const g of games) {
    const f = RESUMED_FROM.get(g.id);
    if (!f) {
      const other = resumedFiles.find((x) => playedIn(x, g.id));
      if (other)
        console.error(
          `--resume ${other.path}: ${g.id}'s bot code changed (digest ${other.codes?.[g.id] ?? other.code}, now ${CODES[g.id]}): ` +
            'its games play again',
        );
      continue;
    }
    // Each pairing's games from every file that played them with this code and these budgets: a game is
    // deterministic, so the same index has the same result in each, and the union is what one run plays.
    for (const x of resumedFiles.filter((y) => sameCode(y, g.id))) {
      const budgets = x.iterations?.[g.id];
      if (budgets !== undefined && JSON.stringify(budgets) !== JSON.stringify(mine![g.id]))
        refuse(x.path, `its iteration budgets for ${g.id} differ`);
      for (const [k, v] of Object.entries(x.strength ?? {})) {
        if (!PAIRINGS.some((q) => k === `${g.id}/${q.id}`)) continue;
        // A pairing played at other budgets (its own fraction changed) plays again at these.
        if (!atTheseBudgets(v, k))
          console.error(`--resume ${x.path}: ${k} was played at ${JSON.stringify(v.budgets)}: its games play again`);
        else out[k] = { ...out[k], ...v.perGame };
      }
    }
  }
  return out;
};
/** Minutes of play a pairing had in the runs resumed (the most any file says: a file resumed from another counts its minutes too). */
const resumedMinutes = (key: string): number => {
  // Only the files that played it at these budgets (games at other budgets are played again).
  const rows = resumedFiles.filter((f) => sameCode(f, key.split('/')[0]!)).map((f) => f.strength?.[key]);
  return Math.max(0, ...rows.filter((r) => r && atTheseBudgets(r, key)).map((r) => r!.minutes ?? 0));
};
let RESUMED: Record<string, Record<number, number>> = {};

/** The SPRT of every pairing (bench/sprt.ts): elo1 - elo0 (`--sprt-elo`, 50), alpha and beta (`--sprt-alpha`, `--sprt-beta`, 0.05). */
const SPRT_ELO_MARGIN = Number(arg('sprt-elo') ?? 50);
const SPRT_ALPHA = Number(arg('sprt-alpha') ?? 0.05);
const SPRT_BETA = Number(arg('sprt-beta') ?? 0.05);
const specOf = (p: (typeof PAIRINGS)[number]): SprtSpec => {
  const elo0 = eloOf(p.rate, 4);
  return { players: 4, elo0, elo1: elo0 + SPRT_ELO_MARGIN, alpha: SPRT_ALPHA, beta: SPRT_BETA };
};
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
  const z = 1.96,
    p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Positions of random 4-player games (every `every`-th, round after round of seeds `<name>-<game>-<round>`)
 * where the seat to move has a choice, with what that seat may read: the searches below start there.
 */
function* choicePositions(g: AnyGame, name: string, every: number) {
  for (let round = 0; ; round++) {
    for (const { state, events } of randomPositions(g, 4, `${name}-${g.id}-${round}`, every)) {
      const seat = g.toMove(state)[0]!;
      if (g.legalMoves(state, seat).length >= 2) yield seatKnowledge(g, state, events, seat);
    }
  }
}

/**
 * Iterations per second of the ismcts level on this thread: whole searches of its time budget (the
 * tree search `exhaustive`, as its early stop would understate its rate; a game whose levels play
 * rollouts, src/engine/rollout.ts, measures those: they have no early stop, and analysis alone is
 * exhaustive there).
 */
function speed(g: AnyGame): { iterationsPerSecond: number; searches: number; cpuShare: number } {
  const bot = botOf(g.id);
  let iterations = 0,
    ms = 0,
    searches = 0;
  const cpu = process.cpuUsage();
  for (const known of choicePositions(g, 'speed', 13)) {
    if (ms >= SPEED_SECONDS * 1000) break;
    const start = performance.now();
    const c = chooseMove(g, bot, {
      ...known,
      level: 'ismcts',
      seed: `speed-${searches}`,
      ...budgetClock(LEVELS.ismcts.thinkMs * SCALE, () => performance.now()),
      exhaustive: !bot.rollout,
    });
    ms += performance.now() - start;
    iterations += c.iterations;
    searches++;
  }
  const used = process.cpuUsage(cpu);
  return { iterationsPerSecond: (1000 * iterations) / ms, searches, cpuShare: (used.user + used.system) / 1000 / ms };
}

/**
 * The least share of a core the speed section's searches must have had for their figure to become
 * budgets: below it other work ran on the machine, and the budgets would be what a shared core reaches
 * (quiet runs read 106 % to 124 %, the garbage collector's threads included; beside two game threads,
 * 72 %). `--busy-ok` measures all the same (the share is in the output and bots.json).
 */
const QUIET_SHARE = 0.9;

/**
 * What stopping once settled saves: searches from random positions at a fixed iteration budget,
 * once whole (`exhaustive`) and once stopping when no other move can be chosen; the share of the
 * iterations the second needed, and whether both chose the same move (they must).
 */
function settling(g: AnyGame, iterations: number, count: number): { searches: number; share: number; sameMove: number } {
  const bot = botOf(g.id);
  let whole = 0,
    settled = 0,
    same = 0,
    n = 0;
  for (const known of choicePositions(g, 'settle', 7)) {
    if (n >= count) break;
    const req = { ...known, level: 'ismcts' as const, seed: `settle-${n}`, iterations };
    const a = chooseMove(g, bot, { ...req, exhaustive: true });
    const b = chooseMove(g, bot, req);
    whole += a.iterations;
    settled += b.iterations;
    if (canonicalJson(a.move) === canonicalJson(b.move)) same++;
    n++;
  }
  return { searches: n, share: settled / whole, sameMove: same };
}

/**
 * Think times of a search level as it plays (its time budget, stopping once its choice is settled),
 * from random positions of 4-player games, on this thread.
 */
function thinkTimes(g: AnyGame, level: 'ismcts' | 'ismcts-strong', count: number): number[] {
  const bot = botOf(g.id);
  const out: number[] = [];
  for (const known of choicePositions(g, level === 'ismcts' ? 'think' : 'strong', 7)) {
    if (out.length >= count) break;
    const start = performance.now();
    chooseMove(g, bot, {
      ...known,
      level,
      seed: `${level}-${out.length}`,
      ...budgetClock(LEVELS[level].thinkMs * SCALE, () => performance.now()),
    });
    out.push(performance.now() - start);
  }
  return out;
}

/** The commit the bots' code is at (git), for the results. */
function commitOf(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** The pairings with caps of their own, for the report. */
const capsNote = Object.entries(PAIRING_CAPS)
  .map(([k, n]) => `; ${k} ${n}`)
  .join('');

async function main() {
  const started = Date.now();
  const dir = arg('out') !== undefined ? `${arg('out')!.replace(/\/$/, '')}/` : fileURLToPath(new URL('./results/', import.meta.url));
  const results: Record<string, unknown> = {
    code: CODE,
    codes: CODES,
    commit: commitOf(),
    /** The sittings whose games this run kept (and those they kept), oldest first. */
    resumedFrom: [
      ...new Map(
        resumedFiles
          .flatMap((f) => [...(f.resumedFrom ?? []), { date: f.date, commit: f.commit }])
          .map((x) => [`${x.date} ${x.commit}`, x]),
      ).values(),
    ],
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverage: loadavg() },
    date: new Date().toISOString(),
    games: GAMES,
    threads: THREADS,
    budgetScale: SCALE,
    levels: LEVELS,
    minutes: MINUTES ?? null,
    botOptions: BOT_OPTIONS,
    sprt: { elo1MinusElo0: SPRT_ELO_MARGIN, alpha: SPRT_ALPHA, beta: SPRT_BETA, cap: GAMES, caps: PAIRING_CAPS },
  };
  out(
    `# Bots: strength and speed\n\n${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} at the start, ${THREADS} game threads, ` +
      `at most ${GAMES} games a pairing (the SPRT's cap${capsNote})${MINUTES !== undefined ? `, ${MINUTES} min at most` : ''}; ` +
      `code ${CODE}, commit ${results.commit as string}.\n`,
  );

  out(
    '## ISMCTS iterations per second (one core, ismcts level, its time budget)\n\n' +
      '| game | iterations/s | searches | share of a core the searches had |\n|---|---:|---:|---:|',
  );
  const speeds: Record<string, ReturnType<typeof speed>> = {};
  const think: Record<string, Partial<Record<BotLevel, number[]>>> = {};
  for (const g of games) {
    const s = speed(g);
    speeds[g.id] = s;
    out(`| ${g.id} | ${Math.round(s.iterationsPerSecond)} | ${s.searches} | ${(100 * s.cpuShare).toFixed(0)} % |`);
  }
  results.iterationsPerSecond = speeds;
  if (arg('iterations') === 'measured' && games.some((g) => !BUDGETS?.[g.id])) {
    const busy = games.filter((g) => !BUDGETS?.[g.id] && speeds[g.id]!.cpuShare < QUIET_SHARE);
    if (busy.length > 0 && !args.includes('--busy-ok'))
      throw new Error(
        `--iterations measured: the speed section's searches had less than ${100 * QUIET_SHARE} % of a core for ` +
          `${busy.map((g) => g.id).join(', ')} (other work was running), so the budgets would be what a shared core reaches; ` +
          'measure on a quiet machine, or pass --busy-ok',
      );
    // What each level reaches in its think time here (the speed section), times the fraction: the same ratio between the levels
    // (games resumed keep the budgets of the run they resume).
    BUDGETS = Object.fromEntries(
      games.map((g) => {
        if (BUDGETS?.[g.id]) return [g.id, BUDGETS[g.id]!];
        const ips = speeds[g.id]!.iterationsPerSecond * fractionOf(g.id);
        return [
          g.id,
          {
            ismcts: Math.max(10, Math.round((ips * LEVELS.ismcts.thinkMs) / 1000)),
            'ismcts-strong': Math.max(10, Math.round((ips * LEVELS['ismcts-strong'].thinkMs) / 1000)),
          },
        ];
      }),
    );
  }
  const fixed = ITERATIONS !== undefined || BUDGETS !== undefined;
  RESUMED = resumed();
  results.iterations = fixed ? Object.fromEntries(games.map((g) => [g.id, iterationsFor(g.id)])) : null;
  // A game kept from resumed runs plays at their budgets: its fraction is the one the first of them stated (where they were measured).
  results.budgetFraction = arg('iterations') === 'measured' ? Object.fromEntries(games.map((g) => [g.id, gameFraction(g.id)])) : null;
  results.pairingFractions = Object.fromEntries(
    games
      .flatMap((g) => PAIRINGS.map((p) => `${g.id}/${p.id}`))
      .map((key) => [key, pairingFraction(key)])
      .filter(([, f]) => f !== undefined),
  );
  const fractionsRun = games
    .filter((g) => !KEPT.has(g.id))
    .map((g) => `${g.id} ${fractionOf(g.id)}`)
    .join(', ');
  const measuredNote = `measured above: ${fractionsRun} of what each level reaches in its think time`;
  const budgets = fixed
    ? `iteration budgets (no clock) a move` +
      String(
        arg('iterations') === 'measured'
          ? ` (${[KEPT.size > 0 ? `${[...KEPT].join(', ')}: those of the run resumed` : '', KEPT.size < games.length ? measuredNote : '']
              .filter(Boolean)
              .join('; others ')})`
          : '',
      ) +
      (`: ` +
        String(
          games
            .map((g) => `${g.id} ismcts ${iterationsFor(g.id)!.ismcts}, ismcts-strong ${iterationsFor(g.id)!['ismcts-strong']}`)
            .join('; '),
        ) +
        Object.entries(results.pairingFractions as Record<string, number>)
          .map(([key, f]) => {
            const pairing = PAIRINGS.find((p) => key.endsWith(`/${p.id}`))!;
            return `; ${key} at its own fraction ${f}: ${JSON.stringify(rowBudgets(key.split('/')[0]!, pairing))}`;
          })
          .join(''))
    : `budgets x${SCALE}: ismcts ${LEVELS.ismcts.thinkMs * SCALE} ms, ismcts-strong ${LEVELS['ismcts-strong'].thinkMs * SCALE} ms a move`;
  out(
    `\n${budgets}${Object.keys(BOT_OPTIONS).length > 0 ? `; bot options tried: ${JSON.stringify(BOT_OPTIONS)}` : ''}` +
      (Object.keys(RESUMED).length > 0
        ? `; resuming ${Object.values(RESUMED).reduce((a, p) => a + Object.keys(p).length, 0)} games played by ${arg('resume')}`
        : '') +
      `.`,
  );
  for (const g of games) {
    think[g.id] = {};
    if (fixed) {
      think[g.id]!.ismcts = thinkTimes(g, 'ismcts', THINK_SEARCHES);
      think[g.id]!['ismcts-strong'] = thinkTimes(g, 'ismcts-strong', STRONG_SEARCHES);
    }
  }

  if (SETTLE_SEARCHES > 0) {
    out(
      `\n## Stopping once settled (searches at ` +
        String(fixed ? "the ismcts level's iteration budget" : `what the ismcts level's ${LEVELS.ismcts.thinkMs} ms reached above`) +
        `, whole and stopping early)\n\n| game | iterations | searches | iterations used | same ` +
        `move |\n|---|---:|---:|---:|---:|`,
    );
    const settle: Record<string, unknown> = {};
    // The tree search's stop: a game whose levels play rollouts (which have none) has no row.
    for (const g of games.filter((x) => !botOf(x.id).rollout)) {
      const iterations =
        iterationsFor(g.id)?.ismcts ?? Math.max(50, Math.round((speeds[g.id]!.iterationsPerSecond * LEVELS.ismcts.thinkMs) / 1000));
      const r = settling(g, iterations, SETTLE_SEARCHES);
      settle[g.id] = { iterations, ...r };
      out(`| ${g.id} | ${iterations} | ${r.searches} | ${pct(r.share)} | ${r.sameMove} / ${r.searches} |`);
    }
    results.settling = settle;
  }

  const pool = new Piscina<GameTask, GameResult>({
    filename: fileURLToPath(new URL('./bots-game.ts', import.meta.url)),
    minThreads: THREADS,
    maxThreads: THREADS,
    execArgv: process.execArgv.some((a) => a.includes('tsx')) ? undefined : ['--import', 'tsx'],
  });
  /** Each game's share of the win by pairing and game index (same index, same seed: two runs compare game by game). */
  const perGame = new Map<string, Record<number, number>>();
  for (const [k, played] of Object.entries(RESUMED))
    perGame.set(k, Object.fromEntries(Object.entries(played).filter(([i]) => Number(i) < capOf(k))));
  /** Milliseconds of play each pairing took in this run (its games' wall time on their threads). */
  const playMs = new Map<string, number>();
  const play = async (g: AnyGame, p: (typeof PAIRINGS)[number], i: number) => {
    const key = `${g.id}/${p.id}`;
    if (perGame.get(key)?.[i] !== undefined) return; // played by the run resumed
    const t0 = performance.now();
    const r = await pool.run({
      game: g.id,
      ...ladderGame(g.id, p, i),
      budgetScale: SCALE,
      iterations: budgetsOf(g.id, p.id),
      botOptions: BOT_OPTIONS[g.id],
    });
    playMs.set(key, (playMs.get(key) ?? 0) + performance.now() - t0);
    const t = perGame.get(key) ?? {};
    t[i] = testedShare(r, i);
    perGame.set(key, t);
    for (const [level, ms] of Object.entries(r.thinkMs) as [BotLevel, number[]][]) {
      if (fixed && (level === 'ismcts' || level === 'ismcts-strong')) continue; // timed apart, with the time budgets
      (think[g.id]![level] ??= []).push(...ms);
    }
  };
  const decisionOf = (g: AnyGame, p: (typeof PAIRINGS)[number]) =>
    sprt(specOf(p), perGame.get(`${g.id}/${p.id}`) ?? {}, capOf(`${g.id}/${p.id}`));
  const strengthOf = () =>
    Object.fromEntries(
      games.flatMap((g) =>
        pairings.map((p) => {
          const key = `${g.id}/${p.id}`;
          const d = decisionOf(g, p);
          const [low, high] = wilson(d.wins, d.games);
          const before = resumedMinutes(key);
          return [
            key,
            {
              game: g.id,
              level: p.level,
              against: p.against,
              levels: [p.level, p.against, p.against, p.against],
              budgets: rowBudgets(g.id, p),
              fraction: fixed && arg('iterations') === 'measured' ? (pairingFraction(key) ?? gameFraction(g.id)) : null,
              games: d.games,
              wins: d.wins,
              rate: d.games > 0 ? d.wins / d.games : null,
              interval: [low, high] as [number, number],
              target: p.target,
              met: d.games > 0 ? p.pass(low, d.wins / d.games) : null,
              sprt: {
                elo0: specOf(p).elo0,
                elo1: specOf(p).elo1,
                p0: d.p0,
                p1: d.p1,
                alpha: SPRT_ALPHA,
                beta: SPRT_BETA,
                llr: d.llr,
                bounds: [d.lower, d.upper] as [number, number],
                cap: capOf(key),
              },
              decision: d.decision,
              played: Object.keys(perGame.get(key) ?? {}).length,
              minutes: before + (playMs.get(key) ?? 0) / 60_000,
              commit: results.commit,
              code: CODES[g.id],
              perGame: perGame.get(key) ?? {},
            },
          ];
        }),
      ),
    );
  /** The games played so far, in bots.json's shape: a run stopped midway resumes from it (`--resume`). */
  const checkpoint = () => {
    if (!fixed) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}bots.partial.json`, `${JSON.stringify({ ...results, partial: true, strength: strengthOf() }, null, 2)}\n`);
  };
  // Stopped (SIGTERM, SIGINT): the games so far, resumable, and bots.json with the pairings decided so far.
  const stop = () => {
    checkpoint();
    if (fixed)
      writeFileSync(
        `${dir}bots.json`,
        `${JSON.stringify({ ...results, partial: true, minutesTaken: (Date.now() - started) / 60_000, strength: strengthOf() }, null, 2)}` +
          `\n`,
      );
    console.error(`${new Date().toISOString()} stopped: ${dir}bots.json and bots.partial.json hold the games so far`);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The ladder: games handed to the threads as they free up, round-robin over the pairings not yet decided, each in index order.
  const deadline = MINUTES !== undefined ? started + MINUTES * 60_000 : Infinity;
  const next = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let turn = 0,
    lastCheckpoint = Date.now();
  /** The games on a thread now, by pairing, and when they started. */
  const started_ = new Map<Promise<void>, { key: string; at: number }>();
  for (;;) {
    const open = games
      .flatMap((g) => pairings.map((p) => ({ g, p, key: `${g.id}/${p.id}` })))
      .filter(({ g, p, key }) => (next.get(key) ?? 0) < capOf(key) && decisionOf(g, p).decision === 'undecided');
    if (open.length === 0 || Date.now() >= deadline) break;
    if (running.size >= THREADS) {
      await Promise.race(running);
      continue;
    }
    // Fair shares of thread time: the pairing that has had the least (its games played, and those on a thread so far) goes next,
    // so cheap pairings are decided while costly ones play.
    const used = (key: string) =>
      resumedMinutes(key) * 60_000 +
      (playMs.get(key) ?? 0) +
      [...started_.values()].filter((x) => x.key === key).reduce((a, x) => a + performance.now() - x.at, 0);
    const shares = open.map((o) => ({ o, used: used(o.key) })); // one clock reading each: compared with themselves only
    const least = Math.min(...shares.map((x) => x.used));
    const fair = shares.filter((x) => x.used === least).map((x) => x.o);
    const { g, p, key } = fair[turn++ % fair.length]!;
    const i = next.get(key) ?? 0;
    next.set(key, i + 1);
    if (perGame.get(key)?.[i] !== undefined) continue; // played by the run resumed
    const task: Promise<void> = play(g, p, i).then(() => {
      running.delete(task);
      started_.delete(task);
      if (Date.now() - lastCheckpoint > 30_000) {
        lastCheckpoint = Date.now();
        checkpoint();
        console.error(`${new Date().toISOString()} ${[...perGame].map(([k, t]) => `${k} ${Object.keys(t).length}`).join(', ')}`);
      }
    });
    running.add(task);
    started_.set(task, { key, at: performance.now() });
  }
  await Promise.all(running);
  checkpoint();
  await pool.destroy();

  const strength = strengthOf();
  out(
    `\n## Strength: the ladder (4 players, seats rotated; SPRT, alpha = beta = ${SPRT_ALPHA}, ` +
      `H0 elo0 = the target's Elo, H1 elo1 = elo0 + ${SPRT_ELO_MARGIN}, at most ${GAMES} games${capsNote})\n`,
  );
  out(renderLadder(Object.values(strength) as LadderRow[]));
  results.strength = strength;

  out(
    `\n## Think time per decision (ms; decisions with a choice` +
      String(fixed ? '; search levels: searches with their time budgets on one thread, from random positions' : '') +
      `)\n\n| game | level | budget | decisions | p50 | p99 | p99 <= budget + 50 ` +
      `|\n|---|---|---:|---:|---:|---:|---|`,
  );
  const times: Record<string, unknown> = {};
  for (const g of games) {
    for (const [level, ms] of Object.entries(think[g.id] ?? {}) as [BotLevel, number[]][]) {
      if (ms.length === 0) continue;
      const sorted = ms.slice().sort((a, b) => a - b);
      const budget = LEVELS[level].thinkMs * SCALE;
      const p50 = percentile(sorted, 50),
        p99 = percentile(sorted, 99);
      times[`${g.id}/${level}`] = { decisions: sorted.length, p50, p99, budget };
      out(
        `| ${g.id} | ${level} | ${budget} | ${sorted.length} | ${p50.toFixed(1)} | ${p99.toFixed(1)}` +
          ` | ${p99 <= budget + 50 ? 'yes' : 'no'} |`,
      );
    }
  }
  results.thinkTime = times;
  results.minutesTaken = (Date.now() - started) / 60_000;
  out(
    `\n${((Date.now() - started) / 60_000).toFixed(1)} min, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the end.`,
  );

  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}bots.md`, `${lines.join('\n')}\n`);
  writeFileSync(`${dir}bots.json`, `${JSON.stringify(results, null, 2)}\n`);
}

await main();
