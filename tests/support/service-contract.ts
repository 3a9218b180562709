import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { GameService } from '../../src/app/game-service.js';
import { canonicalHash, Rng, type Move } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import type { GameStore } from '../../src/store/types.js';

/**
 * The game service's contract (issue 30): the cases of every command (moves, idempotency, takebacks,
 * resignation, mail moves, timeouts played by the stand-in, bots' moves) on two services sharing one
 * store, as two server processes share one database: each has its own cached games and its own
 * per-game lock, and only the store coordinates them. Run against the in-memory store in the unit
 * project (tests/unit/service-contract.test.ts) and against Postgres in the integration project
 * (tests/integration/service-contract.test.ts). Clocks are SQL (src/store/clock-store.ts): their
 * cases are end-to-end (tests/e2e/command-rules.test.ts, time-controls.test.ts).
 */
export interface ContractStores {
  /** Two handles onto the same data: one per "process". */
  stores(): Promise<[GameStore, GameStore]>;
  close(): Promise<void>;
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, extra: e.extra };
    throw e;
  }
  throw new Error('expected an error');
};

export function serviceContract(name: string, make: () => ContractStores) {
  describe(`the game service's contract: ${name}`, () => {
    const registry = defaultRegistry();
    const two = async () => {
      const c = make();
      const [sa, sb] = await c.stores();
      return { a: new GameService(sa, registry), b: new GameService(sb, registry), close: c.close };
    };
    const create = async (svc: GameService, type: string, players: object[], extra: object = {}) => {
      const g = await svc.createGame({ type, players: players as never, seed: `contract-${type}`, ...extra });
      return { id: g.id as string, tokens: (g.seats as { token?: string }[]).map((x) => x.token ?? '') };
    };
    /** A random legal move of the seat to move, and its token. */
    const anyMove = async (svc: GameService, g: { id: string; tokens: string[] }, rng: Rng) => {
      const now = await svc.getGame(g.id, undefined);
      const seat = now.toMove[0]!;
      const legal = await svc.legalMoves(g.id, g.tokens[seat]);
      return { seat, token: g.tokens[seat]!, move: rng.pick(legal.moves as unknown as Move[]), version: now.version };
    };

    it(
      'a move appends once; the same Idempotency-Key on either process gets the first answer; ' + 'another move under it is refused',
      async () => {
        const { a, b, close } = await two();
        try {
          const g = await create(a, 'ville-de-demain', [{ name: 'x' }, { name: 'y' }]);
          const m = await anyMove(a, g, Rng.fromSeed('idem'));
          const [ra, rb] = await Promise.all([
            a.submitMove(g.id, m.token, m.move, { idempotencyKey: 'k1' }),
            b.submitMove(g.id, m.token, m.move, { idempotencyKey: 'k1' }),
          ]);
          expect(ra).toEqual(rb);
          expect(ra.version).toBe(1);
          expect((await b.getGame(g.id, undefined)).version).toBe(1);
          const other = await anyMove(a, g, Rng.fromSeed('other'));
          if (other.seat === m.seat && canonicalHash(other.move) !== canonicalHash(m.move)) {
            expect((await failure(a.submitMove(g.id, m.token, other.move, { idempotencyKey: 'k1' }))).code).toBe('IDEMPOTENCY_KEY_REUSED');
          }
        } finally {
          await close();
        }
      },
    );

    it(
      'expectedVersion: a stale one is a 409 with the current version; moves without it sent to ' + 'both processes at once all land',
      async () => {
        const { a, b, close } = await two();
        try {
          const g = await create(a, 'ville-de-demain', [{ name: 'x' }, { name: 'y' }]);
          await b.getGame(g.id, undefined); // both hold it
          const m = await anyMove(a, g, Rng.fromSeed('ev'));
          await a.submitMove(g.id, m.token, m.move, { expectedVersion: 0 });
          const stale = await failure(b.submitMove(g.id, m.token, m.move, { expectedVersion: 0 }));
          expect(stale).toMatchObject({ code: 'VERSION_CONFLICT', status: 409, extra: { currentVersion: 1 } });
          // Resignations of two seats of a four-seat game, one on each process: both land, in some order.
          const four = await create(a, 'ville-de-demain', [{ name: 'p' }, { name: 'q' }, { name: 'r' }, { name: 's' }]);
          await b.getGame(four.id, undefined);
          const [r1, r2] = await Promise.all([
            a.handle(four.id, { kind: 'resign', token: four.tokens[1] }),
            b.handle(four.id, { kind: 'resign', token: four.tokens[2] }),
          ]);
          expect([r1.version, r2.version].sort()).toEqual([1, 2]);
          expect((await failure(a.handle(four.id, { kind: 'resign', token: four.tokens[1] }))).code).toBe('ALREADY_RESIGNED');
        } finally {
          await close();
        }
      },
    );

    it("a resigned seat's turns are played by the stand-in, logged as such; a two-seat game ends", async () => {
      const { a, close } = await two();
      try {
        const g = await create(a, 'town-center', [{ name: 'x' }, { name: 'y' }, { name: 'z' }]);
        const first = (await a.getGame(g.id, undefined)).toMove[0]!;
        await a.handle(g.id, { kind: 'resign', token: g.tokens[first] });
        const log = await a.events(g.id, undefined);
        expect(log.moves[0]).toMatchObject({ version: 1, seat: first, origin: 'resign' });
        expect(log.moves.slice(1).some((m: { origin?: string; seat: number }) => m.origin === 'resigned' && m.seat === first)).toBe(true);
        expect((await a.getGame(g.id, undefined)).toMove).not.toContain(first);
        const duel = await create(a, 'ville-de-demain', [{ name: 'x' }, { name: 'y' }]);
        const over = await a.handle(duel.id, { kind: 'resign-seat', seat: 0 });
        expect(over.status).toBe('finished');
        expect((await failure(a.handle(duel.id, { kind: 'resign-seat', seat: 5 }))).code).toBe('INVALID_INPUT');
      } finally {
        await close();
      }
    });

    it(
      'takebacks: undone now within the turn, the position restored exactly; the same key on ' + 'both processes at once gets one answer',
      async () => {
        const { a, b, close } = await two();
        try {
          const g = await create(a, 'ville-de-demain', [{ name: 'x' }, { name: 'y' }, { name: 'z' }]);
          await b.getGame(g.id, undefined);
          const rng = Rng.fromSeed('takeback');
          for (let guard = 0; ; guard++) {
            expect(guard).toBeLessThan(300);
            const m = await anyMove(a, g, rng);
            const before = await a.stateHash(g.id);
            const r = await a.submitMove(g.id, m.token, m.move);
            const entry = (await a.events(g.id, undefined, r.version - 1, 1)).moves[0] as { undoable: boolean };
            if (!entry.undoable || !r.toMove.includes(m.seat) || r.status !== 'active') continue;
            const [ta, tb] = await Promise.all([
              a.takebacks.takeback(g.id, m.token, undefined, 'tk'),
              b.takebacks.takeback(g.id, m.token, undefined, 'tk'),
            ]);
            expect(ta).toEqual(tb);
            expect(ta.version).toBe(r.version + 1);
            expect(await b.stateHash(g.id)).toBe(before);
            expect((await failure(a.takebacks.accept(g.id, m.token))).code).toBe('TAKEBACK_NOT_ALLOWED');
            return;
          }
        } finally {
          await close();
        }
      },
    );

    it("a move by mail is read in the seat's position, played once per mail key, and refused with the legal moves listed", async () => {
      const { a, b, close } = await two();
      try {
        const g = await create(a, 'ville-de-demain', [{ name: 'x' }, { name: 'y' }]);
        const seat = (await a.getGame(g.id, undefined)).toMove[0]!;
        const legal = await a.legalMoves(g.id, g.tokens[seat]);
        const line = legal.notations[0]!;
        const [ma, mb] = await Promise.all([
          a.handle(g.id, { kind: 'mail-move', seat, line }, { idempotencyKey: 'mail-1' }),
          b.handle(g.id, { kind: 'mail-move', seat, line }, { idempotencyKey: 'mail-1' }),
        ]);
        expect(ma.version).toBe(1);
        expect(mb.version).toBe(1);
        expect((await a.events(g.id, undefined)).moves.map((m: { origin?: string }) => m.origin)).toEqual(['mail']);
        const refused = await failure(
          a.handle(
            g.id,
            { kind: 'mail-move', seat: (await a.getGame(g.id, undefined)).toMove[0]!, line: 'not a move at all' },
            { idempotencyKey: 'mail-2' },
          ),
        );
        expect(refused.code).toBe('INVALID_INPUT');
      } finally {
        await close();
      }
    });

    it(
      "a bot's move chosen at a version the game left is not appended, on a process whose copy " +
        'is behind (no wait on its own lock); at the current version it is',
      async () => {
        const { a, b, close } = await two();
        try {
          const g = await create(a, 'city-tycoon', [{ name: 'p' }, { bot: 'random' }]);
          const turn = (await a.botTurn(g.id, 0))!;
          expect(turn.seat).toBe(1);
          // The person's draft choice lands on the other process while the bot "thinks".
          const legal = await b.legalMoves(g.id, g.tokens[0]);
          await b.submitMove(g.id, g.tokens[0], legal.moves[0]);
          const stale = await a.handle(g.id, { kind: 'bot-move', version: 0, seat: 1, move: turn.task.legal[0]!, playedBy: 'random' });
          expect(stale).toBe(false);
          const now = (await a.botTurn(g.id, 1))!;
          expect(await a.handle(g.id, { kind: 'bot-move', version: 1, seat: 1, move: now.task.legal[0]!, playedBy: 'random' })).toBe(true);
          const log = (await b.events(g.id, undefined)).moves as { origin?: string; bot?: string }[];
          expect(log.at(-1)).toMatchObject({ origin: 'bot', bot: 'random' });
          // A job for a version the game has left gets no turn.
          expect(await a.botTurn(g.id, 1)).toBeNull();
        } finally {
          await close();
        }
      },
    );

    it('a timeout played by the stand-in is logged as such; nothing is played for a seat that no longer has to act', async () => {
      const { a, close } = await two();
      try {
        const g = await create(a, 'ville-de-demain', [{ name: 'x' }, { name: 'y' }]);
        const seat = (await a.getGame(g.id, undefined)).toMove[0]!;
        const r = await a.handle(g.id, { kind: 'timeout', seat });
        expect(r?.version).toBe(1);
        expect((await a.events(g.id, undefined)).moves[0]).toMatchObject({ seat, origin: 'timeout' });
        const waiting = (await a.getGame(g.id, undefined)).toMove;
        const other = [0, 1].find((x) => !waiting.includes(x))!;
        expect(await a.handle(g.id, { kind: 'timeout', seat: other })).toBeNull();
      } finally {
        await close();
      }
    });

    it('every answer of a command is what the log says: replayed from the store alone, the state is the live one', async () => {
      const { a, b, close } = await two();
      try {
        const g = await create(a, 'ma-petite-ville', [{ name: 'x' }, { name: 'y' }]);
        const rng = Rng.fromSeed('replay');
        for (let i = 0; i < 12; i++) {
          const svc = i % 2 ? a : b;
          const m = await anyMove(svc, g, rng);
          await svc.submitMove(g.id, m.token, m.move);
        }
        const live = await a.stateHash(g.id);
        b.clearCache();
        expect(await b.stateHash(g.id)).toBe(live);
      } finally {
        await close();
      }
    });
  });
}
