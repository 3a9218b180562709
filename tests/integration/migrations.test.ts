import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../src/store/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

const require = createRequire(import.meta.url);
const { get_dmmf } = require('@prisma/prisma-schema-wasm') as { get_dmmf: (params: string) => string };

interface DmmfField {
  name: string;
  dbName?: string;
  kind: string;
  type: string;
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  nativeType: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
  uniqueIndexes: { fields: string[] }[];
}
const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', readFileSync('prisma/schema.prisma', 'utf8')]] }))) as {
  datamodel: {
    models: DmmfModel[];
    enums: { name: string; values: { name: string }[] }[];
    indexes: { model: string; type: string; fields: { name: string }[] }[];
  };
};

/** The Postgres column type Prisma's migrate would create for a field. */
function expectedType(f: DmmfField): string {
  const base = (() => {
    if (f.kind === 'enum') return f.type;
    if (f.nativeType?.[0] === 'Uuid') return 'uuid';
    if (f.nativeType?.[0] === 'Timestamptz') return `timestamptz(${f.nativeType[1][0]})`;
    return (
      {
        String: 'text',
        Int: 'int4',
        Json: 'jsonb',
        DateTime: 'timestamp(3)',
        Boolean: 'bool',
        Float: 'float8',
        BigInt: 'int8',
        Bytes: 'bytea',
      } as Record<string, string>
    )[f.type]!;
  })();
  return f.isList ? `${base}[]` : base;
}

