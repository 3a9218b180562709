import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The set-up's server; only the projects with a database have one (tests/projects.ts). */
const adminUrl = (): string => {
  const url = inject('adminUrl');
  if (!url)
    throw new Error(
      'this test file needs a database, but its project has none: put it under ' +
        'tests/integration, tests/e2e or a slow folder (tests/projects.ts)',
    );
  return url;
};

const withAdmin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

const urlOf = (name: string) => {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
};

/** A database of this test file's own: a clone of the migrated template, or an empty one. */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const template = inject('templateDb');
  const name = `cb_t${randomBytes(4).toString('hex')}_${template.split('_').pop()}`;
  await withAdmin((c) => c.query(opts.migrated === false ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`));
  return { url: urlOf(name), drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}
