import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { PgCommitFeed } from '../../src/store/pg-commit-feed.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import type { GameStore } from '../../src/store/types.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { testRegistry } from '../support/server.js';

/** A real Prisma store whose calls are counted: how many database reads a service makes. */
function counted(store: PrismaGameStore): { store: GameStore; calls: () => number } {
  let n = 0;
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (...args: unknown[]) => (n++, v.apply(target, args)) : v;
    },
  });
  return { store: proxy, calls: () => n };
}

const until = async (f: () => Promise<boolean>, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await f()) return;
  throw new Error('timed out');
};

/**
 * Two services on one database, each with its own commit feed (two server processes' worth):
 * reads of a trusted cached game touch no database; another process's commit, a lost feed
 * connection and the trust horizon each make the next read go to the store.
 */
describe('cache trust over the commit feed (integration, Postgres LISTEN/NOTIFY)', () => {
  let db: TestDatabase;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
    await db?.drop();
  });
  const proc = async (trustMs = 60_000, withFeed = true) => {
    const prisma = new PrismaGameStore(createPrismaClient(db.url, 2));
    const feed = withFeed ? new PgCommitFeed(db.url, { reconnectMs: 50 }) : null;
    await feed?.start();
    closers.push(() => prisma.close(), async () => feed?.close());
    if (feed) await until(async () => feed.live); // the others have heard of it: it may trust now
    const c = counted(prisma);
    return { service: new GameService(c.store, testRegistry(), { feed, cacheTrustMs: trustMs }), calls: c.calls, feed };
  };
  const players = [{ name: 'a' }, { name: 'b' }, { name: 'c' }];

  it('a trusted game is read with no store call; another process\'s commit is replayed from its announcement, to the same state', async () => {
    const a = await proc();
    const b = await proc();
    const { id, seats } = await a.service.createGame({ type: 'sealed-bids', players });
    const before = a.calls();
    await a.service.getGame(id, seats[0]!.token);
    await a.service.legalMoves(id, seats[0]!.token);
    expect(a.calls()).toBe(before); // the creator trusts what it just wrote
    await b.service.getGame(id, undefined); // b loads it from the store
    const loaded = b.calls();
    for (let i = 0; i < 5; i++) await b.service.legalMoves(id, seats[1]!.token);
    expect(b.calls()).toBe(loaded);
    await a.service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 2 });
    // a awaited b's acknowledgement of the announcement before answering: b knows it is behind
    // ...and the announcement carried the move: b replays it on its copy, no store call.
    expect((await b.service.getGame(id, undefined)).version).toBe(1);
    expect(b.calls()).toBe(loaded);
    expect((await b.service.legalMoves(id, seats[1]!.token)).version).toBe(1);
    expect(b.calls()).toBe(loaded);
    expect(await b.service.stateHash(id)).toBe(await a.service.stateHash(id));
    // b's own move is trusted by b at once, and announced to a.
    await b.service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 1 });
    expect((await a.service.getGame(id, undefined)).version).toBe(2);
  });

  it('read-your-writes across processes: a read sent to one process right after another answered a move sees it, every time', async () => {
    const a = await proc();
    const b = await proc();
    const c = await proc(); // a third listener: every other process must acknowledge
    const procs = [a, b, c];
    const { id, seats } = await a.service.createGame({ type: 'ville-de-demain', players: [{ name: 'a' }, { name: 'b' }] });
    for (const p of procs) await p.service.getGame(id, undefined); // every process caches and trusts it
    for (let i = 0; i < 60; i++) {
      const mover = procs[i % 3]!;
      const reader = procs[(i + 1) % 3]!;
      const g = await mover.service.getGame(id, undefined);
      if (g.status !== 'active') break;
      const seat = g.toMove[0]!;
      const legal = await mover.service.legalMoves(id, seats[seat]!.token);
      const r = await mover.service.submitMove(id, seats[seat]!.token, legal.moves[i % legal.moves.length], { expectedVersion: g.version });
      expect((await reader.service.getGame(id, undefined)).version, `move ${i}`).toBe(r.version);
    }
    // Every copy, caught up by replaying announced moves, is the state the log rebuilds.
    const version = (await a.service.getGame(id, undefined)).version;
    const rebuilt = await a.service.stateHash(id, version);
    for (const p of procs) expect(await p.service.stateHash(id)).toBe(rebuilt);
  });

  /**
   * A process whose first game read is held back until `release` is called (the read itself has
   * happened: it returns the row it read then), and whose `append` may be wrapped: interleavings of
   * an unlocked read with a move, made deterministic.
   */
  const heldBack = async (append?: (send: () => Promise<unknown>, release: () => void) => Promise<unknown>) => {
    const prisma = new PrismaGameStore(createPrismaClient(db.url, 2));
    const feed = new PgCommitFeed(db.url);
    await feed.start();
    closers.push(() => prisma.close(), () => feed.close());
    await until(async () => feed.live);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let first = true;
    const store = new Proxy(prisma, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (typeof v !== 'function') return v;
        if (prop === 'getGame')
          return async (...args: unknown[]) => {
            const row = await v.apply(target, args);
            if (first) {
              first = false;
              await held;
            }
            return row;
          };
        if (prop === 'append' && append) return (...args: unknown[]) => append(() => v.apply(target, args), release);
        return v.bind(target);
      },
    }) as GameStore;
    return { service: new GameService(store, testRegistry(), { feed, cacheTrustMs: 60_000 }), release: () => release() };
  };

  it('a load of a game still in flight when this process commits a move to it does not replace the newer copy', async () => {
    const other = await proc();
    const { service, release } = await heldBack();
    const { id, seats } = await other.service.createGame({ type: 'sealed-bids', players });
    const slow = service.getGame(id, undefined); // reads version 0, then waits
    await new Promise((r) => setTimeout(r, 50));
    expect((await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 2 })).version).toBe(1);
    release();
    expect((await slow).version).toBe(1); // that read landed after the commit: it answers the newer copy...
    expect((await service.getGame(id, undefined)).version).toBe(1); // ...and did not replace it
    expect(await service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 1 })).toMatchObject({ version: 2 });
  });

  it('a load that lands while a move is being decided on another copy does not hide that move', async () => {
    const other = await proc();
    let slow: Promise<unknown> | null = null;
    // The append waits until the held-back read has landed in the cache.
    const { service } = await heldBack(async (send, release) => {
      release();
      await slow;
      return send();
    });
    const { id, seats } = await other.service.createGame({ type: 'sealed-bids', players });
    slow = service.getGame(id, undefined); // an unlocked read (a hook's, say): version 0, held back
    await new Promise((r) => setTimeout(r, 50));
    expect((await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 2 })).version).toBe(1);
    expect((await service.getGame(id, undefined)).version).toBe(1);
    expect(await service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 1 })).toMatchObject({ version: 2 });
  });

  it('a lost feed connection untrusts every cached game until it is back; then trust resumes', async () => {
    const a = await proc();
    const { id } = await a.service.createGame({ type: 'sealed-bids', players });
    await a.service.getGame(id, undefined);
    const n = a.calls();
    await a.service.getGame(id, undefined);
    expect(a.calls()).toBe(n);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const epoch = a.feed!.epoch;
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'citybuilder-commit-feed' AND datname = current_database()`);
    await admin.end();
    await until(async () => a.feed!.epoch !== epoch);
    await a.service.getGame(id, undefined);
    expect(a.calls()).toBeGreaterThan(n); // checked against the store, not served on trust
    await until(async () => a.feed!.live);
    await a.service.getGame(id, undefined); // the first read after reconnecting confirms it...
    const m = a.calls();
    await a.service.getGame(id, undefined); // ...and the next is trusted again
    expect(a.calls()).toBe(m);
  });

  it('a commit nobody announced (its process died first) is seen once the trust horizon passes', async () => {
    const b = await proc(300);
    const silent = await proc(60_000, false); // commits without announcing
    const { id, seats } = await silent.service.createGame({ type: 'sealed-bids', players });
    expect((await b.service.getGame(id, undefined)).version).toBe(0);
    await silent.service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 1 });
    expect((await b.service.getGame(id, undefined)).version).toBe(0); // trusted, and stale
    await new Promise((r) => setTimeout(r, 350));
    expect((await b.service.getGame(id, undefined)).version).toBe(1);
    // Writes never rely on trust: b decides on the stored state.
    expect((await b.service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 1 })).version).toBe(2);
  });

  it('a game deleted by another process is gone for every process at once', async () => {
    const a = await proc();
    const b = await proc();
    const { id } = await a.service.createGame({ type: 'sealed-bids', players });
    await b.service.getGame(id, undefined);
    const opStore = new PrismaGameStore(createPrismaClient(db.url, 1));
    closers.push(() => opStore.close());
    const op = new GameService(opStore, testRegistry(), { operatorToken: 'op', feed: a.feed, cacheTrustMs: 60_000 });
    await op.deleteGame('op', id);
    await until(async () => (await b.service.getGame(id, undefined).then(() => false, (e) => e.code === 'NOT_FOUND')));
  });
});
