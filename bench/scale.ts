/**
 * `npm run bench:scale`: the scale test of issue 17. HAProxy (deploy/haproxy/haproxy.cfg, the file
 * compose.yaml mounts; Debian's package, installed when missing) in front of server processes
 * (src/main.ts, WORKERS=1, one port each) on one Postgres; first with live updates through Postgres
 * (no REDIS_URL), then through Redis (REDIS_URL). For each, three phases on fresh games:
 *
 *   one    one process behind the proxy (its three server lines name the same process);
 *   three  three processes;
 *   kill   three processes, one SIGKILLed mid-run (after --kill-after answered moves) and
 *          restarted on its port --down-ms later.
 *
 * Random clients (bench/peer.ts's playGame: GET legal-moves, then POST with expectedVersion, per
 * move) play --games four-player games of La Ville de Demain through the proxy, --concurrency at a
 * time. Each POST carries an Idempotency-Key, so the proxy (and the client, on 502/503/504 or a lost
 * connection) may send it again safely. Every answered move is read back at once through the proxy
 * (GET /games/{id} with the mover's token) and on one of the processes directly, in turn. Live
 * watchers are connected straight to every process: per game and process, an SSE stream and a
 * GraphQL subscription, each as a seat and as a spectator (--watch sets of four; in phase `one`
 * the same watchers all go to the one process).
 *
 * Reported per phase: answered moves all in the log (read from Postgres afterwards), stale reads
 * (a read back older than the answered version), missed / duplicated / out-of-order live updates
 * (every watcher must get every version once, in order), moves/s, POST p50/p99, and three processes
 * against one. The Markdown section goes to stdout and bench/results/scale.md (for BENCHMARKS.md).
 *
 * DATABASE_URL: the Postgres server to use (a scratch database is created and dropped on it);
 * without it, an embedded Postgres. REDIS_URL (default redis://127.0.0.1:6379) for the Redis runs.
 * Flags: --games 32, --concurrency (= games), --watch 1, --only pg,redis, --phases one,three,kill,
 * --kill-after (games × 40 answered moves), --down-ms 1000, --seed 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/store/embedded.js';
import { ensureHaproxy, freePort, startHaproxy, type Haproxy } from '../tests/support/haproxy.js';
import { createGame, percentile, playGame, xorshift, type Answered, type Created, type Send } from './peer.js';
import { gqlWatcher, resumeArgument, sseWatcher, summarize, type Watcher, type WatchSummary } from './scale-watch.js';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const num = (name: string, fallback: number) => Number(flag(name) ?? fallback);
const GAMES = num('games', 32);
const CONCURRENCY = num('concurrency', GAMES);
const WATCH = num('watch', 1);
const MODES = (flag('only') ?? 'pg,redis').split(',') as ('pg' | 'redis')[];
const PHASES = (flag('phases') ?? 'one,three,kill').split(',') as ('one' | 'three' | 'kill')[];
const KILL_AFTER = num('kill-after', GAMES * 40);
const DOWN_MS = num('down-ms', 1000);
const SEED = num('seed', 1);
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const lines: string[] = [];
const out = (s: string) => (lines.push(s), console.log(s));
const log = (s: string) => console.error(s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–';

// ---- server processes ---------------------------------------------------------------------------

interface Proc {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
}

async function startProcess(port: number, env: Record<string, string | undefined>): Promise<Proc> {
  // Metrics on, as shipped, each process on a listener of its own (they share this machine).
  const metrics = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metrics) } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  for (const s of [child.stdout!, child.stderr!]) s.on('data', (d) => (text = (text + d).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  for (
    const until = Date.now() + 120_000;
    !(await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
  ) {
    if (gone || Date.now() > until) throw new Error(`server on ${port} did not start:\n${text}`);
    await sleep(100);
  }
  return { url, child, output: () => text, exited };
}

const stopProcess = async (p: Proc) => {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await p.exited;
};

// ---- the client ---------------------------------------------------------------------------------

interface Stats {
  answered: (Answered & { gameId: string })[];
  staleProxy: number;
  staleDirect: number;
  readsProxy: number;
  readsDirect: number;
  directUnavailable: number;
  clientRetries: number;
  /** The longest wait of any game between two answered moves (ms): the outage a player saw. */
  longestPauseMs: number;
  examples: string[];
}

/**
 * Requests as a careful client sends them: the token, an Idempotency-Key on every move, and the
 * same request again after a 502/503/504 or a lost connection (safe: the key makes a move apply once).
 */
