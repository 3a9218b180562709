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
 * many of a project's files run at once. Vitest's default is one fewer than the cores, so one file
 * at a time on a 2-core machine, while most end-to-end files spend their time waiting (for a
 * server, a deadline, a mail): two at a time keeps both cores busy. The unit files run first, alone:
 * beside the end-to-end files their CPU-bound playouts slowed bots' first moves past their think
 * time and grace (a bot test then saw the random fallback play), so the overlap was taken back. The
 * slow project runs its files one at a time: a browser, killed processes and load tests measure
 * what a process does in a given time, and a neighbour would take that time from them; the deploy
 * files (HAProxy, Compose, the README's scripts), which mostly wait (for npm, a server, HAProxy), run
 * beside them, one at a time: one neighbour at most, which keeps the suite within its 15 minutes.
 */
export const PROJECTS = {
  unit: {
    include: ['tests/unit/**/*.test.ts', 'tests/games/**/*.test.ts', 'tests/bots/**/*.test.ts', 'tests/board/**/*.test.ts'],
    database: false,
    order: 0,
    workers: 2,
  },
  integration: { include: ['tests/integration/**/*.test.ts'], database: true, order: 1, workers: 2 },
  e2e: { include: ['tests/e2e/**/*.test.ts', 'tests/contract/**/*.test.ts'], database: true, order: 1, workers: 2 },
  slow: { include: ['tests/browser/**/*.test.ts', 'tests/faults/**/*.test.ts'], database: true, order: 2, workers: 1 },
  deploy: { include: ['tests/deploy/**/*.test.ts'], database: true, order: 2, workers: 1 },
} as const;

export type ProjectName = keyof typeof PROJECTS;
