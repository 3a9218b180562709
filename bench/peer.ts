/**
 * The peer comparison (issue 14): complete 4-player games of La Ville de Demain with random clients,
 * K = 1 and 16 games at a time, against this service and against boardgame.io 0.50.2 +
 * bgio-postgres (the harness in ../shared/peers/boardgame-io, run from a scratch copy), and
 * pgbench's version-bump + event-insert transaction on the same Postgres, all in one run.
 *
 * The service's client does per move what the peer's README specifies for its own: the seat that
 * must act reads its legal moves (GET legal-moves with its token), picks one uniformly at random
 * (seeded xorshift), and sends it (POST /moves with expectedVersion); the answer's toMove names the
 * next seat. A POST is answered after its commit, so its latency is the durable latency.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { cpSync, existsSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface LoopResult {
  K: number;
  games: number;
  moves: number;
  seconds: number;
  gamesPerSec: number;
  movesPerSec: number;
  postP50: number;
  postP99: number;
  gets: number;
  staleReads: number;
}

export function xorshift(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

const json = async (res: Response) => {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

/**
 * How the client holds its connections: 'pool' (one shared pool, global fetch: any request on any
 * connection) or 'seat' (one keep-alive connection per player, as the boardgame.io harness holds
 * one socket per player: with several workers, each player talks to one of them).
 */
export type Connections = 'pool' | 'seat';

export type Send = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => Promise<{ status: number; body: any }>;

