import { GameRegistry } from './registry.js';

/** Every game this server hosts. */
export function defaultRegistry(): GameRegistry {
  return new GameRegistry([]);
}
