import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Every ```sh block of the README, with the heading it stands under. */
const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => {
  const before = readme.slice(0, m.index);
  return { heading: before.slice(before.lastIndexOf('\n## ') + 1).split('\n')[0]!, script: m[1]! };
});
const under = (heading: string) => blocks.filter((b) => b.heading === heading).map((b) => b.script);
/** A block's commands without their comments. */
const bare = (script: string) =>
  script
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
/**
 * The blocks the test does not run, and why: the first starts a second server beside the first
 * (tests/faults/two-servers.test.ts runs that recipe, on ports of its own); the second is this test
 * suite; the third needs a Docker engine (compose.yaml and the HAProxy file it mounts are checked by
 * tests/deploy instead); the last runs the command line from another folder
 * (tests/deploy/cli-anywhere.test.ts runs `npm exec --prefix`; a global install would change this machine).
 */
const NOT_RUN = [
  'PORT=3001 DATA_DIR=.data/second EMBEDDED_PG_PORT=54330 METRICS_PORT=9465 npm start',
  'npm install\nnpm test\nnpm run test:unit\nnpm run test:integration\nnpm run test:e2e\nnpm run test:slow\nnpm run test:nightly',
  'OPERATOR_TOKEN=$(openssl rand -hex 32) POSTGRES_PASSWORD=$(openssl rand -hex 16) ' +
    '\\\nGRAFANA_ADMIN_PASSWORD=$(openssl rand -hex 16) PUBLIC_URL=http://localhost:8080 ' +
    'docker compose up --build\ncurl http://localhost:8080/readyz',
  'npm exec --prefix /path/to/citybuilder-server citybuilder -- replay record.json --at ' +
    '10\nnpm install -g /path/to/citybuilder-server\ncitybuilder replay record.json --at 10 ' +
    '--lang fr',
];

const have = (cmd: string) => {
  try {
    execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** A newcomer's shell: no test runner's variables (VITEST, NODE_ENV=test). */
const shellEnv = (extra: Record<string, string> = {}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'NODE_ENV' || k === 'TEST') delete env[k];
  return env;
};

function run(script: string, cwd: string, env = shellEnv(), ms = 240_000): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, out, err })));
  });
}

/**
 * The README followed literally on a fresh clone of this repository: the quick start's commands
 * (clone, install, start: the server the other scripts talk to), then every other ```sh block as
 * written, in the order a reader meets them, in the clone's folder. Each exits 0. The only
 * changes: `<this repository>` is this repository, and the server's port is a free one.
 */
