#!/usr/bin/env node
// The `citybuilder` command line (src/cli/citybuilder.ts). Runs the compiled dist/cli/main.js once
// built (npm run build); in a development checkout without a build, the TypeScript sources via tsx.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
