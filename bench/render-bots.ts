/**
 * The bots' ladder as a table, from bench/results/bots.json (written by bench/bots.ts, committed):
 * `npx tsx bench/render-bots.ts` prints it and writes it into BENCHMARKS.md between the markers
 * `<!-- bots-ladder:start -->` and `<!-- bots-ladder:end -->` (`--check`: only says whether the
 * file shows what the JSON holds, exit 1 when not). `--json <path>` reads another results file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface LadderRow {
  game: string;
  level: string;
  against: string;
  budgets: Record<string, number | null>;
  games: number;
  wins: number;
  rate: number | null;
  interval: [number, number];
  target: string;
  met: boolean | null;
  sprt: {
    elo0: number;
    elo1: number;
    p0: number;
    p1: number;
    alpha: number;
    beta: number;
    llr: number;
    bounds: [number, number];
    cap: number;
  };
  decision: 'H1' | 'H0' | 'undecided';
  played: number;
  minutes: number;
  commit: string;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const budget = (r: LadderRow, level: string) =>
  r.budgets[level] === null || r.budgets[level] === undefined
    ? level === 'random' || level === 'greedy'
      ? '-'
      : 'time'
    : String(r.budgets[level]);

/** What a decision means for the pairing's target. */
const verdict = (r: LadderRow): string =>
  r.decision === 'H1'
    ? 'target met (H1)'
    : r.decision === 'H0'
      ? 'target not met (H0)'
      : r.played >= r.sprt.cap
        ? `undecided at the cap (${r.sprt.cap})`
        : 'undecided (under its cap: a resumed run plays on)';

export function renderLadder(rows: LadderRow[]): string {
  const head =
    '| game | level (budget) | against (budget) | games | wins | 95 % interval | target | SPRT ' +
    'H0 / H1 win rate | LLR (bounds) | decision | minutes of play ' +
    '|\n|---|---|---|---:|---:|---|---|---|---|---|---:|';
  const body = rows.map(
    (r) =>
      `| ${r.game} | ${r.level} (${budget(r, r.level)}) | 3 ${r.against} (${budget(r, r.against)}` +
      `) | ${r.games}${r.played > r.games ? ` (+${r.played - r.games} after the decision)` : ''} ` +
      `| ${r.games > 0 ? pct(r.wins / r.games) : '-'} | ${r.games > 0 ? `${pct(r.interval[0])} - ${pct(r.interval[1])}` : '-'}` +
      ` | ${r.target} | ${pct(r.sprt.p0)} / ${pct(r.sprt.p1)} | ${r.sprt.llr.toFixed(2)} (${r.sprt.bounds[0].toFixed(2)}` +
      `, ${r.sprt.bounds[1].toFixed(2)}) | ${verdict(r)} | ${r.minutes.toFixed(1)} |`,
  );
  return [head, ...body].join('\n');
}

const START = '<!-- bots-ladder:start -->';
const END = '<!-- bots-ladder:end -->';

/** The budgets' fraction: one figure, or one a game. */
const fractions = (f: number | Record<string, number>): string =>
  typeof f === 'number'
    ? String(f)
    : Object.entries(f)
        .map(([game, x]) => `${game} ${x}`)
        .join(', ');

/**
 * The earlier sittings a run kept the games of (`--resume`): how many (a run joined twice, as its partial
 * file and its last, counted once: the same minute and commit), from when to when, and their commits,
 * each once in the order first seen.
 */
const sittings = (r: { date?: string; commit?: string }[]): string => {
  const seen = [...new Map(r.map((x) => [`${x.date?.slice(0, 16) ?? '?'} ${x.commit ?? '?'}`, x])).values()];
  const dates = seen.map((x) => x.date?.slice(0, 16) ?? '?').sort();
  const commits = [...new Set(seen.map((x) => x.commit ?? '?'))];
  const span = dates.length > 1 ? `${dates[0]} to ${dates.at(-1)}` : dates[0];
  return (
    `the games of ${seen.length} sitting${seen.length > 1 ? 's' : ''} joined by \`--resume\` (${span}; ` +
    `commit${commits.length > 1 ? 's' : ''} ${commits.join(', ')}), written by the run that joined them`
  );
};

/** Each game's own digest (its games are kept by a resumed run while it is unchanged). */
const codes = (c: Record<string, string> | undefined): string =>
  c
    ? ` (by game: ${Object.entries(c)
        .map(([game, d]) => `${game} ${d}`)
        .join(', ')})`
    : '';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--json');
  const jsonPath = at >= 0 ? args[at + 1]! : fileURLToPath(new URL('./results/bots.json', import.meta.url));
  const data = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
    date: string;
    commit?: string;
    code: string;
    codes?: Record<string, string>;
    partial?: boolean;
    resumedFrom?: { date?: string; commit?: string }[];
    machine: { cpus: number; model?: string };
    threads: number;
    iterations: Record<string, Record<string, number>> | null;
    budgetFraction?: number | Record<string, number> | null;
    pairingFractions?: Record<string, number>;
    strength: Record<string, LadderRow>;
  };
  const rows = Object.values(data.strength).filter((r) => r.sprt);
  const whence = data.resumedFrom?.length
    ? sittings(data.resumedFrom)
    : data.partial
      ? 'a run stopped before its end, resumable'
      : 'a whole run';
  const intro =
    `From bench/results/bots.json (${whence}` +
    `; ${data.date}, commit ${data.commit ?? '?'}, bots' code digest ${data.code}${codes(data.codes)}, ${data.machine.cpus}` +
    (` cores, ${data.threads} game threads` +
      String(
        data.budgetFraction ? `, budgets ${fractions(data.budgetFraction)} of what each level reached in its think time in that run` : '',
      ) +
      String(
        Object.keys(data.pairingFractions ?? {}).length > 0
          ? `, and pairings at a fraction of their own: ${fractions(data.pairingFractions!)}`
          : '',
      )) +
    `); rendered by \`npx tsx bench/render-bots.ts\`.`;
  const table = `${START}\n${intro}\n\n${renderLadder(rows)}\n${END}`;
  const mdPath = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
  const md = readFileSync(mdPath, 'utf8');
  const from = md.indexOf(START),
    to = md.indexOf(END);
  if (from < 0 || to < 0) throw new Error(`BENCHMARKS.md has no ${START} ... ${END} markers`);
  const next = md.slice(0, from) + table + md.slice(to + END.length);
  if (args.includes('--check')) {
    console.log(next === md ? 'BENCHMARKS.md shows bots.json' : 'BENCHMARKS.md differs from bots.json: run npx tsx bench/render-bots.ts');
    process.exit(next === md ? 0 : 1);
  }
  writeFileSync(mdPath, next);
  console.log(table);
}
