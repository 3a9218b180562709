/**
 * The suite's four projects, by folder: a test file belongs to the project of its folder, so a new
 * file needs no list to be kept. tests/unit/projects.test.ts fails when a file is in no project or
 * in two. `npm test` runs them all (as CI does); `npm run test:<name>` runs one.
 *
 * - unit: engines, games, bots, board pictures and pure modules. No database: none is started, and
 *   `createTestDatabase` refuses to run there (tests/support/db.ts).
 * - integration: the store, the service and migrations against a real Postgres.
 * - e2e: real servers over real HTTP (in-process or as processes), the published contract and client.
 * - slow: a real Chromium, faults (killed and frozen processes, fuzzing under load), deployment files
 *   run by real tools, the README's commands on a fresh clone.
 */
export const PROJECTS = {
  unit: { include: ['tests/unit/**/*.test.ts', 'tests/games/**/*.test.ts', 'tests/bots/**/*.test.ts', 'tests/board/**/*.test.ts'], database: false },
  integration: { include: ['tests/integration/**/*.test.ts'], database: true },
  e2e: { include: ['tests/e2e/**/*.test.ts', 'tests/contract/**/*.test.ts'], database: true },
  slow: { include: ['tests/browser/**/*.test.ts', 'tests/faults/**/*.test.ts', 'tests/deploy/**/*.test.ts'], database: true },
} as const;

export type ProjectName = keyof typeof PROJECTS;
