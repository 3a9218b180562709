import { seedState, type Viewer } from '../../engine/index.js';
import type { GameTesting } from '../plugin.js';
import type { TownCenterState } from './types.js';

/** Town Center hides only the bag's draws to come: its generator. */
export const testing: GameTesting = {
  perturb: (state: unknown, _viewer: Viewer, seed: string) => ({ ...(state as TownCenterState), rng: seedState(`${seed}-rng`) }),
  seatCounts: [1, 2, 3, 5],
  example: { players: 2, after: 24 },
};
