import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

/**
 * docs/scaling.md, checked: every SQL statement that creating a game, a move, a read and a replay
 * issue touches one game only, so that with the per-game tables distributed by game id (Citus) each
 * statement is routed to the one shard holding that game. The statements are captured where they
 * leave the process (pg's Client.prototype.query: Prisma's adapter and the store's own prepared
 * statements both go through it) while each operation runs, one at a time, then explained by
 * Postgres itself: every scan of a per-game table must be pinned by an equality on its game column,
 * and every game id a statement names (in its plan's conditions or in the rows it inserts) must be
 * the same one.
 */

/** The tables Citus would distribute by game id (docs/scaling.md), with their distribution column. */
const PER_GAME: Record<string, string> = {
  games: 'id',
  seats: 'game_id',
  moves: 'game_id',
  events: 'game_id',
  snapshots: 'game_id',
  seat_notifications: 'game_id',
  outbox: 'game_id',
  deadlines: 'game_id',
  seat_clocks: 'game_id',
  game_analyses: 'game_id',
  game_analysis_moves: 'game_id',
  game_requirements: 'game_id',
  conditional_lines: 'game_id',
  replay_gifs: 'game_id',
};
/** Reference tables (copied to every node) and the job queue's schema (on the coordinator). */
const REFERENCE = new Set([
  'players',
  'player_notifications',
  'player_settings',
  'digests',
  'vacations',
  'server_settings',
  'ratings',
  'rated_games',
  'tournaments',
  'tournament_players',
  'tournament_rounds',
  'tournament_tables',
]);

interface Captured {
  op: string;
  text: string;
  values: unknown[];
}

/** The operation under way (they run one at a time): every statement meanwhile is counted as its. */
let current: string | undefined;
const captured: Captured[] = [];
const original = pg.Client.prototype.query;

function capture() {
  // Every query of this process: pg.Client#query(text | config, values?, callback?).
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const op = current;
    if (op) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first.text;
      const values = (typeof first === 'object' && first.values) || (Array.isArray(second) ? second : []);
      captured.push({ op, text, values });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * Work of the process that is not the operation under way and spans games by design, marked in its
 * SQL (`/* background *\/`): the bot runner's and the ratings' periodic sweeps, and the ratings
 * projection (docs/scaling.md, "The limits"). They can land in any operation's window.
 */
const BACKGROUND = /^\s*\/\* background \*\//;
const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW|DEALLOCATE|SELECT 1\b|LISTEN|UNLISTEN|NOTIFY|SELECT pg_notify)/i;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  Alias?: string;
  Operation?: string;
  Plans?: PlanNode[];
  Output?: string[];
  [k: string]: unknown;
}

const walk = (n: PlanNode, f: (n: PlanNode) => void) => {
  f(n);
  for (const c of n.Plans ?? []) walk(c, f);
};

interface Verdict {
  tables: string[];
  gameIds: string[];
  problems: string[];
}

const CONDITIONS = ['Index Cond', 'Recheck Cond', 'Filter', 'TID Cond', 'Join Filter', 'Hash Cond', 'Merge Cond'];

/**
 * What Postgres says a statement touches: each per-game relation in its plan must be pinned to one
 * game, by an equality of its game column with a constant, or with the game column of another
 * pinned per-game relation (a co-located join, which Citus routes to the same shard); every game id
 * it names (pinned constants, inserted values) must be the same. A join through anything else (a
 * CTE's output, a function) does not pin: Citus's router could not see the game either.
 */
