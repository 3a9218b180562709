import { type BotChoice, type BotLevel, type BotRequest, type GameBot } from './bot.js';
import { chooseMove } from './choose.js';
import { applyMove } from './fold.js';
import type { AnyGame, GameConfig, GameEvent, Json, Outcome, Seat } from './types.js';

export interface ArenaMove {
  seat: Seat;
  level: BotLevel;
  choice: BotChoice;
}

export interface ArenaOptions {
  /** The caller's clock for search levels, fresh for each move (`budgetClock`; none: iteration caps only). */
  clock?: (level: BotLevel) => Pick<BotRequest, 'timeUp' | 'timeLeft'> | undefined;
  /** Search iterations per move, overriding the levels' caps (small figures for tests). */
  iterations?: Partial<Record<BotLevel, number>>;
  /** Called after each bot move (think times, figures). */
  onMove?(move: ArenaMove): void;
  maxMoves?: number;
}

/**
 * A whole game played by bots, one level per seat: each seat to move chooses from what it may read
 * (its view and its history, as `seatKnowledge` gives them, never the state), and the move is played. Seeds come from the game's seed,
 * the seat and the move number, so a game without a clock replays identically.
 */
export function playBots(
  game: AnyGame,
  bot: GameBot,
  config: GameConfig<unknown>,
  levels: readonly BotLevel[],
  options: ArenaOptions = {},
): { outcome: Outcome; moves: number } {
  let state = game.setup(config);
  // Each seat's history, kept as the game goes (what seatKnowledge would rebuild from the log).
  const histories: Json[][] = Array.from({ length: config.players }, () => []);
  let moves = 0;
  const max = options.maxMoves ?? 100_000;
  while (game.outcome(state) === null) {
    const seat = game.toMove(state)[0];
    if (seat === undefined) throw new Error(`${game.id}: nobody to move but no outcome`);
    if (moves++ >= max) throw new Error(`${game.id}: no result after ${max} moves`);
    const level = levels[seat]!;
    const choice = chooseMove(game, bot, {
      seat,
      view: game.view(state, seat),
      history: histories[seat]!,
      level,
      seed: `${config.seed}:${seat}:${moves}`,
      legal: game.legalMoves(state, seat),
      ...options.clock?.(level),
      iterations: options.iterations?.[level],
    });
    options.onMove?.({ seat, level, choice });
    const r = applyMove(game, state, choice.move, seat);
    if (!r.ok) throw new Error(`${game.id}: ${level} bot played ${JSON.stringify(choice.move)}: ${r.error.code} ${r.error.message}`);
    state = r.value.state;
    for (const e of r.value.events) {
      histories.forEach((h, viewer) => {
        const v = game.eventView(e as GameEvent, viewer);
        if (v !== null) h.push(v);
      });
    }
  }
  return { outcome: game.outcome(state)!, moves };
}
