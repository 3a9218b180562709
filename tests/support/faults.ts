import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import pg from 'pg';
import { expect } from 'vitest';
import { Rng } from '../../src/engine/index.js';

/** Scale of the fault suite: CI (CI=true) runs the same scenarios with less load. */
export const SCALE = process.env.CI === 'true' ? 0.5 : 1;

/** A free TCP port on 127.0.0.1 (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** One HTTP request on a connection of its own, so the cluster hands successive requests to different workers. */
export function call(port: number, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The PIDs of a process's children, from /proc (Linux). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The postmaster's PID, from its data folder's postmaster.pid. */
export const postmasterPid = (dataDir: string): number => Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);

/** Freezes a Postgres whole (postmaster first, so it forks no more, then every backend), as a hung host would. */
export function freeze(postmaster: number): number[] {
  process.kill(postmaster, 'SIGSTOP');
  const all = [postmaster, ...childrenOf(postmaster)];
  for (const p of all.slice(1)) process.kill(p, 'SIGSTOP');
  return all;
}

export function thaw(pids: number[]): void {
  for (const p of [...pids].reverse()) {
    try {
      process.kill(p, 'SIGCONT');
    } catch {
      // gone meanwhile
    }
  }
}

/** A server process (src/main.ts, as `npm start` runs it) with its output kept for failure messages. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>, port: number, readyMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out = (out + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (out = (out + d).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  for (const until = Date.now() + readyMs; ; ) {
    expect(gone, `the server exited while starting:\n${out}`).toBe(false);
    expect(Date.now() < until, `the server did not become ready:\n${out}`).toBe(true);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return { child, url, output: () => out, exited };
}

interface CreatedGame {
  id: string;
  seats: { token: string }[];
}

/**
 * Players that play random legal moves as fast as they can, each in its own game, until stopped
 * or the server goes away. `acknowledged` keeps, per game, the highest version answered 200.
 */
export function playLoad(url: string, players: number, label: string) {
  const acknowledged = new Map<string, number>();
  const unexpected: string[] = [];
  let stop = false;
  const one = async (k: number) => {
    const c = await fetch(`${url}/api/v1/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] }),
    }).then(
      (r) => (r.status === 201 ? (r.json() as Promise<CreatedGame>) : null),
      () => null,
    );
    if (!c) return;
    acknowledged.set(c.id, 0);
    const rng = Rng.fromSeed(`${label}-${k}`);
    while (!stop) {
      try {
        const g = (await fetch(`${url}/api/v1/games/${c.id}`).then((r) => r.json())) as { status: string; toMove: number[] };
        if (g.status !== 'active') break;
        const token = c.seats[g.toMove[0]!]!.token;
        const { moves } = (await fetch(`${url}/api/v1/games/${c.id}/legal-moves`, { headers: { authorization: `Bearer ${token}` } }).then(
          (r) => r.json(),
        )) as { moves: unknown[] };
        const r = await fetch(`${url}/api/v1/games/${c.id}/moves`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ move: rng.pick(moves) }),
        });
        if (r.status === 200) acknowledged.set(c.id, ((await r.json()) as { version: number }).version);
        else if (r.status !== 503) unexpected.push(`${r.status} ${await r.text()}`);
      } catch {
        break; // the connection died with the server
      }
    }
  };
  const running = Promise.all(Array.from({ length: players }, (_, k) => one(k)));
  return {
    acknowledged,
    unexpected,
    total: () => [...acknowledged.values()].reduce((a, b) => a + b, 0),
    async stop() {
      stop = true;
      await running;
    },
  };
}

/**
 * The log is consistent: per game, the header's version, the number of moves, the highest move
 * version and the events agree, every move has events and no event is orphaned; and no move that
 * was acknowledged is missing.
 */
export async function expectConsistentLog(databaseUrl: string, acknowledged: Map<string, number>): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const games = await c.query<{
      id: string;
      version: number;
      moves: number;
      max: number | null;
      orphan_events: number;
      moves_without_events: number;
    }>(`
      SELECT g.id, g.version,
        (SELECT count(*)::int FROM moves m WHERE m.game_id = g.id) AS moves,
        (SELECT max(version) FROM moves m WHERE m.game_id = g.id) AS max,
        (SELECT count(*)::int FROM events e WHERE e.game_id = g.id AND e.version NOT IN (SELECT version FROM moves m WHERE
          m.game_id = g.id)) AS orphan_events,
        (SELECT count(*)::int FROM moves m WHERE m.game_id = g.id AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = g.id
          AND e.version = m.version)) AS moves_without_events
      FROM games g`);
    const byId = new Map(games.rows.map((g) => [g.id, g]));
    for (const g of games.rows) {
      expect(g.moves, `game ${g.id}: moves vs header`).toBe(g.version);
      expect(g.max ?? 0).toBe(g.version);
      expect(g.orphan_events).toBe(0);
      expect(g.moves_without_events).toBe(0);
    }
    for (const [id, v] of acknowledged) {
      expect(byId.has(id), `acknowledged game ${id} is stored`).toBe(true);
      expect(byId.get(id)!.version, `game ${id}: every acknowledged move is stored`).toBeGreaterThanOrEqual(v);
    }
    return games.rows.length;
  } finally {
    await c.end();
  }
}