const resilientSend =
  (stats: Stats): Send =>
  async (method, url, token, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined)
      Object.assign(headers, {
        'content-type': 'application/json',
        'idempotency-key': `move-${(body as { expectedVersion: number }).expectedVersion}`,
      });
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }).catch(() => null);
      if (res && ![502, 503, 504].includes(res.status)) {
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : null };
      }
      await res?.arrayBuffer().catch(() => undefined);
      if (attempt >= 40) return { status: res?.status ?? 0, body: null };
      stats.clientRetries++;
      await sleep(Math.min(500, 25 * attempt));
    }
  };

/** GET /games/{id} as the seat; the version it shows, or null when the process did not answer 200. */
async function versionAt(url: string, gameId: string, token: string, stats: Stats): Promise<number | null> {
  const res = await fetch(`${url}/api/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
  if (res?.status === 200) return ((await res.json()) as { version: number }).version;
  // A refused connection (a killed process) says nothing; an answer other than 200 is worth seeing.
  if (res && stats.examples.length < 5)
    stats.examples.push(`${url}/api/v1/games/${gameId} answered ${res.status}: ${(await res.text()).slice(0, 160)}`);
  return null;
}

// ---- one phase ----------------------------------------------------------------------------------

interface PhaseResult {
  label: string;
  processes: number;
  games: number;
  finished: number;
  errors: string[];
  moves: number;
  seconds: number;
  movesPerSec: number;
  postP50: number;
  postP99: number;
  inLog: number;
  notInLog: number;
  stats: Omit<Stats, 'answered' | 'examples'> & { examples: string[] };
  watch: WatchSummary;
  staleLegalMoves: number;
}

const canonical = (v: unknown): string =>
  v && typeof v === 'object'
    ? Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
    : JSON.stringify(v);

/** One phase on the first `n` of `procs` (shared: a restarted process takes its place there). */
async function phase(
  label: string,
  dbUrl: string,
  procs: Proc[],
  n: number,
  proxy: Haproxy,
  resumeArg: string | undefined,
  kill?: { victim: number; restart: () => Promise<Proc> },
): Promise<PhaseResult> {
  log(`(${label}: creating ${GAMES} games)`);
  const games: Created[] = [];
  for (let i = 0; i < GAMES; i++) games.push(await createGame(proxy.url));
  const watchers: Watcher[] = [];
  for (const [g, game] of games.entries()) {
    for (let slot = 0; slot < 3 * WATCH; slot++) {
      const p = slot % n;
      const url = procs[p]!.url;
      watchers.push(sseWatcher(url, game.id, p, game.tokens[g % 4]), sseWatcher(url, game.id, p));
      watchers.push(gqlWatcher(url, game.id, p, resumeArg, game.tokens[(g + 1) % 4]), gqlWatcher(url, game.id, p, resumeArg));
    }
  }
  for (const until = Date.now() + 60_000; watchers.some((w) => !w.ready()); await sleep(50)) {
    if (Date.now() > until)
      throw new Error(`${watchers.filter((w) => !w.ready()).length} of ${watchers.length} watchers never got the game's first state`);
  }
  log(`(${label}: ${watchers.length} watchers connected; playing)`);
  const stats: Stats = {
    answered: [],
    staleProxy: 0,
    staleDirect: 0,
    readsProxy: 0,
    readsDirect: 0,
    directUnavailable: 0,
    clientRetries: 0,
    longestPauseMs: 0,
    examples: [],
  };
  const send = resilientSend(stats);
  const latencies: number[] = [];
  const errors: string[] = [];
  let finished = 0;
  let staleLegalMoves = 0;
  let killed: Promise<void> | undefined;
  let turn = 0;
  const t0 = performance.now();
  const perSlot = Math.ceil(GAMES / CONCURRENCY);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, slot) => {
      const rand = xorshift(SEED * 100_003 + slot);
      for (const g of games.slice(slot * perSlot, (slot + 1) * perSlot)) {
        let lastAt = performance.now();
        const onMove = async (a: Answered) => {
          stats.answered.push({ ...a, gameId: g.id });
          stats.longestPauseMs = Math.max(stats.longestPauseMs, performance.now() - lastAt);
          const token = g.tokens[a.seat]!;
          const viaProxy = await versionAt(proxy.url, g.id, token, stats);
          stats.readsProxy++;
          if (viaProxy === null || viaProxy < a.version) {
            stats.staleProxy++;
            if (stats.examples.length < 5)
              stats.examples.push(`proxy read of ${g.id} showed ${viaProxy} after answered version ${a.version}`);
          }
          const p = turn++ % n;
          const direct = await versionAt(procs[p]!.url, g.id, token, stats);
          if (direct === null) stats.directUnavailable++;
          else {
            stats.readsDirect++;
            if (direct < a.version) {
              stats.staleDirect++;
              if (stats.examples.length < 5)
                stats.examples.push(`process ${p + 1} showed ${g.id} at ${direct} after answered version ${a.version}`);
            }
          }
          lastAt = performance.now();
          if (kill && !killed && stats.answered.length >= KILL_AFTER) {
            log(`(${label}: SIGKILL process ${kill.victim + 1} after ${stats.answered.length} answered moves)`);
            procs[kill.victim]!.child.kill('SIGKILL');
            killed = procs[kill.victim]!.exited.then(() => sleep(DOWN_MS)).then(async () => {
              procs[kill.victim] = await kill.restart();
              log(`(${label}: process ${kill.victim + 1} restarted)`);
            });
          }
        };
        try {
          const r = await playGame(proxy.url, g, rand, latencies, { send, onMove });
          staleLegalMoves += r.stale;
          finished++;
        } catch (err) {
          errors.push(`${g.id}: ${(err as Error).message.slice(0, 200)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await killed;
  // The log, from Postgres: every answered move, as answered.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const ids = games.map((g) => g.id);
  const stored = new Map<string, { seat: number; move: unknown }>();
  for (const r of (await db.query('SELECT game_id, version, seat, move FROM moves WHERE game_id = ANY($1::uuid[])', [ids])).rows)
    stored.set(`${r.game_id}/${r.version}`, { seat: r.seat, move: r.move });
  const finalVersion = new Map<string, number>(
    (await db.query('SELECT id, version FROM games WHERE id = ANY($1::uuid[])', [ids])).rows.map((r) => [r.id, r.version]),
  );
  await db.end();
  let inLog = 0;
  for (const a of stats.answered) {
    const s = stored.get(`${a.gameId}/${a.version}`);
    if (s && s.seat === a.seat && canonical(s.move) === canonical(a.move)) inLog++;
  }
  // Every watcher should reach its game's final version; give the last updates time to arrive.
  for (const until = Date.now() + 30_000; Date.now() < until && watchers.some((w) => w.last() < (finalVersion.get(w.gameId) ?? 0)); )
    await sleep(100);
  const watch = summarize(watchers, finalVersion);
  for (const w of watchers) w.close();
  latencies.sort((a, b) => a - b);
  const { answered: _a, ...rest } = stats;
  return {
    label,
    processes: n,
    games: GAMES,
    finished,
    errors,
    moves: stats.answered.length,
    seconds,
    movesPerSec: stats.answered.length / seconds,
    postP50: percentile(latencies, 50),
    postP99: percentile(latencies, 99),
    inLog,
    notInLog: stats.answered.length - inLog,
    stats: rest,
    watch,
    staleLegalMoves,
  };
}

// ---- a run: one fan-out, its phases ------------------------------------------------------------

async function run(mode: 'pg' | 'redis', adminUrl: string): Promise<PhaseResult[]> {
  const name = `cb_scale_${process.pid}_${mode}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dbUrl = u.toString();
  // As shipped, one process per port. The load comes from one address and one client per seat, so
  // rate limits and the caps on open streams per token and per address are off.
  const env = {
    DATABASE_URL: dbUrl,
    REDIS_URL: mode === 'redis' ? REDIS : '',
    WORKERS: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    LIVE_STREAMS_PER_TOKEN: '0',
    LIVE_STREAMS_PER_ADDRESS: '0',
    DB_POOL_SIZE: '10',
  };
  const ports = await Promise.all([0, 1, 2].map(() => freePort()));
  const procs: Proc[] = [];
  const results: PhaseResult[] = [];
  let proxy: Haproxy | undefined;
  try {
    procs.push(await startProcess(ports[0]!, env)); // the first one migrates the database
    const resumeArg = await resumeArgument(procs[0]!.url);
    log(`(${mode}: GraphQL resume argument: ${resumeArg ?? 'none'})`);
    for (const ph of PHASES) {
      const n = ph === 'one' ? 1 : 3;
      while (procs.length < n) procs.push(await startProcess(ports[procs.length]!, env));
      await proxy?.stop();
      proxy = await startHaproxy(procs.slice(0, n).map((p) => p.url.replace('http://', '')));
      const label = `${mode}/${ph}`;
      const victim = 1;
      const kill = ph === 'kill' ? { victim, restart: () => startProcess(ports[victim]!, env) } : undefined;
      const r = await phase(label, dbUrl, procs, n, proxy, resumeArg, kill);
      results.push(r);
      log(`  ${label}: ${JSON.stringify({ ...r, stats: { ...r.stats, examples: r.stats.examples.slice(0, 2) } })}`);
    }
  } finally {
    await proxy?.stop();
    await Promise.all(procs.map(stopProcess));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
  return results;
}

const redisUp = () =>
  new Promise<boolean>((resolve) => {
    const u = new URL(REDIS);
    const sock = new Socket();
    sock.setTimeout(1000);
    sock.once('connect', () => (sock.destroy(), resolve(true)));
    sock.once('error', () => resolve(false));
    sock.once('timeout', () => (sock.destroy(), resolve(false)));
    sock.connect(Number(u.port || 6379), u.hostname);
  });

function report(all: PhaseResult[]) {
  out(
    '\n| fan-out / phase | processes | games finished | answered moves | in the log | moves/s ' +
      '| POST p50 / p99 ms | longest pause of a game (ms) | stale reads via the proxy | stale ' +
      'reads on a process directly | watchers | missed / duplicated / out-of-order updates | ' +
      "watchers' connection errors |",
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of all) {
    out(
      `| ${r.label} | ${r.processes} | ${r.finished}/${r.games} | ${fmt(r.moves)} | ${fmt(r.inLog)}` +
        ` | ${fmt(r.movesPerSec)} | ${fmt(r.postP50, 1)} / ${fmt(r.postP99, 1)} | ${fmt(r.stats.longestPauseMs)}` +
        ` | ${r.stats.staleProxy} of ${fmt(r.stats.readsProxy)} | ${r.stats.staleDirect} of ${fmt(r.stats.readsDirect)}` +
        `${r.stats.directUnavailable ? ` (${r.stats.directUnavailable} unanswered)` : ''} | ${fmt(r.watch.watchers)}` +
        ` | ${r.watch.missed} / ${r.watch.duplicates} / ${r.watch.outOfOrder} | ${r.watch.reconnects}` +
        ` |`,
    );
  }
  for (const mode of MODES) {
    const one = all.find((r) => r.label === `${mode}/one`);
    const three = all.find((r) => r.label === `${mode}/three`);
    if (one && three)
      out(
        `\n${mode}: three processes against one: ${(three.movesPerSec / one.movesPerSec).toFixed(2)}` +
          `× the moves per second (${fmt(three.movesPerSec)} vs ${fmt(one.movesPerSec)}).`,
      );
  }
  const problems = all.flatMap((r) => [
    ...r.errors.map((e) => `${r.label}: game failed: ${e}`),
    ...r.stats.examples.map((e) => `${r.label}: ${e}`),
    ...(Object.keys(r.watch.incomplete).length
      ? [`${r.label}: watchers that missed updates, by kind: ${JSON.stringify(r.watch.incomplete)}`]
      : []),
  ]);
  if (problems.length)
    out(
      `\n${problems
        .slice(0, 20)
        .map((p) => `- ${p}`)
        .join('\n')}`,
    );
}

async function main() {
  ensureHaproxy(log);
  out(`## Scale-out: HAProxy and three server processes (issue 17), ${new Date().toISOString()}`);
  out(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${fmt(totalmem() / 2 ** 30)} ` +
      `GiB, Node ${process.version}. Command: \`npm run bench:scale -- ${args.join(' ')}\`.`,
  );
  out(
    `${GAMES} four-player La Ville de Demain games per phase, ${CONCURRENCY} at a time, random ` +
      `legal moves (GET legal-moves + POST with expectedVersion and an Idempotency-Key); every ` +
      `answered move read back through the proxy and on one process directly; ${WATCH * 12} live ` +
      `watchers per game (SSE and GraphQL, seat and spectator, on every process). Kill phase: ` +
      `SIGKILL of process 2 after ${KILL_AFTER} answered moves, restarted ${DOWN_MS} ms later.`,
  );
  let adminUrl = process.env.DATABASE_URL;
  let stopDb = async () => {};
  let dir: string | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'cb-scale-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), port: 20_000 + (process.pid % 20_000), persistent: false });
    adminUrl = server.adminUrl;
    stopDb = () => server.stop();
    out('Database: embedded Postgres, default settings.');
  } else out(`Database: ${new URL(adminUrl).host} (DATABASE_URL).`);
  const all: PhaseResult[] = [];
  try {
    for (const mode of MODES) {
      if (mode === 'redis' && !(await redisUp())) {
        out(`\nRedis: nothing answers at ${REDIS}; the Redis runs were not made.`);
        continue;
      }
      all.push(...(await run(mode, adminUrl)));
    }
  } finally {
    await stopDb();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  report(all);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/scale.json', import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), args, results: all }, null, 2)}\n`,
  );
  writeFileSync(new URL('./results/scale.md', import.meta.url), `${lines.join('\n')}\n`);
}

await main();
