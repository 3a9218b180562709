import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The Dockerfile's build stage, run by hand as far as it can be without a Docker engine: the files
 * it copies before `npm ci` (read from the Dockerfile itself), then the generator `npm ci` runs as
 * postinstall, in a folder of their own. What it generates must load once compiled: relative
 * imports ending in `.js`, which tsc keeps as they are (`.ts` ones fail at start in the image).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The COPY instructions of the build stage before its `RUN npm ci`: [sources, destination]. */
function copiesBeforeInstall(): [string[], string][] {
  const lines = readFileSync(join(root, 'Dockerfile'), 'utf8').split('\n');
  const from = lines.findIndex((l) => /^FROM \S+ AS build\b/.test(l));
  const copies: [string[], string][] = [];
  for (const line of lines.slice(from + 1)) {
    if (/^RUN npm ci\b/.test(line)) return copies;
    const m = /^COPY (?!--from)(.+)$/.exec(line);
    if (m) {
      const parts = m[1]!.split(/\s+/);
      copies.push([parts.slice(0, -1), parts.at(-1)!]);
    }
    if (/^FROM /.test(line)) break;
  }
  throw new Error("no `RUN npm ci` in the Dockerfile's build stage");
}

describe('Dockerfile, build stage', () => {
  it('generates a Prisma Client whose compiled files load: its relative imports end in .js', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-docker-build-'));
    try {
      for (const [sources, dest] of copiesBeforeInstall()) {
        for (const src of sources) cpSync(join(root, src), dest === './' ? join(dir, src) : join(dir, dest), { recursive: true });
      }
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir'); // what `npm ci` installs
      const r = spawnSync(process.execPath, ['scripts/prisma-generate.mjs'], { cwd: dir, encoding: 'utf8' });
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
      const client = readFileSync(join(dir, 'src/generated/prisma/client.ts'), 'utf8');
      const relative = [...client.matchAll(/from ["'](\.[^"']+)["']/g)].map((m) => m[1]!);
      expect(relative.length).toBeGreaterThan(0);
      expect(relative.filter((p) => !p.endsWith('.js'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