async function judge(client: pg.Client, s: Captured, games: Set<string>): Promise<Verdict> {
  const { rows } = await client.query(`EXPLAIN (VERBOSE, FORMAT JSON) ${s.text}`, s.values as unknown[]);
  const plan = (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
  const tables = new Set<string>();
  const ids = new Set<string>();
  const problems: string[] = [];
  const scans = new Map<string, { rel: string; column: string; node: string }>(); // alias -> per-game scan
  const pins = new Map<string, Set<string>>(); // alias -> game ids it is pinned to
  const links: [string, string][] = []; // aliases joined on their game columns
  const inserts: string[] = [];
  const pinRe = new RegExp(`(?:\\b(\\w+)\\.)?(\\w+) = '(${UUID.source})'::uuid`, 'gi');
  const linkRe = /\b(\w+)\.(\w+) = (\w+)\.(\w+)/g;
  const conds: { alias: string | undefined; text: string }[] = [];
  walk(plan, (n) => {
    const rel = n['Relation Name'];
    if (rel) {
      tables.add(rel);
      if (n['Node Type'] === 'ModifyTable') {
        if (n.Operation === 'Insert') inserts.push(rel);
      } else if (PER_GAME[rel]) scans.set(n.Alias ?? rel, { rel, column: PER_GAME[rel]!, node: n['Node Type'] });
      else if (!REFERENCE.has(rel) && n.Schema !== 'pgboss') problems.push(`${rel}: a table neither per-game nor reference`);
    }
    for (const k of CONDITIONS)
      if (typeof n[k] === 'string') conds.push({ alias: rel ? (n.Alias ?? rel) : undefined, text: n[k] as string });
  });
  for (const { alias, text } of conds) {
    for (const m of text.matchAll(pinRe)) {
      const a = m[1] ?? alias;
      if (a && scans.get(a)?.column === m[2]) pins.set(a, (pins.get(a) ?? new Set()).add(m[3]!.toLowerCase()));
    }
    for (const m of text.matchAll(linkRe)) {
      if (scans.get(m[1]!)?.column === m[2] && scans.get(m[3]!)?.column === m[4]) links.push([m[1]!, m[3]!]);
    }
  }
  // Pinned: directly, or through co-located joins with pinned relations.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [x, y] of links) {
      for (const [from, to] of [
        [x, y],
        [y, x],
      ] as const) {
        const p = pins.get(from);
        if (p && [...p].some((g) => !pins.get(to)?.has(g))) {
          pins.set(to, new Set([...(pins.get(to) ?? []), ...p]));
          changed = true;
        }
      }
    }
  }
  for (const [alias, scan] of scans) {
    if (!pins.has(alias)) problems.push(`${scan.rel} (${alias}, ${scan.node}) is not pinned to one game by ${scan.column}`);
    for (const g of pins.get(alias) ?? []) ids.add(g);
  }
  // Inserted rows: the game ids among the statement's values and literals.
  if (inserts.some((t) => PER_GAME[t])) {
    const named = new Set(
      [...s.values.map(String), s.text]
        .flatMap((v) => v.match(UUID) ?? [])
        .map((x) => x.toLowerCase())
        .filter((x) => games.has(x)),
    );
    if (named.size === 0) problems.push(`INSERT into ${inserts.join(', ')} names no game id`);
    for (const x of named) ids.add(x);
  }
  if (ids.size > 1) problems.push(`spans ${ids.size} games: ${[...ids].join(', ')}`);
  return { tables: [...tables].sort(), gameIds: [...ids], problems };
}

