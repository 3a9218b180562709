import type { AnyGame } from '../engine/index.js';
import { plugin as cityTycoon } from './city-tycoon/index.js';
import { plugin as maPetiteVille } from './ma-petite-ville/index.js';
import type { GamePlugin } from './plugin.js';
import { GameRegistry } from './registry.js';
import { plugin as townCenter } from './town-center/index.js';
import { plugin as villeDeDemain } from './ville-de-demain/index.js';

export type { GamePlugin } from './plugin.js';

/**
 * Every game this server hosts, as plug-ins: the one list (one line per game plugs it in; nothing
 * else names a game: docs/adding-a-game.md).
 */
export const gamePlugins: readonly GamePlugin[] = [townCenter, maPetiteVille, cityTycoon, villeDeDemain];

/** The hosted games' engines, in the same order. */
export const hostedGames: readonly AnyGame[] = gamePlugins.map((p) => p.engine);

/** The registry of the hosted games, plus `extra` plug-ins or engines (test fixtures such as the toy game). */
export function defaultRegistry(extra: readonly (AnyGame | GamePlugin)[] = []): GameRegistry {
  return new GameRegistry([...gamePlugins, ...extra]);
}
