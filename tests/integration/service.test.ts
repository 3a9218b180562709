import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { AppError } from '../../src/app/errors.js';
import { Rng } from '../../src/engine/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { townCenter } from '../../src/games/town-center/index.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { sealedBids } from '../support/sealed-bids.js';
import { testRegistry } from '../support/server.js';

const code = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, message: e.message, extra: e.extra };
    throw e;
  }
  throw new Error('expected an error');
};

describe('game service on Postgres (integration)', () => {
  let db: TestDatabase;
  let stores: PrismaGameStore[] = [];
  const newService = (opts: ConstructorParameters<typeof GameService>[2] = {}, registry = testRegistry()) => {
    const store = new PrismaGameStore(createPrismaClient(db.url, 4));
    stores.push(store);
    return new GameService(store, registry, { operatorToken: 'op', ...opts });
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    stores = [];
    await db?.drop();
  });

  it('replaying the stored log gives, at every version, exactly the live state (snapshots every 7 moves, cache dropped)', async () => {
    const service = newService({ snapshotEvery: 7 });
    const { id, seats } = await service.createGame({
      type: 'town-center',
      players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      seed: 'replay-hash',
    });
    const rng = Rng.fromSeed('replay-hash-choices');
    const live: string[] = [await service.stateHash(id)];
    for (;;) {
      const g = await service.getGame(id, undefined);
      if (g.status === 'finished') break;
      const seat = rng.pick(g.toMove);
      const { moves } = await service.legalMoves(id, seats[seat]!.token);
      await service.submitMove(id, seats[seat]!.token, rng.pick(moves));
      live.push(await service.stateHash(id));
    }
    expect(live.length).toBeGreaterThan(20);
    service.clearCache();
    expect(await service.stateHash(id)).toBe(live[live.length - 1]); // loaded from the last snapshot + the moves after it
    const fresh = newService({ snapshotEvery: 7 }); // another process, nothing cached
    for (let v = 0; v < live.length; v++) expect(await fresh.stateHash(id, v), `version ${v}`).toBe(live[v]);
  });

  it('a retry with the same Idempotency-Key is applied once and gets the first answer', async () => {
    const service = newService();
    const { id, seats } = await service.createGame({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    const first = await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 2 }, { idempotencyKey: 'k1' });
    const again = await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 2 }, { idempotencyKey: 'k1' });
    expect(again).toEqual(first);
    expect((await service.getGame(id, undefined)).version).toBe(1);
    const other = newService(); // the retry reaches another server process
    expect(await other.submitMove(id, seats[0]!.token, { type: 'bid', amount: 2 }, { idempotencyKey: 'k1' })).toEqual(first);
    expect((await service.events(id, undefined)).moves).toHaveLength(1);
    // The same key for a different move is a client error, not a silent replay of the first answer.
    const reused = await code(service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 3 }, { idempotencyKey: 'k1' }));
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.message).toMatch(/already used by this seat for another move/);
  });

  it('a stale expectedVersion is a VERSION_CONFLICT naming the current version; nothing is written', async () => {
    const service = newService();
    const { id, seats } = await service.createGame({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 1 }, { expectedVersion: 0 });
    const e = await code(service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 1 }, { expectedVersion: 0 }));
    expect(e.code).toBe('VERSION_CONFLICT');
    expect(e.extra.currentVersion).toBe(1);
    expect((await service.getGame(id, undefined)).version).toBe(1);
  });

  it('a process whose cache is behind accepts a move sent with the true current expectedVersion', async () => {
    const a = newService();
    const b = newService();
    const { id, seats } = await a.createGame({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    await b.getGame(id, undefined); // b caches version 0
    await a.submitMove(id, seats[0]!.token, { type: 'bid', amount: 1 });
    const r = await b.submitMove(id, seats[1]!.token, { type: 'bid', amount: 1 }, { expectedVersion: 1 });
    expect(r.version).toBe(2);
  });

  it('three server processes taking simultaneous moves for one game lose none and duplicate none', async () => {
    const procs = [newService(), newService(), newService()];
    const n = 15;
    const rounds = 3;
    const { id, seats } = await procs[0]!.createGame({
      type: 'sealed-bids',
      players: Array.from({ length: n }, (_, i) => ({ name: `p${i}` })),
      options: { rounds },
    });
    await Promise.all(procs.map((p) => p.getGame(id, undefined))); // every process caches version 0, then all race
    for (let round = 0; round < rounds; round++) {
      const results = await Promise.all(seats.map((s, i) => procs[i % 3]!.submitMove(id, s.token, { type: 'bid', amount: 1 })));
      expect(new Set(results.map((r) => r.version)).size).toBe(n);
    }
    const g = await procs[1]!.getGame(id, undefined);
    expect(g.version).toBe(rounds * n);
    expect(g.status).toBe('finished');
    const log = await procs[2]!.events(id, undefined);
    expect(log.moves.map((m) => m.version)).toEqual(Array.from({ length: rounds * n }, (_, i) => i + 1));
    for (let s = 0; s < n; s++) expect(log.moves.filter((m) => m.seat === s)).toHaveLength(rounds);
    // Every process ends with the same state as a replay from the log.
    const hashes = await Promise.all(procs.map((p) => p.stateHash(id)));
    expect(new Set(hashes).size).toBe(1);
    expect(await newService().stateHash(id, rounds * n)).toBe(hashes[0]);
  });

  it('hidden information: a sealed bid is readable by its seat only, and the generator state by nobody', async () => {
    const service = newService();
    const { id, seats } = await service.createGame({ type: 'sealed-bids', players: [{ name: 'a' }, { name: 'b' }] });
    await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 3 });
    const mine = await service.events(id, seats[0]!.token);
    const theirs = await service.events(id, seats[1]!.token);
    const spectator = await service.events(id, undefined);
    expect(mine.moves[0]!.events[0]).toEqual({ type: 'bidPlaced', seat: 0, amount: 3 });
    expect(theirs.moves[0]!.events[0]).toEqual({ type: 'bidPlaced', seat: 0 });
    expect(spectator.moves[0]!.events[0]).toEqual({ type: 'bidPlaced', seat: 0 });
    expect((await service.getGame(id, seats[1]!.token)).view).toMatchObject({ bids: ['sealed', null] });
    await service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 0 });
    const all = JSON.stringify(await service.events(id, undefined));
    expect(all).not.toContain('"rng"');
  });

  it('a record of a running game has no seed and cannot be imported; a finished one re-imports', async () => {
    const service = newService();
    const { id, seats } = await service.createGame({
      type: 'sealed-bids',
      players: [{ name: 'a' }, { name: 'b' }],
      options: { rounds: 1 },
      seed: 'rec',
    });
    await service.submitMove(id, seats[0]!.token, { type: 'bid', amount: 1 });
    const running = await service.record(id, undefined);
    expect(running.seed).toBeUndefined();
    expect((await code(service.importRecord(running))).code).toBe('IMPORT_INVALID');
    await service.submitMove(id, seats[1]!.token, { type: 'bid', amount: 2 });
    const done = await service.record(id, undefined);
    expect(done.seed).toBe('rec');
    const copy = await service.importRecord(done);
    expect(await service.stateHash(copy.id)).toBe(await service.stateHash(id));
  });

  it('an import with an illegal move names the move and the rule, and writes nothing', async () => {
    const service = newService();
    const before = (await service.listGames('op', { limit: 200 })).games.length;
    const e = await code(
      service.importRecord({
        format: 'citybuilder-record/1',
        type: 'sealed-bids',
        engineVersion: 1,
        options: {},
        players: [
          { seat: 0, name: 'a' },
          { seat: 1, name: 'b' },
        ],
        seed: 's',
        status: 'finished',
        version: 2,
        moves: [
          { version: 1, seat: 0, move: { type: 'bid', amount: 1 } },
          { version: 2, seat: 0, move: { type: 'bid', amount: 1 } },
        ],
      }),
    );
    expect(e.code).toBe('IMPORT_INVALID');
    expect(e.message).toMatch(/move 2 is illegal: It is not seat 0's turn/);
    expect(e.extra).toMatchObject({ index: 1, violation: 'NOT_YOUR_TURN' });
    expect((await service.listGames('op', { limit: 200 })).games.length).toBe(before);
  });

  it('a game started under an engine version this server no longer has is refused clearly, not replayed under new rules', async () => {
    const service = newService();
    const { id } = await service.createGame({ type: 'town-center', players: [{ name: 'a' }, { name: 'b' }] });
    const newer = { ...townCenter, engineVersion: townCenter.engineVersion + 1 };
    const upgraded = newService({}, new GameRegistry([newer, sealedBids]));
    const e = await code(upgraded.getGame(id, undefined));
    expect(e.code).toBe('ENGINE_VERSION_UNSUPPORTED');
    expect(e.message).toContain(`engine version ${townCenter.engineVersion}`);
    // With both versions registered, the old game replays under its own rules; new games get the newest.
    const both = newService({}, new GameRegistry([townCenter, newer]));
    expect((await both.getGame(id, undefined)).engineVersion).toBe(townCenter.engineVersion);
    expect((await both.createGame({ type: 'town-center', players: [{ name: 'a' }, { name: 'b' }] })).engineVersion).toBe(
      newer.engineVersion,
    );
    const legal = await both
      .legalMoves(id, (await service.createGame({ type: 'sealed-bids', players: [{ name: 'x' }, { name: 'y' }] })).seats[0]!.token)
      .catch((err: AppError) => err.code);
    expect(legal).toBe('UNAUTHORIZED'); // a token of another game is not a token of this one
  });
});