describe('one game per statement (what Citus needs to route each statement to one shard)', () => {
  let db: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let admin: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestServer({}, db);
    b = await startTestServer({}, db);
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    capture();
  });
  afterAll(async () => {
    pg.Client.prototype.query = original;
    await admin?.end();
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  const call = async (op: string, server: TestServer, method: string, path: string, body?: unknown, token?: string) => {
    current = op;
    try {
      const r = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await r.json()) as Record<string, any>;
      expect(r.status, `${op}: ${JSON.stringify(json)}`).toBeLessThan(300);
      return json;
    } finally {
      current = undefined;
    }
  };

  it('creating a game, moves, a resignation, a token reissue, reads and replays: every statement touches one game id only', async () => {
    // Other games exist, so that a statement touching every game would touch more than one.
    const others = [];
    for (let i = 0; i < 2; i++)
      others.push(await call('setup', a, 'POST', '/api/v1/games', { type: 'ville-de-demain', players: [{ name: 'x' }, { name: 'y' }] }));
    const created = await call('create', a, 'POST', '/api/v1/games', {
      type: 'ville-de-demain',
      players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }],
    });
    const id = created.id as string;
    const tokens = (created.seats as { token: string }[]).map((s) => s.token);
    let toMove = created.toMove as number[];
    // Two seats want mail on their turn: the appends below write outbox rows.
    for (const seat of [1, 2])
      await call(
        'notification settings',
        a,
        'PUT',
        `/api/v1/games/${id}/seats/me/notifications`,
        { email: `seat${seat}@example.org`, events: ['turn', 'finished'] },
        tokens[seat],
      );
    // Moves on server A (its cache warm), then on server B (cold: it loads the game from the store).
    for (const [i, server] of [a, a, a, b, b, a].entries()) {
      const seat = toMove[0]!;
      const { moves, version } = await call(`legal-moves ${i}`, server, 'GET', `/api/v1/games/${id}/legal-moves`, undefined, tokens[seat]);
      const r = await call(
        `move ${i}`,
        server,
        'POST',
        `/api/v1/games/${id}/moves`,
        { move: moves[0], expectedVersion: version },
        tokens[seat],
      );
      toMove = r.toMove;
    }
    await call('resign', b, 'POST', `/api/v1/games/${id}/resign`, undefined, tokens[toMove[0]!]);
    tokens[0] = (await call('token reissue', a, 'POST', `/api/v1/games/${id}/seats/0/token`, undefined, OPERATOR_TOKEN)).token;
    for (const server of [a, b]) {
      await call('read', server, 'GET', `/api/v1/games/${id}`, undefined, tokens[0]);
      await call('read (spectator)', server, 'GET', `/api/v1/games/${id}`);
      await call('events', server, 'GET', `/api/v1/games/${id}/events`, undefined, tokens[1]);
      await call('replay', server, 'GET', `/api/v1/games/${id}/replay?at=3`, undefined, tokens[2]);
      await call('record', server, 'GET', `/api/v1/games/${id}/record`);
      await call(
        'graphql read',
        server,
        'POST',
        '/graphql',
        { query: 'query($id: ID!) { game(id: $id) { version status } }', variables: { id } },
        tokens[3],
      );
    }
    const games = new Set([id, ...others.map((o) => o.id as string)].map((x) => x.toLowerCase()));
    const report: string[] = [];
    const failures: string[] = [];
    for (const s of captured.filter((c) => c.op !== 'setup' && !CONTROL.test(c.text) && !BACKGROUND.test(c.text))) {
      const v = await judge(admin, s, games);
      report.push(`${s.op}: [${v.tables.join(', ')}] ${v.gameIds.join(',') || '-'} ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`);
      if (v.problems.length) failures.push(`${s.op}: ${s.text.replace(/\s+/g, ' ').slice(0, 300)}\n    ${v.problems.join('\n    ')}`);
      for (const g of v.gameIds) expect(g, s.text).toBe(id.toLowerCase());
    }
    console.log(report.join('\n'));
    expect(captured.filter((c) => c.op === 'create').length, 'statements were captured').toBeGreaterThan(0);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it(
    'the schema fits Citus: every table is per-game or reference, per-game keys and foreign ' +
      'keys hold the game id, except the three docs/scaling.md lists',
    async () => {
      const tables = (
        await admin.query(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND ` +
            `table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_%'`,
        )
      ).rows.map((r) => r.table_name as string);
      expect(
        tables.filter((t) => !PER_GAME[t] && !REFERENCE.has(t)),
        'tables docs/scaling.md does not place',
      ).toEqual([]);
      // Unique indexes (primary keys included) of per-game tables must contain the distribution column.
      const unique = (
        await admin.query(`
      SELECT t.relname AS table, i.relname AS index, array_agg(a.attname::text ORDER BY a.attname) AS columns
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey)
      WHERE n.nspname = 'public' AND x.indisunique GROUP BY t.relname, i.relname`)
      ).rows as { table: string; index: string; columns: string[] }[];
      const withoutGame = unique
        .filter((u) => PER_GAME[u.table] && !u.columns.includes(PER_GAME[u.table]!))
        .map((u) => u.index)
        .sort();
      expect(withoutGame).toEqual(['outbox_pkey', 'seat_notifications_unsubscribe_token_key', 'seats_token_hash_key']);
      // Foreign keys: per-game to per-game on the game column (co-located), per-game to reference, or
      // reference to reference; never from a reference table to a per-game one.
      const fks = (
        await admin.query(`
      SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to",
             (SELECT array_agg(attname::text) FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = ANY(c.conkey)) AS columns
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`)
      ).rows as { from: string; to: string; columns: string[] }[];
      for (const fk of fks) {
        const from = fk.from.replace(/"/g, '');
        const to = fk.to.replace(/"/g, '');
        if (PER_GAME[from] && PER_GAME[to]) expect(fk.columns, `${from} -> ${to}`).toEqual([PER_GAME[from]]);
        else expect(REFERENCE.has(to), `${from} -> ${to}: a foreign key to a per-game table from a reference table`).toBe(true);
      }
    },
  );
});
