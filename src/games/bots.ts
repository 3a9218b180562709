import type { GameBot } from '../engine/index.js';
import { defaultRegistry } from './index.js';
import type { GameRegistry } from './registry.js';

const hosted = defaultRegistry();

/** A game's bot plug-in (src/engine/bot.ts), from its plug-in in `registry` (the hosted games by default). */
export function botFor(gameId: string, registry: GameRegistry = hosted): GameBot | undefined {
  return registry.plugin(gameId)?.bot;
}