export const viaFetch: Send = async (method, url, token, body) =>
  json(
    await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

/** One keep-alive connection (node:http, one socket): requests go out one after another on it. */
function viaConnection(): { send: Send; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send: Send = (method, url, token, body) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        url,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(data === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { send, close: () => agent.destroy() };
}

export interface Created {
  id: string;
  tokens: string[];
  toMove: number[];
}

export async function createGame(base: string, players = 4): Promise<Created> {
  const r = await json(
    await fetch(`${base}/api/v1/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ville-de-demain', players: Array.from({ length: players }, (_, i) => ({ name: `bot${i}` })) }),
    }),
  );
  if (r.status !== 201 && r.status !== 200) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id, tokens: r.body.seats.map((s: { token: string }) => s.token), toMove: r.body.toMove };
}

/** A move the service answered 200, as the client saw it. */
export interface Answered {
  version: number;
  seat: number;
  move: unknown;
}

export interface PlayOptions {
  oneRequest?: boolean;
  connections?: Connections;
  /** How requests are sent (default: `connections`); bench/scale.ts adds retries and keys. */
  send?: Send;
  /** Called after each answered move, before the next request (bench/scale.ts reads it back). */
  onMove?: (answered: Answered) => Promise<void>;
}

/**
 * Plays one game to its end. `oneRequest`: POST with ?include=legalMoves and GET legal moves only
 * when the seat to act changes (the loop docs/api.md describes).
 */
export async function playGame(base: string, g: Created, rand: () => number, latencies: number[], opts: PlayOptions = {}) {
  const conns = !opts.send && opts.connections === 'seat' ? g.tokens.map(() => viaConnection()) : null;
  const given = opts.send;
  try {
    return await play(
      base,
      g,
      rand,
      latencies,
      opts.oneRequest ?? false,
      given ? () => given : conns ? (seat) => conns[seat]!.send : () => viaFetch,
      opts.onMove,
    );
  } finally {
    for (const c of conns ?? []) c.close();
  }
}

async function play(
  base: string,
  g: Created,
  rand: () => number,
  latencies: number[],
  oneRequest: boolean,
  sender: (seat: number) => Send,
  onMove?: PlayOptions['onMove'],
) {
  let version = 0;
  let toMove = g.toMove;
  let moves = 0;
  let gets = 0;
  let stale = 0;
  let next: { seat: number; moves: unknown[] } | null = null;
  for (;;) {
    const seat = toMove[0]!;
    const token = g.tokens[seat]!;
    const send = sender(seat);
    let legal: unknown[];
    if (next && next.seat === seat) legal = next.moves;
    else {
      gets++;
      const r = await send('GET', `${base}/api/v1/games/${g.id}/legal-moves`, token);
      if (r.status !== 200) throw new Error(`legal-moves: ${r.status} ${JSON.stringify(r.body)}`);
      if (r.body.version !== version || r.body.moves.length === 0) {
        stale++; // a read that has not seen the last commit yet: ask again
        if (stale > 10_000) throw new Error('reads never caught up');
        continue;
      }
      legal = r.body.moves;
    }
    const move = legal[Math.floor(rand() * legal.length)];
    const t = performance.now();
    const r = await send('POST', `${base}/api/v1/games/${g.id}/moves${oneRequest ? '?include=legalMoves' : ''}`, token, {
      move,
      expectedVersion: version,
    });
    latencies.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`move: ${r.status} ${JSON.stringify(r.body)}`);
    moves++;
    version = r.body.version;
    toMove = r.body.toMove;
    await onMove?.({ version, seat, move });
    next = oneRequest ? { seat, moves: r.body.legalMoves } : null;
    if (r.body.status !== 'active') return { moves, gets, stale };
  }
}

/** K slots playing `games` games (created beforehand, not timed) back to back. */
export async function serviceLoop(
  base: string,
  K: number,
  games: number,
  seed: number,
  opts: { oneRequest?: boolean; connections?: Connections } = {},
): Promise<LoopResult> {
  const perSlot = Math.max(1, Math.ceil(games / K));
  const created: Created[] = [];
  for (let i = 0; i < perSlot * K; i++) created.push(await createGame(base));
  const latencies: number[] = [];
  let moves = 0;
  let gets = 0;
  let stale = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: K }, async (_, slot) => {
      const rand = xorshift(seed * 100_003 + K * 1009 + slot);
      for (let i = 0; i < perSlot; i++) {
        const r = await playGame(base, created[slot * perSlot + i]!, rand, latencies, opts);
        moves += r.moves;
        gets += r.gets;
        stale += r.stale;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    K,
    games: created.length,
    moves,
    seconds,
    gamesPerSec: created.length / seconds,
    movesPerSec: moves / seconds,
    postP50: percentile(latencies, 50),
    postP99: percentile(latencies, 99),
    gets,
    staleReads: stale,
  };
}

// ---- boardgame.io -----------------------------------------------------------------------------

export interface PeerRow {
  K: number;
  completed: string;
  moves: number;
  movesPerSec: number;
  gamesPerSec: number;
  p50: number;
  p99: number;
  durableP50: number;
  durableP99: number;
}

/** ../shared/peers/boardgame-io beside the checkout (or beside the folder of worktrees); PEER_DIR overrides. */
export const PEER_DIR =
  process.env.PEER_DIR ??
  ['../shared/peers/boardgame-io/', '../../shared/peers/boardgame-io/']
    .map((rel) => new URL(rel, new URL('..', import.meta.url)).pathname)
    .find((d) => existsSync(join(d, 'bench.js'))) ??
  new URL('../shared/peers/boardgame-io/', new URL('..', import.meta.url)).pathname;

/**
 * Runs the boardgame.io harness from a scratch copy (the shared folder may be read-only):
 * `npm ci` there once, then `node bench.js 1 16 --no-pgbench` against `dbUrl`. Returns its
 * summary rows, or null when the harness is absent.
 */
export function runPeer(dbUrl: string, games: number, log: (s: string) => void): { rows: PeerRow[]; output: string } | null {
  if (!existsSync(join(PEER_DIR, 'bench.js'))) return null;
  const dir = join(tmpdir(), 'cb-bench-bgio');
  if (!existsSync(join(dir, 'node_modules', 'boardgame.io'))) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(PEER_DIR, dir, { recursive: true });
    log(`(peer harness copied to ${dir}; npm ci there)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  }
  const r = spawnSync(process.execPath, ['bench.js', '1', '16', '--no-pgbench', '--games', String(games), '--db', dbUrl], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${r.stdout}${r.stderr}`;
  if (r.status !== 0) throw new Error(`the boardgame.io harness failed (${r.status}):\n${output.slice(-3000)}`);
  const rows: PeerRow[] = [];
  for (const line of output.split('\n')) {
    const m = /^\| (\d+) \| (\d+\/\d+) \| (\d+) \| ([\d.]+) \| [\d.]+ \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|/.exec(
      line,
    );
    if (m)
      rows.push({
        K: Number(m[1]),
        completed: m[2]!,
        moves: Number(m[3]),
        movesPerSec: Number(m[4]),
        gamesPerSec: Number(m[5]),
        p50: Number(m[6]),
        p99: Number(m[7]),
        durableP50: Number(m[8]),
        durableP99: Number(m[9]),
      });
  }
  return { rows, output };
}

// ---- the floor --------------------------------------------------------------------------------

/** ../shared/peers/floor: a do-nothing Fastify + pg server with this service's API shape; FLOOR_DIR overrides. */
export const FLOOR_DIR =
  process.env.FLOOR_DIR ??
  ['../shared/peers/floor/', '../../shared/peers/floor/']
    .map((rel) => new URL(rel, new URL('..', import.meta.url)).pathname)
    .find((d) => existsSync(join(d, 'server.mjs'))) ??
  new URL('../shared/peers/floor/', new URL('..', import.meta.url)).pathname;

/**
 * Starts the floor from a scratch copy (`npm ci` there once) on its own database, in its own
 * process; null when it is absent. The bench's client plays it exactly as it plays the service.
 */
export async function startFloor(
  dbUrl: string,
  log: (s: string) => void,
  opts: { checked?: boolean } = {},
): Promise<{ base: string; stop(): Promise<void> } | null> {
  if (!existsSync(join(FLOOR_DIR, 'server.mjs'))) return null;
  const dir = join(tmpdir(), 'cb-bench-floor');
  if (!existsSync(join(dir, 'node_modules', 'fastify'))) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(FLOOR_DIR, dir, { recursive: true });
    log(`(floor copied to ${dir}; npm ci there)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  }
  const port = 41_000 + (process.pid % 10_000);
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: dir,
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), ...(opts.checked ? { CHECKED: '1' } : {}) },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    !(await fetch(`${base}/api/v1/games/x/legal-moves`).then(
      () => true,
      () => false,
    ));
    i++
  ) {
    if (i > 300) throw new Error('the floor did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---- pgbench ----------------------------------------------------------------------------------

/** The peer README's pgbench transaction: bump a game's version, insert one event row. */
export async function pgbench(dbUrl: string, clients: number, seconds: number): Promise<{ tps: number; latency: number } | null> {
  if (spawnSync('pgbench', ['--version']).status !== 0) return null;
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query('CREATE TABLE IF NOT EXISTS pgb_game (id int PRIMARY KEY, version bigint NOT NULL)');
  await c.query(
    'CREATE TABLE IF NOT EXISTS pgb_event (game_id int NOT NULL, version bigint NOT NULL, ' +
      'payload jsonb NOT NULL, PRIMARY KEY (game_id, version))',
  );
  await c.query('TRUNCATE pgb_game, pgb_event');
  await c.query('INSERT INTO pgb_game SELECT g, 0 FROM generate_series(1, 1000) g');
  await c.query('VACUUM ANALYZE pgb_game, pgb_event');
  await c.end();
  const dir = join(tmpdir(), `cb-pgbench-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'tx.sql');
  writeFileSync(
    script,
    [
      '\\set g random(1, 1000)',
      'BEGIN;',
      'UPDATE pgb_game SET version = version + 1 WHERE id = :g RETURNING version \\gset',
      `INSERT INTO pgb_event (game_id, version, payload) VALUES (:g, :version, '{"type":"draw","args":[2],"playerID":"1"}');`,
      'COMMIT;',
      '',
    ].join('\n'),
  );
  const u = new URL(dbUrl);
  const r = spawnSync(
    'pgbench',
    [
      '-n',
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username),
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, cpus().length)),
      '-T',
      String(seconds),
      '-f',
      script,
      u.pathname.slice(1),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
    },
  );
  rmSync(dir, { recursive: true, force: true });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(r.stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench failed: ${r.stdout}${r.stderr}`);
  return { tps, latency };
}
