import { GameService } from '../app/game-service.js';
import { loadConfig } from '../config.js';
import { defaultRegistry } from '../games/index.js';
import { MemoryGameStore } from '../store/memory-store.js';
import { buildApp } from './app.js';

/**
 * The OpenAPI document exactly as the server serves it at /openapi.json, built from the routes'
 * own schemas and the hosted games' move schemas. `npm run openapi` writes it to openapi/.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const service = new GameService(new MemoryGameStore(), defaultRegistry());
  const app = await buildApp({ service, config: loadConfig({}), ping: async () => {} });
  await app.ready();
  const doc = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return doc;
}
