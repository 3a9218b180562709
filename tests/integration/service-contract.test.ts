import { createPrismaClient, PrismaGameStore } from '../../src/store/prisma-store.js';
import { createTestDatabase } from '../support/db.js';
import { serviceContract } from '../support/service-contract.js';

// The game service's contract on Postgres: two services, each with its own connection pool, on one database.
serviceContract('Postgres', () => {
  let close = async () => {};
  return {
    async stores() {
      const db = await createTestDatabase();
      const a = new PrismaGameStore(createPrismaClient(db.url, 4));
      const b = new PrismaGameStore(createPrismaClient(db.url, 4));
      close = async () => {
        await a.close();
        await b.close();
        await db.drop();
      };
      return [a, b];
    },
    close: () => close(),
  };
});
