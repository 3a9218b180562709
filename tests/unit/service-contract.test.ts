import { MemoryGameStore } from '../../src/store/memory-store.js';
import { serviceContract } from '../support/service-contract.js';

// The game service's contract on the in-memory store: two services share one store, as two server processes share one database.
serviceContract('in memory', () => {
  const store = new MemoryGameStore();
  return { stores: async () => [store, store], close: async () => {} };
});
