import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { call } from '../support/faults.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls until `f` is truthy (or fails the test after `ms`). */
async function until<T>(f: () => T | undefined | false, ms: number, what: string): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = f();
    if (v) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The real entry point (src/main.ts) with WORKERS=2: two server processes on one port under a
 * primary, sharing one database, each with its own cache, checked against the stored version on
 * every read.
 */
describe('WORKERS=2: one port, two server processes (end-to-end)', () => {
  let db: TestDatabase;
  let child: ChildProcessWithoutNullStreams;
  let port = 0;
  const lines: Record<string, any>[] = [];
  let exit: Promise<number | null>;

  beforeAll(async () => {
    db = await createTestDatabase();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        WORKERS: '2',
        DATABASE_URL: db.url,
        PORT: '0',
        HOST: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const parts = buf.split('\n');
      buf = parts.pop()!;
      for (const l of parts) if (l.startsWith('{')) lines.push(JSON.parse(l));
    });
    child.stderr.resume();
    const ready = await until(() => lines.find((l) => l.role === 'primary' && l.msg === 'listening'), 90_000, 'the cluster to listen');
    port = ready.port;
  });
  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await db?.drop();
  });

  const workerPids = () => {
    const live = new Map<number, number>(); // worker id -> pid
    for (const l of lines) if (l.role === 'primary' && l.msg === 'worker listening') live.set(l.worker, l.workerPid);
    for (const l of lines) if (l.role === 'primary' && l.msg === 'worker died; starting another') live.delete(l.worker);
    return [...live.values()];
  };

  it(
    'a whole 4-player game, every request on a new connection (so the two workers alternate): ' + "reads see the other worker's moves",
    async () => {
      expect(workerPids()).toHaveLength(2);
      const c = await call(port, 'POST', '/api/v1/games', undefined, {
        type: 'ville-de-demain',
        seed: 'cluster',
        players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }],
      });
      expect(c.status).toBe(201);
      const tokens: string[] = c.body.seats.map((s: { token: string }) => s.token);
      const rng = Rng.fromSeed('cluster-choices');
      let version = 0;
      let toMove: number[] = c.body.toMove;
      let moves = 0;
      for (let status = 'active'; status === 'active'; ) {
        const seat = toMove[0]!;
        const legal = await call(port, 'GET', `/api/v1/games/${c.body.id}/legal-moves?include=view`, tokens[seat]);
        expect(legal.status).toBe(200);
        expect(legal.body.view).toBeTypeOf('object');
        // Right after the other worker answered the move: this read sees it (never a stale version).
        expect(legal.body.version).toBe(version);
        const r = await call(port, 'POST', `/api/v1/games/${c.body.id}/moves`, tokens[seat], {
          move: rng.pick(legal.body.moves),
          expectedVersion: version,
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.version).toBe(version + 1);
        version = r.body.version;
        toMove = r.body.toMove;
        status = r.body.status;
        moves++;
      }
      expect(moves).toBeGreaterThan(100);
      const g = await call(port, 'GET', `/api/v1/games/${c.body.id}`);
      expect(g.body).toMatchObject({ version, status: 'finished' });
      const pgc = new pg.Client({ connectionString: db.url });
      await pgc.connect();
      const { rows } = await pgc.query<{ n: number }>('SELECT count(*)::int AS n FROM moves WHERE game_id = $1', [c.body.id]);
      await pgc.end();
      expect(rows[0]!.n).toBe(version);
    },
  );

  it('a worker that dies is replaced, and the port keeps serving', async () => {
    const [victim] = workerPids();
    process.kill(victim!, 'SIGKILL');
    await until(
      () => lines.some((l) => l.msg === 'worker died; starting another' && l.workerPid === victim),
      10_000,
      'the primary to see the death',
    );
    const pids = await until(() => (workerPids().length === 2 ? workerPids() : undefined), 90_000, 'a new worker');
    expect(pids).not.toContain(victim);
    expect(alive(victim!)).toBe(false);
    for (let i = 0; i < 6; i++) expect((await call(port, 'GET', '/api/v1/game-types')).status).toBe(200);
  });

  it('SIGTERM drains both workers under load: the primary exits 0, no worker outlives it, nothing acknowledged is lost', async () => {
    const pids = workerPids();
    const acknowledged = new Map<string, number>();
    let stop = false;
    const unexpected: string[] = [];
    const player = async (k: number) => {
      const c = await call(port, 'POST', '/api/v1/games', undefined, {
        type: 'ville-de-demain',
        players: [{ name: 'a' }, { name: 'b' }],
      }).catch(() => null);
      if (!c || c.status !== 201) return;
      const rng = Rng.fromSeed(`drain-${k}`);
      let toMove: number[] = c.body.toMove;
      while (!stop) {
        try {
          const token = c.body.seats[toMove[0]!].token;
          const legal = await call(port, 'GET', `/api/v1/games/${c.body.id}/legal-moves`, token);
          if (legal.status !== 200) break;
          const r = await call(port, 'POST', `/api/v1/games/${c.body.id}/moves?include=legalMoves`, token, {
            move: rng.pick(legal.body.moves),
          });
          if (r.status === 200) {
            acknowledged.set(c.body.id, r.body.version);
            if (r.body.status !== 'active') break;
            toMove = r.body.toMove;
          } else if (![409, 422, 503].includes(r.status)) unexpected.push(`${r.status} ${JSON.stringify(r.body)}`);
        } catch {
          break; // connection refused or reset: the server is shutting down
        }
      }
    };
    const players = Array.from({ length: 6 }, (_, k) => player(k));
    await until(() => [...acknowledged.values()].reduce((a, b) => a + b, 0) >= 30, 60_000, 'some moves');
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    stop = true;
    await Promise.all(players);
    expect(unexpected).toEqual([]);
    for (const pid of pids) expect(alive(pid), `worker ${pid}`).toBe(false);
    expect(lines.filter((l) => l.msg === 'closed' && l.role !== 'primary')).toHaveLength(2);
    const pgc = new pg.Client({ connectionString: db.url });
    await pgc.connect();
    const { rows } = await pgc.query<{ id: string; version: number; moves: number }>(
      'SELECT g.id, g.version, (SELECT count(*)::int FROM moves m WHERE m.game_id = g.id) AS moves FROM games g',
    );
    await pgc.end();
    for (const g of rows) {
      expect(g.moves).toBe(g.version);
      expect(g.version).toBeGreaterThanOrEqual(acknowledged.get(g.id) ?? 0);
    }
  });
});
