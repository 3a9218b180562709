import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, sleep } from '../support/faults.js';

/**
 * Two servers on one machine, as a newcomer starts them (`npm start`, no DATABASE_URL: each with an
 * embedded Postgres in its DATA_DIR): a second server given the first one's DATA_DIR, its
 * EMBEDDED_PG_PORT or its METRICS_PORT refuses in one line and leaves the first alone (it answers
 * /readyz 200 throughout); one given its own serves beside it. Ctrl-C (SIGINT to the process group,
 * as a terminal sends it) stops a server and then its Postgres, within 5 s, with no error-level line.
 */
const root = new URL('../../', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');

interface Proc {
  child: ChildProcess;
  output(): string;
  /** The exit code; npm itself, given the terminal's SIGINT too, ends by that signal once its script has exited. */
  exited: Promise<number | string | null>;
}

/** A server in a process group of its own, as a terminal's job: `npm start`, or what it runs (tsx src/main.ts). */
function start(env: Record<string, string>, how: 'npm' | 'tsx'): Proc {
  const [cmd, args] = how === 'npm' ? ['npm', ['start', '--silent']] : [tsx, ['src/main.ts']];
  const child = spawn(cmd, args as string[], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      NOTIFICATIONS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child, output: () => out, exited };
}

const ready = async (port: number, proc: Proc) => {
  await expect
    .poll(
      async () => {
        expect(proc.child.exitCode, proc.output()).toBeNull();
        return fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(200);
};

/** The lines a refused start printed, but the one that says where the embedded Postgres starts. */
const refusalLines = (out: string) =>
  out.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('no DATABASE_URL: starting an embedded Postgres'));

/** Whether a process runs (a zombie does not). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** SIGINT to the whole process group, as Ctrl-C in a terminal; the time until the group's leader exits. */
const ctrlC = async (proc: Proc) => {
  const t0 = Date.now();
  process.kill(-proc.child.pid!, 'SIGINT');
  const code = await proc.exited;
  return { code, ms: Date.now() - t0 };
};

/** No error-level (or fatal) log line, no trace of the database closing under the server. */
const expectCleanShutdown = (out: string) => {
  const levels = out.split('\n').flatMap((l) => {
    try {
      return [(JSON.parse(l) as { level?: number }).level ?? 0];
    } catch {
      return [];
    }
  });
  expect(
    levels.filter((l) => l >= 50),
    out,
  ).toEqual([]);
  expect(out).not.toMatch(/terminating connection|killed by timeout|\n\s+at /);
  expect(out).toMatch(/"msg":"closed"/);
};

describe('faults: two servers on one machine, and Ctrl-C', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cb-two-servers-'));
  const started: Proc[] = [];
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) process.kill(-p.child.pid!, 'SIGKILL');
    for (const d of ['a', 'b']) {
      const pidFile = join(dir, d, 'postmaster.pid');
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('a second server refuses in one line or serves, the first answers /readyz 200 throughout, ' +
    'and Ctrl-C stops each within 5 s with no error line', async () => {
    const [port1, pg1, metrics1] = [await freePort(), await freePort(), await freePort()];
    const first = start(
      { PORT: String(port1), DATA_DIR: join(dir, 'a'), EMBEDDED_PG_PORT: String(pg1), METRICS_PORT: String(metrics1) },
      'npm',
    );
    started.push(first);
    await ready(port1, first);

    // The first server's readiness, polled all along.
    const statuses: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        statuses.push(
          await fetch(`http://127.0.0.1:${port1}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        );
        await sleep(100);
      }
    })();

    // The same DATA_DIR (and EMBEDDED_PG_PORT): its Postgres belongs to a live server.
    const [port2, metrics2] = [await freePort(), await freePort()];
    const sameDir = start(
      { PORT: String(port2), DATA_DIR: join(dir, 'a'), EMBEDDED_PG_PORT: String(pg1), METRICS_PORT: String(metrics2) },
      'tsx',
    );
    started.push(sameDir);
    expect(await sameDir.exited, sameDir.output()).toBe(1);
    expect(refusalLines(sameDir.output()), sameDir.output()).toEqual([
      expect.stringMatching(/^citybuilder: cannot start: DATA_DIR .* belongs to a running server .*EMBEDDED_PG_PORT/),
    ]);

    // Another DATA_DIR but the first one's EMBEDDED_PG_PORT.
    const samePgPort = start(
      { PORT: String(port2), DATA_DIR: join(dir, 'b'), EMBEDDED_PG_PORT: String(pg1), METRICS_PORT: String(metrics2) },
      'tsx',
    );
    started.push(samePgPort);
    expect(await samePgPort.exited, samePgPort.output()).toBe(1);
    expect(refusalLines(samePgPort.output()), samePgPort.output()).toEqual([
      expect.stringMatching(/^citybuilder: cannot start: EMBEDDED_PG_PORT \d+ is taken/),
    ]);

    // The first one's METRICS_PORT, asked for by name: refused before any database is touched.
    const sameMetrics = start(
      { PORT: String(port2), DATA_DIR: join(dir, 'b'), EMBEDDED_PG_PORT: String(await freePort()), METRICS_PORT: String(metrics1) },
      'tsx',
    );
    started.push(sameMetrics);
    expect(await sameMetrics.exited, sameMetrics.output()).toBe(1);
    expect(refusalLines(sameMetrics.output()), sameMetrics.output()).toEqual([
      expect.stringMatching(/^citybuilder: cannot start: METRICS_PORT \d+ on 127\.0\.0\.1 is in use/),
    ]);
    expect(existsSync(join(dir, 'b', 'PG_VERSION')), 'no cluster was made for a refused start').toBe(false);

    // Its own PORT, DATA_DIR, EMBEDDED_PG_PORT and METRICS_PORT (the README's recipe): it serves beside the first.
    const second = start(
      { PORT: String(port2), DATA_DIR: join(dir, 'b'), EMBEDDED_PG_PORT: String(await freePort()), METRICS_PORT: String(metrics2) },
      'npm',
    );
    started.push(second);
    await ready(port2, second);
    const metricsText = await fetch(`http://127.0.0.1:${metrics2}/metrics`).then((r) => r.text());
    expect(metricsText).toMatch(/^# HELP/m);

    polling = false;
    await poller;
    expect(statuses.length).toBeGreaterThan(5);
    expect(
      statuses.filter((s) => s !== 200),
      `the first server's /readyz while the others started:\n${first.output().slice(-3000)}`,
    ).toEqual([]);

    // Ctrl-C: each server finishes, then stops its own Postgres (in a process group of its own).
    const pgPid2 = Number(readFileSync(join(dir, 'b', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const stop2 = await ctrlC(second);
    expect([0, 'SIGINT'], second.output()).toContain(stop2.code);
    expect(stop2.ms, second.output()).toBeLessThan(5000);
    expectCleanShutdown(second.output());
    expect(alive(pgPid2), 'the second server stopped its Postgres').toBe(false);

    const pgPid1 = Number(readFileSync(join(dir, 'a', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const stop1 = await ctrlC(first);
    expect([0, 'SIGINT'], first.output()).toContain(stop1.code);
    expect(stop1.ms, first.output()).toBeLessThan(5000);
    expectCleanShutdown(first.output());
    expect(alive(pgPid1), 'the first server stopped its Postgres').toBe(false);
  }, 300_000);

  it('left to its default, a busy metrics port moves to the next free one (said in the log) instead of refusing', async () => {
    const { serveMetrics } = await import('../../src/telemetry/metrics-server.js');
    // A busy port whose next one is free.
    const holder = createServer();
    let port = 0;
    for (let tries = 0; tries < 20; tries++) {
      port = await freePort();
      const ok = await new Promise<boolean>((resolve) => {
        holder.once('error', () => resolve(false));
        holder.listen(port, '127.0.0.1', () => resolve(true));
      });
      if (ok) break;
    }
    try {
      const moved = await serveMetrics(port, '127.0.0.1', { nextFreeIfBusy: true });
      try {
        expect(moved.port).toBeGreaterThan(port);
        expect(moved.busy).toBe(port);
      } finally {
        await moved.close();
      }
      await expect(serveMetrics(port, '127.0.0.1')).rejects.toThrow(
        /^METRICS_PORT \d+ on 127\.0\.0\.1 is in use .*give this server its own METRICS_PORT/,
      );
    } finally {
      await new Promise((r) => holder.close(r));
    }
  });
});
