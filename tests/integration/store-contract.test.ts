import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryGameStore } from '../../src/store/memory-store.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import type { AppendCommand, GameRow, GameStore } from '../../src/store/types.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

/** One contract, two implementations: the in-memory store must behave exactly like Postgres. */
const newGame = (): Omit<GameRow, 'createdAt' | 'updatedAt'> => ({
  id: randomUUID(),
  type: 't',
  engineVersion: 1,
  playerCount: 2,
  options: { a: 1 },
  seed: 's',
  version: 0,
  status: 'active',
  toMove: [0, 1],
  outcome: null,
  seats: [
    { seat: 0, name: 'a', tokenHash: randomUUID() },
    { seat: 1, name: 'b', tokenHash: randomUUID() },
  ],
});
const cmd = (gameId: string, expectedVersion: number, over: Partial<AppendCommand> = {}): AppendCommand => ({
  gameId,
  expectedVersion,
  seat: expectedVersion % 2,
  move: { type: 'm' },
  events: [{ type: 'e1' }, { type: 'e2' }],
  idempotencyKey: null,
  response: { version: expectedVersion + 1 },
  status: 'active',
  toMove: [1],
  outcome: null,
  snapshot: null,
  ...over,
});

let db: TestDatabase;
let prisma: PrismaGameStore;
beforeAll(async () => {
  db = await createTestDatabase();
  prisma = new PrismaGameStore(createPrismaClient(db.url, 4));
});
afterAll(async () => {
  await prisma?.close();
  await db?.drop();
});

