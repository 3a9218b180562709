import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { HABITATIONS } from '../../src/games/ville-de-demain/data.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { testRegistry } from '../support/server.js';

/**
 * A move sent in notation is read in the position it is decided in: when another server process
 * has moved the game on, this one catches up and reads the text again, never against its stale copy.
 */
describe('moves in notation across two server processes (integration)', () => {
  let db: TestDatabase;
  const stores: PrismaGameStore[] = [];
  const newService = () => {
    const store = new PrismaGameStore(createPrismaClient(db.url, 2));
    stores.push(store);
    return new GameService(store, testRegistry());
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await db?.drop();
  });

  it('a card named by a process whose copy of the game is stale is read in the stored position', async () => {
    const a = newService();
    const b = newService();
    const { id, seats } = await a.createGame({
      type: 'ville-de-demain',
      players: [{ name: 'Ann' }, { name: 'Bob' }],
      seed: 'notation-two-processes',
    });
    const token = seats[0]!.token;
    expect((await a.legalMoves(id, token)).notations).toEqual(['draw 1', 'draw 2', 'draw 3']); // A now holds version 0
    // Process B refills the visible row: A's copy still has no visible card.
    for (let i = 0; i < 3; i++) await b.submitMove(id, token, undefined, { notation: 'draw 1' });
    const legal = await b.legalMoves(id, token);
    const habitations = Object.values(HABITATIONS).map((h) => `buy ${h.name}`);
    const buy = legal.notations.find((n) => n.startsWith('buy ') && !habitations.includes(n));
    expect(buy, legal.notations.join(', ')).toBeDefined();
    const r = await a.submitMove(id, token, undefined, { notation: buy!.toUpperCase(), expectedVersion: 3 });
    expect(r.version).toBe(4);
    const log = await b.events(id, token, 3);
    expect(log.moves[0]!.move).toEqual(legal.moves[legal.notations.indexOf(buy!)]);
  });
});
