/**
 * The suite's five projects, by folder: a test file belongs to the project of its folder, so a new
 * file needs no list to be kept. tests/unit/projects.test.ts fails when a file is in no project or
 * in two. `npm test` runs them all (as CI does); `npm run test:<name>` runs one.
 *
 * - unit: engines, games, bots, board pictures and pure modules. No database: none is started, and
 *   `createTestDatabase` refuses to run there (tests/support/db.ts).
 * - integration: the store, the service and migrations against a real Postgres.
 * - e2e: real servers over real HTTP (in-process or as processes), the published contract and client.
 * - slow: a real Chromium, faults (killed and frozen processes, fuzzing under load).
 * - deploy: deployment files run by real tools (HAProxy, promtool, Compose, the Dockerfile), the
 *   README's commands on a fresh clone.
 *
 * `order`: the groups run one after the other, the projects of a group together. `workers`: how
 * many files of the group run at once (vitest gives a group one number of workers, so the projects
 * of a group name the same). `isolate: false`: the files a worker runs share their imported modules
 * (the server's import graph costs a file about 5 s of CPU through vitest's module runner, most of
 * the suite's time when every file paid it); a file starts its own servers on its own database, so
 * nothing a test sees is shared, and the deploy files, which start tools and fresh clones, stay
 * isolated.
 *
 * The unit files run first, alone: beside the end-to-end files their CPU-bound playouts slowed bots'
 * first moves past their think time and grace. Integration and end-to-end run three files at once:
 * most of them wait (for a server, a deadline, a mail) part of the time. The slow and deploy files
 * run two at a time: each browser and fault test has its own server and, where it stops one, its
 * own Postgres; in CI the fuzzing and the layout check run at a smaller scale (their files say so).
 * Measured on the 2-core machine (2026-11-28): 24 min with every file isolated and one slow file
 * at a time, about 15 like this.
 */
export const PROJECTS = {
  unit: {
    include: ['tests/unit/**/*.test.ts', 'tests/games/**/*.test.ts', 'tests/bots/**/*.test.ts', 'tests/board/**/*.test.ts'],
    database: false,
    order: 0,
    workers: 2,
  },
  integration: { include: ['tests/integration/**/*.test.ts'], database: true, order: 1, workers: 3, isolate: false },
  e2e: { include: ['tests/e2e/**/*.test.ts', 'tests/contract/**/*.test.ts'], database: true, order: 1, workers: 3, isolate: false },
  slow: { include: ['tests/browser/**/*.test.ts', 'tests/faults/**/*.test.ts'], database: true, order: 2, workers: 2, isolate: false },
  deploy: { include: ['tests/deploy/**/*.test.ts'], database: true, order: 2, workers: 2 },
} as const;

export type ProjectName = keyof typeof PROJECTS;
