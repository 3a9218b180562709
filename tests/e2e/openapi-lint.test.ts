import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);
const redocly = new URL('../../node_modules/.bin/redocly', import.meta.url).pathname;

describe("the served OpenAPI document passes Redocly's recommended lint", () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  });
  afterAll(async () => {
    await s?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('redocly lint (recommended ruleset, offline): 0 errors, 0 warnings', async () => {
    const served = await fetch(`${s.url}/openapi.json`);
    expect(served.status).toBe(200);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await served.json()));
    const { stdout } = await run(redocly, ['lint', file, '--extends=recommended', '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 60_000,
    }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('every operation has an operationId, a description, described responses and its security', async () => {
    const doc = (await (await fetch(`${s.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { operationId?: string; description?: string; security?: unknown[]; responses: Record<string, { description?: string }> }
        >
      >;
    };
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        ids.add(op.operationId!);
        expect(op.description?.length, `${method} ${path} description`).toBeGreaterThan(40);
        expect(op.security, `${method} ${path} security`).toBeDefined();
        for (const [status, r] of Object.entries(op.responses))
          expect(r.description?.length, `${method} ${path} ${status}`).toBeGreaterThan(10);
      }
    }
    // Creating a game needs no token; a player token is optional (players entries { me: true }).
    expect(doc.paths['/api/v1/games']!.post!.security).toEqual([{ playerToken: [] }, {}]);
    expect(doc.paths['/api/v1/lobby']!.get!.security).toEqual([]);
    expect(doc.paths['/api/v1/game-types']!.get!.security).toEqual([]);
    expect(ids.size).toBe(Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0));
  });
});