for (const [name, make] of [
  ['memory', () => new MemoryGameStore()],
  ['postgres', () => prisma],
] as [string, () => GameStore][]) {
  describe(`GameStore contract: ${name}`, () => {
    it("keeps the origin of each entry, marks a resignation's seat, and guards on the seats revision", async () => {
      const store = make();
      const g = newGame();
      await store.createGame(g);
      expect(await store.getStamp(g.id)).toEqual({ version: 0, seatsRev: 0 });
      expect(await store.append(cmd(g.id, 0, { seatsRev: 0 }))).toEqual({ kind: 'appended', outbox: [] });
      expect(await store.append(cmd(g.id, 1, { seat: 1, move: { type: 'resign' }, events: [], origin: 'resign', seatsRev: 0 }))).toEqual({
        kind: 'appended',
        outbox: [],
      });
      expect(await store.getStamp(g.id)).toEqual({ version: 2, seatsRev: 1 });
      expect((await store.getGame(g.id))!.seats.map((x) => x.resignedAt ?? null)).toEqual([null, 2]);
      expect(await store.append(cmd(g.id, 2, { seatsRev: 0 }))).toEqual({ kind: 'conflict' }); // decided on seats that changed since
      expect(await store.append(cmd(g.id, 2, { seat: 1, origin: 'resigned', seatsRev: 1 }))).toEqual({ kind: 'appended', outbox: [] });
      expect((await store.readMoves(g.id, 0)).map((m) => [m.version, m.origin ?? 'seat', m.events.length])).toEqual([
        [1, 'seat', 2],
        [2, 'resign', 0],
        [3, 'resigned', 2],
      ]);
    });

    it('appends guarded by version: a stale command writes nothing', async () => {
      const store = make();
      const g = newGame();
      await store.createGame(g);
      expect(await store.append(cmd(g.id, 0))).toEqual({ kind: 'appended', outbox: [] });
      expect(await store.append(cmd(g.id, 0))).toEqual({ kind: 'conflict' });
      expect(await store.append(cmd(g.id, 5))).toEqual({ kind: 'conflict' });
      expect(await store.getVersion(g.id)).toBe(1);
      const moves = await store.readMoves(g.id, 0);
      expect(moves.map((m) => [m.version, m.seat, m.events.map((e) => e.type)])).toEqual([[1, 0, ['e1', 'e2']]]);
    });

    it('two commands racing for one version: exactly one wins', async () => {
      const store = make();
      const g = newGame();
      await store.createGame(g);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store.append(cmd(g.id, 0, { seat: i % 2, response: { i } }))));
      expect(results.filter((r) => r.kind === 'appended')).toHaveLength(1);
      expect(results.filter((r) => r.kind === 'conflict')).toHaveLength(7);
      expect(await store.readMoves(g.id, 0)).toHaveLength(1);
      expect((await store.readMoves(g.id, 0))[0]!.events).toHaveLength(2);
    });

    it('updates the header with the command: status, toMove, outcome', async () => {
      const store = make();
      const g = newGame();
      await store.createGame(g);
      const outcome = { scores: [1, 2], ranks: [2, 1], winners: [1] };
      await store.append(cmd(g.id, 0, { status: 'finished', toMove: [], outcome }));
      const row = await store.getGame(g.id);
      expect(row).toMatchObject({ version: 1, status: 'finished', toMove: [], outcome, options: { a: 1 } });
      expect(row!.seats.map((s) => s.name)).toEqual(['a', 'b']);
    });

    it('an idempotency key is unique per seat: a second append with it returns the first answer', async () => {
      const store = make();
      const g = newGame();
      await store.createGame(g);
      await store.append(cmd(g.id, 0, { idempotencyKey: 'k', response: { first: true } }));
      expect(await store.append(cmd(g.id, 1, { seat: 0, idempotencyKey: 'k', response: { second: true } }))).toEqual({
        kind: 'duplicate',
        move: { type: 'm' },
        response: { first: true },
      });
      expect(await store.append(cmd(g.id, 1, { seat: 1, idempotencyKey: 'k' }))).toEqual({ kind: 'appended', outbox: [] });
      expect(await store.findIdempotent(g.id, 0, 'k')).toEqual({ move: { type: 'm' }, response: { first: true } });
      expect(await store.findIdempotent(g.id, 0, 'other')).toBeNull();
    });

    it('keeps snapshots and finds the latest at or before a version; reads moves in a range', async () => {
      const store = make();
      const g = newGame();
      await store.createGame(g);
      for (let v = 0; v < 6; v++)
        await store.append(cmd(g.id, v, { snapshot: (v + 1) % 3 === 0 ? { state: { at: v + 1 }, hash: `h${v + 1}` } : null }));
      expect(await store.latestSnapshot(g.id, 5)).toEqual({ version: 3, state: { at: 3 } });
      expect(await store.latestSnapshot(g.id, 6)).toEqual({ version: 6, state: { at: 6 } });
      expect(await store.latestSnapshot(g.id, 2)).toBeNull();
      // Each move read carries the hash of the snapshot stored at its version, if any.
      expect((await store.readMoves(g.id, 2, 4)).map((m) => [m.version, m.stateHash ?? null])).toEqual([
        [3, 'h3'],
        [4, null],
      ]);
    });

    it('creates a game with its whole history at once (import), and deletes a game with its log', async () => {
      const store = make();
      const g = { ...newGame(), version: 2 };
      const history = [1, 2].map((version) => ({
        version,
        seat: 0,
        move: { type: 'm' },
        events: [{ type: `e${version}` }],
        createdAt: new Date(),
      }));
      await store.createGame(g, history);
      expect((await store.readMoves(g.id, 0)).map((m) => m.events[0]!.type)).toEqual(['e1', 'e2']);
      expect(await store.append(cmd(g.id, 2))).toEqual({ kind: 'appended', outbox: [] });
      expect((await store.readMoves(g.id, 0)).flatMap((m) => m.events.map((e) => e.type))).toEqual(['e1', 'e2', 'e1', 'e2']);
      expect(await store.deleteGame(g.id)).toBe(true);
      expect(await store.getGame(g.id)).toBeNull();
      expect(await store.readMoves(g.id, 0)).toEqual([]);
      expect(await store.deleteGame(g.id)).toBe(false);
    });

    it('lists games newest first, filtered, page by page', async () => {
      const store = make();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const g = { ...newGame(), type: 'listed' };
        await store.createGame(g);
        ids.push(g.id);
        await new Promise((r) => setTimeout(r, 5));
      }
      const page1 = await store.listGames({ type: 'listed', limit: 3 });
      expect(page1.map((g) => g.id)).toEqual(ids.slice(2).reverse());
      const last = page1[2]!;
      const page2 = await store.listGames({ type: 'listed', limit: 3, before: { updatedAt: last.updatedAt, id: last.id } });
      expect(page2.map((g) => g.id)).toEqual(ids.slice(0, 2).reverse());
      expect(await store.listGames({ type: 'listed', status: 'finished', limit: 3 })).toEqual([]);
    });
  });
}

describe('GameStore on Postgres: what only the database can show', () => {
  it('numbers events itself, from the log, whatever the deciding process believed (import, appends, races)', async () => {
    const g = { ...newGame(), version: 2 };
    const history = [1, 2].map((version) => ({
      version,
      seat: 0,
      move: { type: 'm' },
      events: [{ type: `e${version}` }, { type: 'x' }],
      createdAt: new Date(),
    }));
    await prisma.createGame(g, history);
    await Promise.all(Array.from({ length: 6 }, () => prisma.append(cmd(g.id, 2))));
    await prisma.append(cmd(g.id, 3, { events: [] }));
    await prisma.append(cmd(g.id, 4, { events: [{ type: 'a' }, { type: 'b' }, { type: 'c' }] }));
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query<{ seq: number; version: number }>('SELECT seq, version FROM events WHERE game_id = $1 ORDER BY seq', [
      g.id,
    ]);
    const {
      rows: [row],
    } = await c.query<{ event_count: number }>('SELECT event_count FROM games WHERE id = $1', [g.id]);
    await c.end();
    expect(rows.map((r) => [r.seq, r.version])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 3],
      [6, 3],
      [7, 5],
      [8, 5],
      [9, 5],
    ]);
    expect(row!.event_count).toBe(9);
  });
});