describe.runIf(have('curl') && have('jq') && have('git'))("the README's scripts, run verbatim on a fresh clone (end-to-end)", () => {
  let dir: string;
  let clone: string;
  let url: string;
  let server: ChildProcess | undefined;
  let db: TestDatabase;
  let serverLog = '';
  const api = (script: string) => script.replaceAll('http://localhost:3000', url);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'readme-'));
    clone = join(dir, 'citybuilder-server');
    db = await createTestDatabase();
    const [quick] = under('## Quick start');
    const lines = bare(quick!);
    expect(lines).toEqual(['git clone <this repository> citybuilder-server && cd citybuilder-server', 'npm install', 'npm start']);
    // Clone and install as written (npm may use its cache: the packages are the locked ones).
    const installed = await run(
      `${lines[0]!.replace('<this repository>', JSON.stringify(root))}\n${lines[1]}`,
      dir,
      shellEnv({ npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' }),
      500_000,
    );
    expect(installed.code, installed.err.slice(-3000)).toBe(0);
    // npm start, on a free port and this test's own database; rate limits off (their 429s are tested elsewhere).
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // Its own process group (npm, tsx, node), so that all of it is stopped at the end.
    server = spawn('npm', ['start'], {
      cwd: clone,
      detached: true,
      env: shellEnv({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (serverLog += d));
    server.stderr!.on('data', (d) => (serverLog += d));
    const end = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > end || server.exitCode !== null) throw new Error(`npm start did not serve: ${serverLog.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 660_000);
  afterAll(async () => {
    if (server?.pid) {
      // SIGTERM to the group (the server drains and exits); whatever is left after 20 s is killed.
      const group = (signal: NodeJS.Signals) => {
        try {
          process.kill(-server!.pid!, signal);
        } catch {
          // the whole group is gone already
        }
      };
      const exited = server.exitCode === null ? new Promise((r) => server!.once('exit', r)) : Promise.resolve();
      group('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      group('SIGKILL');
    }
    await db?.drop();
    // The clone holds a whole node_modules: removing it takes a while on a busy machine.
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it('the README has the scripts this test runs, and no other', () => {
    const run = [
      ...under('## Quick start').slice(0, 1),
      ...under('## A whole game with curl'),
      ...under('## Two people, one invitation'),
      ...under('## The same game through GraphQL'),
      ...under('## Play by mail: being told it is your turn'),
      ...under('## Command line').slice(0, 1),
    ];
    expect(run).toHaveLength(6);
    const rest = blocks.map((b) => b.script).filter((b) => !run.includes(b));
    expect(rest.map((b) => bare(b).join('\n'))).toEqual(NOT_RUN);
  });

  it('the curl script plays a whole game, replays it, exports and imports its record', async () => {
    const r = await run(api(under('## A whole game with curl')[0]!), clone);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('"status":"finished"');
    expect(r.out).toMatch(/"scores"/);
    expect(r.out.trim().split('\n').at(-1)).toMatch(/^"[0-9a-f-]{36}"$/); // the imported game's id
    expect(existsSync(join(clone, 'record.json'))).toBe(true);
  }, 240_000);

  it("the command-line block works offline on the record the curl script saved; npx prints only the tool's own output", async () => {
    const r = await run(under('## Command line')[0]!, clone);
    expect(r.code, r.err).toBe(0);
    const text = readFileSync(join(clone, 'record.txt'), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^\[/); // a text record's first header line, no npm banner before it
    expect(readFileSync(join(clone, 'board.svg'), 'utf8')).toMatch(/<svg [^>]*viewBox/);
  }, 120_000);

  it('the invitation script plays its game to the end and exits 0', async () => {
    const r = await run(api(under('## Two people, one invitation')[0]!), clone);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/"status":"finished"/);
    expect(r.out.trim().split('\n').at(-1)).toMatch(/"winners"/);
  }, 240_000);

  it("the play-by-mail script sets a seat's notifications", async () => {
    const r = await run(api(under('## Play by mail: being told it is your turn')[0]!), clone);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out.trim())).toMatchObject({ seat: 0, email: 'ada@example.org', webhookUrl: null, events: ['turn', 'finished'] });
  }, 60_000);

  it('the curl script stops at the first error, printing the problem document', async () => {
    const r = await run(api(under('## A whole game with curl')[0]!).replace('"ville-de-demain"', '"no-such-game"'), dir);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/POST \/games failed: .*INVALID_INPUT/);
    expect(r.out).toBe('');
  });

  it('the GraphQL script plays a whole game, and stops on a GraphQL error', async () => {
    const script = api(under('## The same game through GraphQL')[0]!);
    // The whole game takes ~5 processes per request; CI (CI=true) checks the first moves only, to
    // keep the suite short: the loop is cut after 6 moves by a guard the README does not have.
    const played = process.env.CI ? script.replace('while :; do\n  STATE=', 'N=0; while [ $((N+=1)) -le 6 ]; do\n  STATE=') : script;
    if (process.env.CI) expect(played).not.toBe(script); // the guard found its place
    const ok = await run(played, clone);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(process.env.CI ? /"version":6/ : /"status":"finished"/);
    if (!process.env.CI) expect(ok.out).toMatch(/"winners"/);
    const bad = await run(script.replace('type: "ville-de-demain"', 'type: "no-such-game"'), dir);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/GraphQL error: .*INVALID_INPUT/);
  }, 240_000);
});
