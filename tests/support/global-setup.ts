import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/store/embedded.js';
import { migrate } from '../../src/store/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to a server's maintenance database, where test databases are created. */
    adminUrl: string;
    /** The name of a migrated template database: each test file clones it into a database of its own. */
    templateDb: string;
  }
}

interface SharedPostgres {
  users: number;
  ready: Promise<{ adminUrl: string; templateDb: string; stop(): Promise<void> }>;
}

/** Vitest loads a project's global set-up in that project's own module graph: the one server is kept here. */
const SHARED = Symbol.for('citybuilder.tests.postgres');
const holder = globalThis as { [SHARED]?: SharedPostgres };

/**
 * Gives the projects that need one (tests/projects.ts) a real Postgres: the server in DATABASE_URL
 * when set, otherwise an embedded one in a temporary folder. A template database is migrated once;
 * every integration test file gets its own clone of it (tests/support/db.ts), so files never share
 * data. Every project of the run that asks shares the one server and template: the last project's
 * teardown drops the databases and stops the server. The unit project has no global set-up at all.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[SHARED] ??= { users: 0, ready: startPostgres() });
  shared.users++;
  const { adminUrl, templateDb, stop } = await shared.ready;
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    await stop();
  };
}

async function startPostgres(): Promise<{ adminUrl: string; templateDb: string; stop(): Promise<void> }> {
  let server: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    dir = mkdtempSync(join(tmpdir(), 'cb-test-pg-'));
    const port = 20_000 + (process.pid % 20_000);
    server = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), port, persistent: false });
    adminUrl = server.adminUrl;
  }
  const templateDb = `cb_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDb}`;
  await migrate(templateUrl.toString());
  const stop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const dbs = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'cb_t%_${process.pid}%' OR datname = $1`,
      [templateDb],
    );
    for (const { datname } of dbs.rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    await c.end();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  return { adminUrl, templateDb, stop };
}
