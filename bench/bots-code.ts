/**
 * The bots' code digests of bench/bots.ts and bench/bots-trial.ts: which code played a ladder's games
 * (a resumed run keeps a game's games while its digest is unchanged; a trial says whether it replays
 * the ladder's code).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BotChoice, type BotLevel, playBots, resolveOptions } from '../src/engine/index.js';
import { botFor } from '../src/games/bots.js';
import { defaultRegistry, hostedGames } from '../src/games/index.js';

/**
 * A digest of the code under some folders of src/ (each file by its path under src/ and its text, so
 * any clone of the same commit gives the same digest).
 */
function digestOf(dirs: readonly string[], filesOnly: readonly string[] = []): string {
  const h = createHash('sha256');
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const walk = (rel: string, deep: boolean) => {
    for (const e of readdirSync(src + rel, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (deep) walk(path, true);
      } else if (e.name.endsWith('.ts')) h.update(path).update(readFileSync(src + path));
    }
  };
  for (const dir of dirs) walk(dir, true);
  for (const dir of filesOnly) walk(dir, false);
  return h.digest('hex').slice(0, 16);
}
/** The digest of all the bots' code (src/engine and src/games): two runs with the same digest play the same games. */
export const CODE = digestOf(['engine', 'games']);

/**
 * The games of a game's signature: each pairing of the ladder at small iteration budgets, to the end,
 * and four `ismcts` seats at a ladder-sized budget for their first choices (the code a large budget
 * reaches: widening, the settled rule's bounds).
 */
const SIGNATURE_GAMES: { levels: BotLevel[]; iterations: Partial<Record<BotLevel, number>>; choices?: number }[] = [
  { levels: ['greedy', 'random', 'random', 'random'], iterations: {} },
  { levels: ['ismcts', 'random', 'random', 'random'], iterations: { ismcts: 24 } },
  { levels: ['ismcts', 'greedy', 'greedy', 'greedy'], iterations: { ismcts: 24 } },
  { levels: ['ismcts-strong', 'ismcts', 'ismcts', 'ismcts'], iterations: { ismcts: 16, 'ismcts-strong': 64 } },
  { levels: ['ismcts', 'ismcts', 'ismcts', 'ismcts'], iterations: { ismcts: 1_500 }, choices: 6 },
];

/** Thrown to end a signature game after its choices. */
class Enough extends Error {}

/**
 * What src/engine does with one game's bot, as Stockfish's `bench` signature says what a chess
 * engine does: every choice of the signature games (seat, level, move, iterations and the search's
 * figures for each root move), hashed. A change to src/engine that leaves every one of these choices
 * as it was leaves the game's signature, and so its ladder games, as they were (a change that only
 * another game's bot reaches, say); a change that moves any choice plays the game's ladder again.
 */
export function engineSignature(gameId: string): string {
  const registry = defaultRegistry();
  const game = registry.current(gameId)!;
  const bot = botFor(gameId)!;
  const h = createHash('sha256');
  for (const [k, g] of SIGNATURE_GAMES.entries()) {
    const options = resolveOptions(game, g.levels.length, {});
    if (!options.ok) throw new Error(options.error.message);
    let choices = 0;
    const record = (seat: number, level: BotLevel, c: BotChoice) => {
      h.update(JSON.stringify([seat, level, c.move, c.iterations, c.stats?.map((s) => [s.move, s.visits, s.value])]));
      if (c.iterations > 0 && g.choices !== undefined && ++choices >= g.choices) throw new Enough();
    };
    try {
      const { outcome, moves } = playBots(
        game,
        bot,
        { players: g.levels.length, options: options.value, seed: `signature-${gameId}-${k}` },
        g.levels,
        {
          iterations: g.iterations,
          onMove: ({ seat, level, choice }) => record(seat, level, choice),
        },
      );
      h.update(JSON.stringify([outcome, moves]));
    } catch (e) {
      if (!(e instanceof Enough)) throw e;
    }
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * Each game's own digest: the text of the code that is the game's (src/board, the files of src/games
 * itself and the game's folder) and the signature of what src/engine does with its bot, so a change
 * to one game's bot, or to engine code only another game's bot runs, leaves the other games' games,
 * and their results, as they were: a resumed run keeps the games of every game whose digest is
 * unchanged and plays the others' again.
 */
export const CODES: Record<string, string> = Object.fromEntries(
  hostedGames.map((g) => [
    g.id,
    createHash('sha256')
      .update(digestOf(['board', `games/${g.id}`], ['games']))
      .update(engineSignature(g.id))
      .digest('hex')
      .slice(0, 16),
  ]),
);
