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

/**
 * Gives the test run a real Postgres: the server in DATABASE_URL when set, otherwise an embedded
 * one in a temporary folder. A template database is migrated once; every integration test file
 * gets its own clone of it (tests/support/db.ts), so files never share data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const dbs = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'cb_t%_${process.pid}%' OR datname = $1`, [templateDb]);
    for (const { datname } of dbs.rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    await c.end();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
