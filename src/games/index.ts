import { cityTycoon } from './city-tycoon/index.js';
import { maPetiteVille } from './ma-petite-ville/index.js';
import { GameRegistry } from './registry.js';
import { townCenter } from './town-center/index.js';
import { villeDeDemain } from './ville-de-demain/index.js';

/** Every game this server hosts. */
export const hostedGames = [townCenter, maPetiteVille, cityTycoon, villeDeDemain];

export function defaultRegistry(): GameRegistry {
  return new GameRegistry(hostedGames);
}
