import { createHash, randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { createPrismaClient, PrismaGameStore, APPEND_SQL } from '../src/store/prisma-store.js';
import { migrate } from '../src/store/migrate.js';

/**
 * The append statement sent four ways, one at a time against DATABASE_URL (a database of its own,
 * e.g. postgresql://root@127.0.0.1:5432/bench): Prisma's $queryRawUnsafe, the adapter's pg pool
 * unnamed and as a named prepared statement, and the version read through Prisma and through pg.
 * Also Prisma with the adapter's `statementNameGenerator` (every statement it sends named, so pg
 * prepares it once per connection): the append as a `$queryRaw` tagged template and the version read
 * as `findUnique`. Prints median and p90 in µs. `tsx bench/append-paths.ts [samples]`. Used for BENCHMARKS.md's
 * choice of the append path. With `ALTER DATABASE <scratch> SET synchronous_commit = off` the WAL
 * flush leaves the figures, and what remains is the client's, the protocol's and the planner's share.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to a scratch database');
await migrate(url);
const prisma = createPrismaClient(url, 4);
const store = new PrismaGameStore(prisma);
const pool = (store as any).pool;
// Prisma whose adapter names each statement by its text: pg prepares it once per connection.
const named = new PrismaClient({
  adapter: new PrismaPg(new pg.Pool({ connectionString: url, max: 4 }), {
    disposeExternalPool: true,
    statementNameGenerator: (q) => `p${createHash('sha1').update(q.sql).digest('hex').slice(0, 16)}`,
  }),
});
// The append as a `$queryRaw` tagged template would send it: one placeholder per hole, in order.
const holes = [...APPEND_SQL.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) - 1);
const parts = APPEND_SQL.split(/\$\d+/);
const appendTemplate = Object.assign([...parts], { raw: parts }) as unknown as TemplateStringsArray;
const versions = new Map<string, number>();
async function newGame() {
  const id = randomUUID();
  await store.createGame({
    id,
    type: 'x',
    engineVersion: 1,
    playerCount: 2,
    options: {},
    seed: 's',
    version: 0,
    status: 'active',
    toMove: [0],
    outcome: null,
    seats: [
      { seat: 0, name: 'a', tokenHash: randomUUID() },
      { seat: 1, name: 'b', tokenHash: randomUUID() },
    ],
  });
  versions.set(id, 0);
  return id;
}
const ev = [
  { type: 'drew', card: 12, rng: [1, 2, 3, 4] },
  { type: 'paid', seat: 0, coins: 2 },
];
// $1 game, $2 expected, $3 new version, $4 status, $5 toMove, $6 outcome, $7 seat, $8 move, $9 idempotency key, $10 response,
// $11 events, $12 snapshot (none), $13 seats revision (unchecked), $14 origin, $15 resignation, $16 notices, $17 state hash, $18 bot.
const vals = (id: string) => {
  const v = versions.get(id)!;
  versions.set(id, v + 1);
  return [
    id,
    v,
    v + 1,
    'active',
    [1],
    null,
    0,
    JSON.stringify({ type: 'draw', deck: 2 }),
    null,
    JSON.stringify({ version: v + 1, status: 'active', toMove: [1], outcome: null, events: ev }),
    JSON.stringify(ev),
    null,
    null,
    'seat',
    false,
    '[]',
    null,
    null,
  ];
};
const modes: Record<string, (id: string) => Promise<unknown>> = {
  'prisma $queryRawUnsafe': (id) => prisma.$queryRawUnsafe(APPEND_SQL, ...vals(id)),
  'pg pool, unnamed': (id) => pool.query(APPEND_SQL, vals(id)),
  'pg pool, named (prepared)': (id) => pool.query({ name: 'a1', text: APPEND_SQL, values: vals(id) }),
  'prisma $queryRaw, adapter-named': (id) => {
    const v = vals(id);
    return named.$queryRaw(appendTemplate, ...holes.map((i) => v[i]));
  },
  'prisma getVersion (findUnique)': (id) => store.getVersion(id),
  'prisma findUnique version, adapter-named': (id) => named.game.findUnique({ where: { id }, select: { version: true } }),
  'pg pool SELECT version (prepared)': (id) => pool.query({ name: 'v1', text: 'SELECT version FROM games WHERE id = $1', values: [id] }),
};
const times: Record<string, number[]> = {};
for (const k of Object.keys(modes)) times[k] = [];
const N = Number(process.argv[2] ?? 300);
for (let round = 0; round < 5; round++) {
  for (const [k, f] of Object.entries(modes)) {
    const id = await newGame();
    for (let i = 0; i < 20; i++) await f(id);
    for (let i = 0; i < N / 5; i++) {
      const t = performance.now();
      await f(id);
      times[k]!.push(performance.now() - t);
    }
  }
}
console.log('| path | p50 µs | p90 µs |\n|---|---:|---:|');
for (const [k, t] of Object.entries(times)) {
  t.sort((a, b) => a - b);
  console.log(`| ${k} | ${(t[Math.floor(t.length / 2)]! * 1000).toFixed(0)} | ${(t[Math.floor(t.length * 0.9)]! * 1000).toFixed(0)} |`);
}
await store.close();
await named.$disconnect();
