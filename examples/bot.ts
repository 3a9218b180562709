// A bot that plays one game of any type to the end through the typed client: every seat is played
// by the bot, each taking one of its legal moves (picked by a small seeded generator) until the game
// is over. Usage: npx tsx examples/bot.ts [game-type] [players] [base-url] [--seed S]
// The server draws the game's seed unless --seed chooses one (a server with CLIENT_SEEDS=off refuses
// chosen seeds: leave it out there).
import { pathToFileURL } from 'node:url';
import { ApiError, CityBuilderClient, type Game, type GameSession, type GameType } from '../clients/typescript/src/index.js';

export interface BotResult {
  game: Game;
  moves: number;
}

const GAME_TYPES: readonly GameType[] = ['town-center', 'ma-petite-ville', 'city-tycoon', 'ville-de-demain'];
export const isGameType = (s: string): s is GameType => GAME_TYPES.some((t) => t === s);

/** Plays every seat of a new game of `type` with `players` seats until it is over; `seed` chooses the game's seed. */
export async function playGame(client: CityBuilderClient, type: GameType, players: number, seed?: string): Promise<BotResult> {
  const { seats } = await client.create({
    type,
    ...(seed === undefined ? {} : { seed }),
    players: Array.from({ length: players }, (_, i) => ({ name: `bot ${i + 1}` })),
  });
  let state = 2166136261;
  const pick = (n: number) => {
    state = Math.imul(state ^ (state >>> 15), 2246822519) >>> 0;
    return state % n;
  };
  let moves = 0;
  let game = await seats[0]!.game();
  while (game.status === 'active') {
    for (const seat of game.toMove) {
      const session: GameSession<GameType> = seats[seat]!;
      const legal = await session.legalMoves();
      if (legal.moves.length === 0) continue;
      const result = await session.move(legal.moves[pick(legal.moves.length)]!);
      moves++;
      if (result.status === 'finished') break;
    }
    game = await seats[0]!.game();
  }
  return { game, moves };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--seed');
  const seed = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const [type = 'town-center', players = '2', baseUrl = 'http://127.0.0.1:3000'] = args;
  const fail = (message: string) => {
    console.error(`bot: ${message}`);
    process.exit(2);
  };
  if (!isGameType(type)) fail(`unknown game type "${type}"; one of ${GAME_TYPES.join(', ')}`);
  if (!/^[1-9][0-9]?$/.test(players)) fail(`players must be a number of seats, not "${players}"`);
  try {
    const { game, moves } = await playGame(new CityBuilderClient({ baseUrl }), type as GameType, Number(players), seed);
    console.log(
      `${type}: over after ${moves} moves; scores ${game.outcome?.scores.join(', ')}, winners ${game.outcome?.winners.join(', ')}`,
    );
  } catch (err) {
    // The server's refusal (its code and sentence), or why it could not be reached.
    fail(
      err instanceof ApiError
        ? err.message
        : `${baseUrl}: ${(err as Error).message}${(err as { cause?: Error }).cause ? ` (${(err as { cause: Error }).cause.message})` : ''}`,
    );
  }
}
