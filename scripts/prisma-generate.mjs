// Generates the Prisma Client into src/generated/prisma. Runs from `npm install` (postinstall),
// because npm 11 does not run dependencies' own install scripts unless allowed.
// `prisma generate` needs no schema engine, but the CLI checks that one exists: where none could be
// downloaded, point it at any existing file (it is never executed by generate).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(new URL('../package.json', import.meta.url));
}
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const bin = fileURLToPath(new URL('../node_modules/prisma/build/index.js', import.meta.url));
const r = spawnSync(process.execPath, [bin, 'generate'], { cwd: root, env, stdio: 'inherit' });
process.exit(r.status ?? 1);
