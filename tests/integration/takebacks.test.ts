import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { GameService } from '../../src/app/game-service.js';
import { readTextRecord, textRecordOf } from '../../src/app/text-record.js';
import { Rng, type Json } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

/**
 * Takebacks on the game service over Postgres, for each of the four games: random games in which
 * seats take back undoable moves (at once within their own turn, else with the other seats'
 * consent) and try to take back the others. Each allowed takeback restores exactly the full state
 * before the undone move (canonical hash, hidden parts included); each refusal gives the reason the
 * engine's `undoable` names; replay equals live at every version, from the store alone; the log marks
 * undone entries `undoneBy`; the record and the text record, takebacks included, import to the same
 * state. Then the refusals that do not depend on the engine (nothing-to-undo, game-setting,
 * other-seat-acted, request-pending) and the consent flow (accept, decline, voided by a move).
 */

const refusal = async (p: Promise<unknown>): Promise<{ code: string; reason?: string }> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, reason: e.extra.reason as string | undefined };
    throw e;
  }
  throw new Error('expected a refusal');
};

/** Per game: seats, and the refusal reasons its random games must meet (those its rules have). */
/** `chains`: turns have several moves, so takebacks in a row go further back within one (Ma Petite Ville's turn is a draw,
 * random, then one placement). */
const GAMES: { type: string; players: number; reasons: string[]; chains: boolean }[] = [
  { type: 'town-center', players: 3, reasons: ['random-draw'], chains: true },
  { type: 'ma-petite-ville', players: 2, reasons: ['random-draw'], chains: false },
  { type: 'city-tycoon', players: 3, reasons: ['random-draw', 'hidden-reveal'], chains: false },
  { type: 'ville-de-demain', players: 3, reasons: ['random-draw'], chains: true },
];

