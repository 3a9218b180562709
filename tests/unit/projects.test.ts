import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECTS } from '../projects.js';

const root = join(import.meta.dirname, '..', '..');
const testFiles = () =>
  readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('tests', f))
    .sort();

describe("the suite's projects (tests/projects.ts, vitest.config.ts)", () => {
  it('every tests/**/*.test.ts file belongs to exactly one project, as vitest itself resolves them', async () => {
    // vitest's own listing from the real config: what `npm test` and `npm run test:<project>` run.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--json'],
      { cwd: root, maxBuffer: 16 << 20 },
    );
    const listed = JSON.parse(stdout) as { file: string; projectName: string }[];
    const projectsOf = new Map<string, string[]>();
    for (const { file, projectName } of listed) {
      const f = relative(root, file);
      projectsOf.set(f, [...(projectsOf.get(f) ?? []), projectName]);
    }
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.filter((f) => projectsOf.get(f)?.length !== 1).map((f) => `${f}: ${projectsOf.get(f)?.join(', ') || 'no project'}`);
    expect(wrong, 'files in no project or in several: add their folder to one project of tests/projects.ts').toEqual([]);
    expect(new Set(listed.map((l) => l.projectName))).toEqual(new Set(Object.keys(PROJECTS)));
  }, 60_000);

  it('no file of a project without a database imports the database or server helpers', () => {
    const dbFree = Object.values(PROJECTS)
      .filter((p) => !p.database)
      .flatMap((p) => p.include.map((g) => g.split('/**')[0]!));
    const offenders = testFiles()
      .filter((f) => dbFree.some((dir) => f.startsWith(`${dir}/`)))
      .filter((f) => /from '\.\.\/(\.\.\/)?support\/(db|server|faults)\.js'/.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders, 'these files need Postgres: move them to tests/integration or tests/e2e').toEqual([]);
  });
});
