import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/store/embedded.js';
import { createTestDatabase } from '../support/db.js';
import { expectConsistentLog, freePort, playLoad, postmasterPid, SCALE, sleep, startServerProcess } from '../support/faults.js';

/** Whether a process runs: a zombie (exited, not yet reaped by whoever adopted it) does not. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false; // gone between the two looks
  }
};

/**
 * A server process killed with SIGKILL in the middle of a load (no shutdown of any kind): every
 * move it acknowledged is stored, the log is consistent (no half-written move), and a new process
 * starts cleanly on the same database and serves the games. With the embedded Postgres, the
 * killed server's Postgres outlives it and still holds the data folder: the next start stops it
 * and starts its own.
 */
describe('faults: SIGKILL of a server process under load', () => {
  const killUnderLoad = async (env: Record<string, string>, label: string) => {
    const port = await freePort();
    const first = await startServerProcess(env, port);
    const load = playLoad(first.url, Math.max(2, Math.round(6 * SCALE)), label);
    for (const until = Date.now() + 60_000; load.total() < 30 * SCALE && Date.now() < until; ) await sleep(50);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull(); // killed: no exit code
    await load.stop();
    expect(load.unexpected, first.output()).toEqual([]);
    expect(load.total(), 'moves were acknowledged before the kill').toBeGreaterThan(0);
    return { port, load, first };
  };

  const restartAndServe = async (env: Record<string, string>, port: number, acknowledged: Map<string, number>) => {
    const second = await startServerProcess(env, port);
    for (const [id, v] of acknowledged) {
      const r = await fetch(`${second.url}/api/v1/games/${id}`);
      expect(r.status, second.output()).toBe(200);
      expect(((await r.json()) as { version: number }).version).toBeGreaterThanOrEqual(v);
    }
    // It plays on.
    const more = playLoad(second.url, 1, 'after-restart');
    for (const until = Date.now() + 30_000; more.total() < 3 && Date.now() < until; ) await sleep(50);
    await more.stop();
    expect(more.unexpected).toEqual([]);
    expect(more.total()).toBeGreaterThanOrEqual(3);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
    return second;
  };

  it('external Postgres: acknowledged moves all present, log consistent, restart clean', async () => {
    const db = await createTestDatabase();
    try {
      const env = { DATABASE_URL: db.url };
      const { port, load } = await killUnderLoad(env, 'kill-external');
      await expectConsistentLog(db.url, load.acknowledged);
      await restartAndServe(env, port, load.acknowledged);
      await expectConsistentLog(db.url, load.acknowledged);
    } finally {
      await db.drop();
    }
  });

  it(
    'embedded Postgres: the leftover Postgres of the killed server is found and stopped, the ' +
      'next start is clean, nothing acknowledged is lost',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cb-faults-embedded-'));
      const dataDir = join(dir, 'pg');
      const pgPort = await freePort();
      const env = { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
      const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/citybuilder`;
      try {
        const { port, load } = await killUnderLoad(env, 'kill-embedded');
        const leftover = postmasterPid(dataDir);
        expect(alive(leftover), "the killed server's Postgres outlived it").toBe(true);
        await expectConsistentLog(dbUrl, load.acknowledged);
        const second = await restartAndServe(env, port, load.acknowledged);
        expect(alive(leftover), `the leftover Postgres was stopped\n${second.output()}`).toBe(false);
        // The second server stopped its own Postgres on SIGTERM: the folder is free again.
        const check = await startEmbeddedPostgres({ dataDir, port: pgPort, persistent: true });
        try {
          await expectConsistentLog(dbUrl, load.acknowledged);
        } finally {
          await check.stop();
        }
      } finally {
        // If the test failed half-way, a Postgres of this folder may still run: stop it before removing the folder.
        try {
          const pid = postmasterPid(dataDir);
          if (alive(pid)) process.kill(pid, 'SIGKILL');
        } catch {
          // no postmaster.pid: nothing runs
        }
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('a data folder that is not an embedded Postgres cluster is refused with a clear message, and left untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-faults-foreign-'));
    try {
      mkdirSync(join(dir, 'data'));
      writeFileSync(join(dir, 'data', 'notes.txt'), "someone else's files");
      await expect(startEmbeddedPostgres({ dataDir: join(dir, 'data'), port: await freePort(), persistent: true })).rejects.toThrow(
        /not empty and holds no Postgres cluster.*belongs to something else/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