describe('migrations (integration, real Postgres)', () => {
  let db: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase({ migrated: false });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it("applies every migration once, keeping Prisma's _prisma_migrations bookkeeping", async () => {
    const all = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(all[0]).toBe('20261125000000_init');
    const first = await migrate(db.url);
    expect(first.applied).toEqual(all);
    const second = await migrate(db.url);
    expect(second).toEqual({ applied: [], alreadyApplied: all });
    const rows = await client.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.rows).toHaveLength(all.length);
    for (const [i, name] of all.entries()) {
      const sql = readFileSync(join(MIGRATIONS_DIR, name, 'migration.sql'));
      expect(rows.rows[i].migration_name).toBe(name);
      expect(rows.rows[i].checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(rows.rows[i].finished_at).not.toBeNull();
      expect(rows.rows[i].applied_steps_count).toBe(1);
    }
  });

  it('the migrated database matches schema.prisma: tables, columns, types, nullability, keys, indexes, foreign keys', async () => {
    const cols = await client.query<{ table_name: string; column_name: string; type: string; is_nullable: string; has_default: boolean }>(`
      SELECT c.table_name, c.column_name, c.is_nullable, c.column_default IS NOT NULL AS has_default,
             format_type(a.atttypid, a.atttypmod) AS type
      FROM information_schema.columns c
      JOIN pg_attribute a ON a.attrelid = (quote_ident(c.table_name))::regclass AND a.attname = c.column_name
      WHERE c.table_schema = 'public' AND c.table_name <> '_prisma_migrations'
        AND (SELECT t.table_type FROM information_schema.tables t WHERE t.table_schema = c.table_schema AND t.table_name =
          c.table_name) = 'BASE TABLE'`); // views (notification_targets) are not Prisma models
    const normalise = (t: string) =>
      t
        .replace('timestamp(3) with time zone', 'timestamptz(3)')
        .replace('timestamp(3) without time zone', 'timestamp(3)')
        .replace('integer', 'int4')
        .replace('"GameStatus"', 'GameStatus')
        .replace(/^boolean$/, 'bool')
        .replace(/^double precision$/, 'float8')
        .replace(/^bigint$/, 'int8');
    const actual = new Map(
      cols.rows.map((r) => [
        `${r.table_name}.${r.column_name}`,
        { type: normalise(r.type), nullable: r.is_nullable === 'YES', hasDefault: r.has_default },
      ]),
    );
    const expected = new Map<string, { type: string; nullable: boolean; hasDefault: boolean }>();
    for (const m of dmmf.datamodel.models) {
      for (const f of m.fields.filter((f) => f.kind !== 'object')) {
        expected.set(`${m.dbName ?? m.name}.${f.dbName ?? f.name}`, {
          type: expectedType(f),
          nullable: !f.isRequired || f.isList,
          hasDefault: f.hasDefaultValue,
        });
      }
    }
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));

    const dbName = (model: string, field: string) => {
      const m = dmmf.datamodel.models.find((x) => x.name === model)!;
      return m.fields.find((f) => f.name === field)!.dbName ?? field;
    };
    const tableOf = (model: string) => dmmf.datamodel.models.find((x) => x.name === model)!.dbName ?? model;
    const idx = await client.query<{ table: string; columns: string[]; unique: boolean; primary: boolean }>(`
      SELECT t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
             array_agg(a.attname ORDER BY k.ord)::text[] AS columns
      FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = 'public' AND t.relname <> '_prisma_migrations'
      GROUP BY t.relname, ix.indexrelid, ix.indisunique, ix.indisprimary`);
    const key = (table: string, kind: string, columns: string[]) => `${table}:${kind}:${columns.join(',')}`;
    const actualIdx = idx.rows.map((r) => key(r.table, r.primary ? 'pk' : r.unique ? 'unique' : 'index', r.columns)).sort();
    const expectedIdx = dmmf.datamodel.indexes
      .map((i) =>
        key(
          tableOf(i.model),
          i.type === 'id' ? 'pk' : i.type === 'unique' ? 'unique' : 'index',
          i.fields.map((f) => dbName(i.model, f.name)),
        ),
      )
      .sort();
    expect(actualIdx).toEqual(expectedIdx);

    const fks = await client.query<{ table: string; columns: string[]; ref: string; on_delete: string }>(`
      SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref,
             (SELECT array_agg(a.attname ORDER BY k.ord)::text[] FROM unnest(c.conkey) WITH ORDINALITY k(n, ord) JOIN
               pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS columns,
             c.confdeltype AS on_delete
      FROM pg_constraint c WHERE c.contype = 'f'`);
    const actualFks = fks.rows
      .map(
        (r) =>
          `${r.table}(${r.columns.join(',')})->${r.ref}:` +
          String(({ c: 'Cascade', n: 'SetNull', r: 'Restrict', a: 'NoAction' } as Record<string, string>)[r.on_delete] ?? r.on_delete),
      )
      .sort();
    const expectedFks = dmmf.datamodel.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind === 'object' && f.relationFromFields?.length)
          .map(
            (f) =>
              `${tableOf(m.name)}(${f.relationFromFields!.map((x) => dbName(m.name, x)).join(',')})->${tableOf(f.type)}` +
              `:${f.relationOnDelete}`,
          ),
      )
      .sort();
    expect(actualFks).toEqual(expectedFks);

    const enums = await client.query<{ name: string; values: string[] }>(`
      SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`);
    expect(enums.rows).toEqual(dmmf.datamodel.enums.map((e) => ({ name: e.name, values: e.values.map((v) => v.name) })));
  });

  it('keeps the log append-only: an event row cannot be updated', async () => {
    await client.query(
      `INSERT INTO games (id, type, engine_version, player_count, options, seed) VALUES ` +
        `('00000000-0000-0000-0000-000000000001', 't', 1, 2, '{}', 's')`,
    );
    await client.query(
      `INSERT INTO events (game_id, seq, version, type, data) VALUES ('00000000-0000-0000-0000-000000000001', 1, 1, 'x', '{}')`,
    );
    await expect(client.query(`UPDATE events SET type = 'y'`)).rejects.toThrow(/append-only/);
    await client.query(`DELETE FROM games`); // an operator's delete of a whole game still cascades
    expect((await client.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(0);
  });

  it('refuses to run when an applied migration was edited afterwards', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    appendFileSync(join(dir, '20261125000000_init', 'migration.sql'), '\n-- edited\n');
    await expect(migrate(db.url, dir)).rejects.toThrow(/changed after it was applied/);
    writeFileSync(join(dir, 'unused'), '');
  });
});
