import type { GameService } from '../app/game-service.js';
import type { LobbyLayer } from '../app/lobby/index.js';
import { playerEntryComponent } from '../app/shapes.js';
import type { Config } from '../config.js';
import type { ClocksOf, DeadlinesOf } from './clocks.js';
import { gameRoutes } from './game-routes.js';
import { moveRoutes } from './move-routes.js';
import { replayRoutes } from './replay-routes.js';
import type { Routes } from './route-kit.js';
export { withClocks, type ClocksOf, type DeadlinesOf } from './clocks.js';

/**
 * The REST routes of games, moves and replays (the lobby's, players', notifications' and the
 * others' are registered by app.ts from their own modules). Each route's request shapes come from
 * src/app/shapes.ts, the one definition GraphQL checks too.
 */
export function restRoutes(
  service: GameService,
  config: Config,
  lobby?: LobbyLayer,
  deadlines: DeadlinesOf = async () => [],
  clocks: ClocksOf = async () => [],
): Routes {
  return async function routes(app) {
    await app.register(gameRoutes(service, lobby, deadlines, clocks));
    await app.register(moveRoutes(service));
    await app.register(replayRoutes(service, config));
  };
}

/** Shared schemas the document references: an entry of players at creation. */
export const sharedSchemas = [playerEntryComponent];
