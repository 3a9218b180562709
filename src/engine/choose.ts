import { greedyMove, randomMove, type BotChoice, type BotRequest, type GameBot } from './bot.js';
import { ismctsMove } from './ismcts.js';
import { rolloutMove } from './rollout.js';
import type { AnyGame } from './types.js';

/**
 * A bot's move at the requested level (bot.ts states the contract). Throws when the seat has no
 * legal move; the caller (src/app/bots) answers a throw or an overrun with greedy's move.
 */
export function chooseMove(game: AnyGame, bot: GameBot, req: BotRequest): BotChoice {
  switch (req.level) {
    case 'random':
      return randomMove(game, bot, req);
    case 'greedy':
      return greedyMove(game, bot, req);
    case 'ismcts':
    case 'ismcts-strong':
      return bot.rollout && !req.exhaustive ? rolloutMove(game, bot, req) : ismctsMove(game, bot, req);
    default:
      throw new Error(`unknown bot level ${String((req as { level: unknown }).level)}`);
  }
}
