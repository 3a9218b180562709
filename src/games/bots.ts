import type { GameBot } from '../engine/index.js';
import { bot as cityTycoon } from './city-tycoon/bot.js';
import { bot as maPetiteVille } from './ma-petite-ville/bot.js';
import { bot as townCenter } from './town-center/bot.js';
import { bot as villeDeDemain } from './ville-de-demain/bot.js';

/** Each hosted game's bot plug-in (src/engine/bot.ts), by game id. */
const BOTS: Record<string, GameBot> = {
  'town-center': townCenter as GameBot,
  'ma-petite-ville': maPetiteVille as GameBot,
  'city-tycoon': cityTycoon as GameBot,
  'ville-de-demain': villeDeDemain as GameBot,
};

export function botFor(gameId: string): GameBot | undefined {
  return BOTS[gameId];
}
