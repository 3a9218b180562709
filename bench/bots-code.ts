/**
 * The bots' code digests of bench/bots.ts and bench/bots-trial.ts: which code played a ladder's games
 * (a resumed run keeps a game's games while its digest is unchanged; a trial says whether it replays
 * the ladder's code).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hostedGames } from '../src/games/index.js';

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
 * Each game's own digest: the code that decides its bot games (src/engine, src/board, the files of
 * src/games itself and the game's folder), so a change to one game's bot leaves the other games'
 * games, and their results, as they were: a resumed run keeps the games of every game whose digest
 * is unchanged and plays the others' again.
 */
export const CODES: Record<string, string> = Object.fromEntries(
  hostedGames.map((g) => [g.id, digestOf(['engine', 'board', `games/${g.id}`], ['games'])]),
);
