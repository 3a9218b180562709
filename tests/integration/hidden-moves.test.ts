import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { defaultRegistry } from '../../src/games/index.js';
import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

/**
 * C12 through the service: the tile a City Tycoon player keeps in the hidden draft is in no other
 * seat's events, no spectator's, and no record of the running game; its owner sees it.
 */
describe('hidden moves (integration)', () => {
  let db: TestDatabase;
  let store: PrismaGameStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PrismaGameStore(createPrismaClient(db.url, 2));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('C12 a kept draft tile is hidden from the other seats and spectators while the game runs', async () => {
    const service = new GameService(store, defaultRegistry());
    const { id, seats } = await service.createGame({
      type: 'city-tycoon',
      players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      seed: 'draft',
    });
    const { moves } = await service.legalMoves(id, seats[0]!.token);
    const keep = moves.find((m) => (m as { type: string }).type === 'keepTile') as { type: string; tile: string };
    expect(keep).toBeDefined();
    await service.submitMove(id, seats[0]!.token, keep);
    const own = await service.events(id, seats[0]!.token);
    expect(own.moves[0]!.move).toEqual(keep);
    for (const token of [seats[1]!.token, undefined]) {
      const theirs = await service.events(id, token);
      expect(theirs.moves[0]!.move).toEqual({ type: 'keepTile' });
      const text =
        JSON.stringify(theirs) + JSON.stringify(await service.getGame(id, token)) + JSON.stringify(await service.record(id, token));
      expect(text).not.toContain(keep.tile);
    }
  });
});
