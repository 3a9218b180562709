import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The first ```sh block after a heading of the README. */
const scriptAfter = (heading: string) => {
  const from = readme.indexOf(heading);
  const m = /```sh\n([\s\S]*?)```/.exec(readme.slice(from));
  if (from < 0 || !m) throw new Error(`no script under "${heading}" in README.md`);
  return m[1]!;
};
const have = (cmd: string) => {
  try {
    execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

function run(script: string, cwd: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 200_000);
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, out, err })));
  });
}

/** The README's own scripts, run as written against a real server: they finish a game, and stop loudly on an error. */
describe.runIf(have('curl') && have('jq'))('the README\'s curl and GraphQL scripts (end-to-end)', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'readme-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s?.stop();
  });

  it('the curl script plays a whole game, replays it, exports and imports its record', async () => {
    const script = scriptAfter('## A whole game with curl').replace('http://localhost:3000', s.url);
    const r = await run(script, dir);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('"status":"finished"');
    expect(r.out).toMatch(/"scores"/);
    expect(r.out.trim().split('\n').at(-1)).toMatch(/^"[0-9a-f-]{36}"$/); // the imported game's id
  }, 240_000);

  it('the curl script stops at the first error, printing the problem document', async () => {
    const script = scriptAfter('## A whole game with curl').replace('http://localhost:3000', s.url).replace('"ville-de-demain"', '"no-such-game"');
    const r = await run(script, dir);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/POST \/games failed: .*INVALID_INPUT/);
    expect(r.out).toBe('');
  });

  it('the GraphQL script plays a whole game, and stops on a GraphQL error', async () => {
    const script = scriptAfter('## The same game through GraphQL').replace('http://localhost:3000', s.url);
    // The whole game takes ~5 processes per request; CI (CI=true) checks the first moves only, to
    // keep the suite short: the loop is cut after 6 moves by a guard the README does not have.
    const played = process.env.CI ? script.replace('while :; do\n  STATE=', 'N=0; while [ $((N+=1)) -le 6 ]; do\n  STATE=') : script;
    if (process.env.CI) expect(played).not.toBe(script); // the guard found its place
    const ok = await run(played, dir);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(process.env.CI ? /"version":6/ : /"status":"finished"/);
    if (!process.env.CI) expect(ok.out).toMatch(/"winners"/);
    const bad = await run(script.replace('type: "ville-de-demain"', 'type: "no-such-game"'), dir);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/GraphQL error: .*INVALID_INPUT/);
  }, 240_000);
});
