import { Rng } from '../../engine/index.js';
import type { GameConfig } from '../../engine/index.js';
import { placedTile } from './board.js';
import { SILHOUETTE_LENGTHS, TILES } from './data.js';
import type { MpvOptions, MpvState } from './types.js';

/**
 * Mise en place: the 36 tiles shuffled face down (the only randomness of the game); the top one
 * goes face up, as printed (rotation 0), at tile position (0, 0); each seat takes its colour's six
 * silhouettes; seat 0 starts (E1, E2).
 */
export function setup(config: GameConfig<MpvOptions>): MpvState {
  const shuffled = Rng.fromSeed(config.seed).shuffle(TILES.map((t) => t.id));
  return {
    version: config.options.version,
    players: config.players,
    phase: 'turn',
    turn: 0,
    round: 1,
    pile: shuffled.slice(1),
    drawn: null,
    tiles: [placedTile(shuffled[0]!, 0, 0, 0)],
    hands: Array.from({ length: config.players }, () => [...SILHOUETTE_LENGTHS]),
    silhouettes: [],
    finalRound: null,
    result: null,
  };
}
