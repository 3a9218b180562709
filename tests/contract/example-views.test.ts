import { describe, it } from 'vitest';
import { gamePlugins } from '../../src/games/index.js';
import { checkExampleView } from '../games/per-game.js';

describe('each rules document ends with an example view that is up to date', () => {
  // The same check every game gets (tests/games/per-game.ts).
  for (const plugin of gamePlugins) it(plugin.engine.id, () => checkExampleView(plugin));
});