describe('takebacks on the game service (integration)', () => {
  let db: TestDatabase;
  let store: PrismaGameStore;
  let service: GameService;
  let takebacks: GameService['takebacks'];
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PrismaGameStore(createPrismaClient(db.url, 4));
    service = new GameService(store, defaultRegistry(), { operatorToken: 'op', snapshotEvery: 9 });
    takebacks = service.takebacks;
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  for (const spec of GAMES) {
    it(`${spec.type}: allowed takebacks restore the exact state; refusals give the engine's ` +
      `reason; replay equals live; records with takebacks import to the same state`, async () => {
      const { id, seats } = await service.createGame({
        type: spec.type,
        players: Array.from({ length: spec.players }, (_, i) => ({ name: `P${i}` })),
        seed: `takeback-${spec.type}`,
        takebacks: 'with-consent',
      });
      const token = (seat: number) => seats[seat]!.token;
      const rng = Rng.fromSeed(`takeback-choices-${spec.type}`);
      const live = new Map<number, string>([[0, await service.stateHash(id)]]);
      const undoneBy = new Map<number, number>();
      const reasons = new Set<string>();
      let own = 0;
      let consented = 0;
      let chained = 0;
      const takebackVersions = new Set<number>();
      for (let guard = 0; ; guard++) {
        expect(guard).toBeLessThan(3000);
        const g = await service.getGame(id, undefined);
        if (g.status === 'finished') break;
        const seat = rng.pick(g.toMove);
        const before = await service.stateHash(id);
        const { moves } = await service.legalMoves(id, token(seat));
        const r = await service.submitMove(id, token(seat), rng.pick(moves));
        live.set(r.version, await service.stateHash(id));
        const [entry] = (await service.events(id, undefined, r.version - 1, 1)).moves;
        expect(entry!.version).toBe(r.version);
        if (!entry!.undoable) {
          // Not undoable: refused with the reason the engine gives (the first few times of each).
          if (reasons.size < spec.reasons.length || rng.int(20) === 0) {
            const refused = await refusal(takebacks.takeback(id, token(seat)));
            expect(refused.code).toBe('TAKEBACK_NOT_ALLOWED');
            expect(spec.reasons).toContain(refused.reason);
            reasons.add(refused.reason!);
          }
          continue;
        }
        if (rng.int(4) !== 0 || r.status === 'finished') continue;
        let t = await takebacks.takeback(id, token(seat));
        if (t.takebackRequest) {
          // After the turn: every other seat consents; the last one's acceptance appends the takeback.
          expect(t.takebackRequest).toEqual({ seat, undo: r.version, acceptedBy: [] });
          expect((await service.getGame(id, undefined)).takebackRequest).toEqual(t.takebackRequest);
          const others = seats.map((x) => x.seat).filter((x) => x !== seat);
          for (const other of others) t = await takebacks.accept(id, token(other));
          consented++;
        } else own++;
        expect(t.version).toBe(r.version + 1);
        expect(t.events).toEqual([{ type: '@restored', undone: r.version }]);
        // The state after the takeback is exactly the state before the undone move.
        expect(await service.stateHash(id)).toBe(before);
        expect(before).toBe(live.get(r.version - 1));
        live.set(t.version, before);
        undoneBy.set(r.version, t.version);
        takebackVersions.add(t.version);
        expect((await service.getGame(id, undefined)).takebackRequest).toBeUndefined();
        if (t.takebackRequest === undefined && own % 2 === 1) {
          // Again at once: further back within the same turn when the seat's previous move is of this turn and undoable.
          const again = await takebacks.takeback(id, token(seat)).catch((e: unknown) => {
            if (e instanceof AppError && e.code === 'TAKEBACK_NOT_ALLOWED') return null;
            throw e;
          });
          if (again?.takebackRequest) await takebacks.decline(id, token(seats.find((x) => x.seat !== seat)!.seat));
          else if (again) {
            const undone = (again.events[0] as { undone: number }).undone;
            expect(await service.stateHash(id)).toBe(live.get(undone - 1));
            live.set(again.version, live.get(undone - 1)!);
            // Every entry from `undone` on still in effect (neither undone nor a takeback) is undone by this one.
            for (let v = undone; v < again.version; v++) if (!undoneBy.has(v) && !takebackVersions.has(v)) undoneBy.set(v, again.version);
            takebackVersions.add(again.version);
            chained++;
          }
        }
      }
      expect(own + consented, 'takebacks made').toBeGreaterThan(0);
      if (spec.chains) expect(chained, 'takebacks in a row within one turn').toBeGreaterThan(0);
      expect([...reasons].sort()).toEqual([...spec.reasons].sort());

      // Replay equals live at every version, from the store alone.
      service.clearCache();
      const version = (await service.getGame(id, undefined)).version;
      for (let v = 0; v <= version; v++) expect(await service.stateHash(id, v), `version ${v}`).toBe(live.get(v));
      // The log marks each undone entry with its takeback, and a takeback entry is never undoable.
      const log = [];
      for (let after = 0; after < version; after += 1000) log.push(...(await service.events(id, undefined, after, 1000)).moves);
      expect(log.length).toBe(version);
      for (const m of log) {
        expect(m.undoneBy, `version ${m.version}`).toBe(undoneBy.get(m.version));
        if (m.origin === 'takeback') expect(m.undoable).toBe(false);
      }
      // The replay at an undone version says so.
      const [firstUndone] = [...undoneBy.keys()];
      expect((await service.replay(id, undefined, firstUndone!)).undoneBy).toBe(undoneBy.get(firstUndone!));

      // The JSON record and the text record, takebacks and all, import to the same state.
      const record = await service.record(id, undefined);
      expect(record.moves.filter((m) => m.origin === 'takeback').map((m) => m.version)).toEqual(
        [...takebackVersions].sort((a, b) => a - b),
      );
      for (const m of record.moves) expect(m.undoneBy).toBe(undoneBy.get(m.version));
      const imported = await service.importRecord(record as unknown as Json);
      expect(await service.stateHash(imported.id)).toBe(await service.stateHash(id));
      const text = await textRecordOf(service, id, undefined);
      expect(text).toMatch(/~~.+~~/); // undone moves struck through
      expect(text).toMatch(/\{takeback \d+\}/);
      const read = readTextRecord(service.registry, text);
      const fromText = await service.importRecord(read.record as unknown as Json);
      expect(await service.stateHash(fromText.id)).toBe(await service.stateHash(id));
    }, 120_000);
  }

  it('a takeback retried with its Idempotency-Key gets the first answer and undoes nothing ' +
    'more; the key of a move, or of another version, is IDEMPOTENCY_KEY_REUSED', async () => {
    const g = await service.createGame({
      type: 'town-center',
      players: [{ name: 'A' }, { name: 'B' }],
      seed: 'takeback-key',
      takebacks: 'own-turn',
    });
    const tok = (seat: number) => g.seats[seat]!.token;
    const rng = Rng.fromSeed('takeback-key-choices');
    // Play until a seat's move is undoable and the seat is still to move (its own turn goes on).
    let seat = -1;
    let at = 0;
    for (let guard = 0; guard < 500 && seat < 0; guard++) {
      const mover = (await service.getGame(g.id, undefined)).toMove[0]!;
      const r = await service.submitMove(g.id, tok(mover), rng.pick((await service.legalMoves(g.id, tok(mover))).moves));
      const [entry] = (await service.events(g.id, undefined, r.version - 1, 1)).moves;
      if (entry!.undoable && r.toMove.includes(mover) && r.status === 'active') [seat, at] = [mover, r.version];
    }
    expect(seat).toBeGreaterThanOrEqual(0);
    const first = await takebacks.takeback(g.id, tok(seat), undefined, 'takeback-1');
    expect(first.version).toBe(at + 1);
    // The retry (the answer was lost, say): the same answer, no second takeback.
    expect(await takebacks.takeback(g.id, tok(seat), undefined, 'takeback-1')).toEqual(first);
    expect(await takebacks.takeback(g.id, tok(seat), at, 'takeback-1')).toEqual(first);
    expect((await service.getGame(g.id, undefined)).version).toBe(first.version);
    expect(await store.takebackEntries(g.id)).toEqual([{ version: at + 1, undo: at }]);
    // The same key for a takeback of another version, or a move's key for a takeback: refused.
    expect(await refusal(takebacks.takeback(g.id, tok(seat), at - 1, 'takeback-1'))).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      reason: undefined,
    });
    const moved = await service.submitMove(g.id, tok(seat), (await service.legalMoves(g.id, tok(seat))).moves[0], {
      idempotencyKey: 'move-1',
    });
    expect(await refusal(takebacks.takeback(g.id, tok(seat), undefined, 'move-1'))).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      reason: undefined,
    });
    expect((await service.getGame(g.id, undefined)).version).toBe(moved.version);
  }, 60_000);

  it('refusals the rules of takebacks give: nothing-to-undo, game-setting (none, and own-turn ' +
    'after the turn), other-seat-acted, request-pending; the consent flow: declined, voided by ' +
    'a move', async () => {
    const create = (takebacks: string) =>
      service.createGame({
        type: 'ville-de-demain',
        players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
        seed: 'takeback-rules',
        takebacks,
      });
    // The first step of Ville de Demain is undoable in this seed (checked below by the log).
    const none = await create('none');
    expect((await service.getGame(none.id, undefined)).takebacks).toBe('none');
    expect(await refusal(takebacks.takeback(none.id, none.seats[0]!.token))).toEqual({
      code: 'TAKEBACK_NOT_ALLOWED',
      reason: 'game-setting',
    });

    const g = await create('own-turn');
    const tok = (seat: number) => g.seats[seat]!.token;
    expect(await refusal(takebacks.takeback(g.id, tok(0)))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'nothing-to-undo' });
    expect(await refusal(takebacks.takeback(g.id, tok(0), 1))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'nothing-to-undo' });
    const rng = Rng.fromSeed('takeback-rules-choices');
    // Play until seat 0's undoable move is followed by another seat's move.
    let mine = 0;
    for (let guard = 0; guard < 500; guard++) {
      const now = await service.getGame(g.id, undefined);
      const seat = now.toMove[0]!;
      const r = await service.submitMove(g.id, tok(seat), rng.pick((await service.legalMoves(g.id, tok(seat))).moves));
      const [entry] = (await service.events(g.id, undefined, r.version - 1, 1)).moves;
      if (seat === 0 && entry!.undoable && !r.toMove.includes(0)) {
        // Its turn is over and nobody acted yet: own-turn games do not undo it.
        expect(await refusal(takebacks.takeback(g.id, tok(0)))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'game-setting' });
        mine = r.version;
      }
      if (mine && seat !== 0) break;
    }
    expect(mine).toBeGreaterThan(0);
    expect(await refusal(takebacks.takeback(g.id, tok(0), mine))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'other-seat-acted' });
    // not its move
    expect(await refusal(takebacks.takeback(g.id, tok(1), mine))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'nothing-to-undo' });

    // With consent: a request, a second one refused, a decline; a new request voided by the next move.
    const c = await create('with-consent');
    const ctok = (seat: number) => c.seats[seat]!.token;
    const crng = Rng.fromSeed('takeback-consent-choices');
    let asked = 0;
    for (let guard = 0; guard < 500 && !asked; guard++) {
      const now = await service.getGame(c.id, undefined);
      const seat = now.toMove[0]!;
      const r = await service.submitMove(c.id, ctok(seat), crng.pick((await service.legalMoves(c.id, ctok(seat))).moves));
      const [entry] = (await service.events(c.id, undefined, r.version - 1, 1)).moves;
      if (entry!.undoable && !r.toMove.includes(seat) && r.status === 'active') {
        const t = await takebacks.takeback(c.id, ctok(seat));
        expect(t.takebackRequest).toEqual({ seat, undo: r.version, acceptedBy: [] });
        asked = seat + 1;
      }
    }
    expect(asked).toBeGreaterThan(0);
    const asker = asked - 1;
    const [x, y] = [0, 1, 2].filter((s) => s !== asker) as [number, number];
    expect(await refusal(takebacks.takeback(c.id, ctok(asker)))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'request-pending' });
    const half = await takebacks.accept(c.id, ctok(x));
    expect(half.takebackRequest!.acceptedBy).toEqual([x]);
    const versionBefore = half.version;
    const declined = await takebacks.decline(c.id, ctok(y));
    expect(declined.takebackRequest).toBeUndefined();
    expect((await service.getGame(c.id, undefined)).takebackRequest).toBeUndefined();
    expect((await service.getGame(c.id, undefined)).version).toBe(versionBefore); // nothing appended
    expect(await refusal(takebacks.accept(c.id, ctok(x)))).toEqual({ code: 'TAKEBACK_NOT_ALLOWED', reason: 'nothing-to-undo' });
    // Asked again, then the seat to move moves: the request is void.
    expect((await takebacks.takeback(c.id, ctok(asker))).takebackRequest).toBeDefined();
    expect(await refusal(takebacks.accept(c.id, ctok(asker)))).toEqual({ code: 'FORBIDDEN', reason: undefined });
    const next = (await service.getGame(c.id, undefined)).toMove[0]!;
    await service.submitMove(c.id, ctok(next), (await service.legalMoves(c.id, ctok(next))).moves[0]);
    expect((await service.getGame(c.id, undefined)).takebackRequest).toBeUndefined();
    expect(await refusal(takebacks.accept(c.id, ctok(next === x ? y : x)))).toEqual({
      code: 'TAKEBACK_NOT_ALLOWED',
      reason: 'nothing-to-undo',
    });
  }, 60_000);
});
