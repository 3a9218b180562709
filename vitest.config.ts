import { defineConfig } from 'vitest/config';
import { PROJECTS } from './tests/projects.js';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Servers the tests start as processes (src/main.ts) open no metrics listener unless a test
    // asks for one: the default port, 9464, would be taken by the first of them.
    env: { METRICS_PORT: '0' },
    // One project per folder group (tests/projects.ts). Only the projects that need Postgres get the
    // global set-up that starts one, so `vitest run --project unit` starts none.
    projects: Object.entries(PROJECTS).map(([name, p]) => ({
      extends: true,
      test: {
        name,
        include: [...p.include],
        // The projects run one after the other (unit, then integration and end-to-end, then slow),
        // each with its own number of files at a time (tests/projects.ts says why).
        sequence: { groupOrder: p.order },
        maxWorkers: p.workers,
        // With a database: the shared Postgres. The files of a worker share their imported modules
        // where the project says so (tests/projects.ts says why), and always without a database
        // (pure code: nothing to leak between files).
        ...(p.database ? { globalSetup: ['tests/support/global-setup.ts'] } : {}),
        ...('isolate' in p || !p.database ? { isolate: false } : {}),
      },
    })),
  },
});
