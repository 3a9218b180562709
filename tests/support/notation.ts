import { expect } from 'vitest';
import { canonicalJson, formatMove, parseMove, randomPlayout, resolveOptions } from '../../src/engine/index.js';
import type { AnyGame } from '../../src/engine/index.js';

/** PROPERTY_SCALE (default 1) scales the number of positions, as it scales the property tests' games. */
export const scaledPositions = (n: number): number => Math.max(20, Math.round(n * Number(process.env.PROPERTY_SCALE ?? '1')));

/**
 * The notation contract over random positions (chessops' san round-trip, for our games): plays
 * random games until at least `positions` positions (scaled) have been seen, and in each one checks, for
 * every listed move m of the seat to move, that parse(format(m)) is m (also when the text is
 * upper-cased or re-spaced), and that no two listed moves share a text (compared case-insensitively,
 * as parse reads them). Returns the number of positions and moves checked.
 */
export function checkNotationRoundTrip(
  game: AnyGame,
  players: number,
  positions: number,
  options: Record<string, unknown> = {},
): { positions: number; moves: number } {
  expect(game.notation, `${game.id} has a notation (Game.notation)`).toBeDefined();
  const resolved = resolveOptions(game, players, options);
  if (!resolved.ok) throw new Error(resolved.error.message);
  const target = scaledPositions(positions);
  let seen = 0;
  let moves = 0;
  for (let g = 0; seen < target; g++) {
    randomPlayout(game, { players, options: resolved.value, seed: `notation-${game.id}-${players}-${g}` }, `notation-choices-${g}`, {
      beforeMove(state, seat, legal) {
        seen++;
        const texts = new Map<string, string>();
        for (const m of legal) {
          const text = formatMove(game, state, seat, m);
          expect(text.length, `${JSON.stringify(m)} has a text`).toBeGreaterThan(0);
          const key = text.toLowerCase();
          expect(texts.has(key), `"${text}" names both ${texts.get(key)} and ${JSON.stringify(m)}`).toBe(false);
          texts.set(key, JSON.stringify(m));
          for (const variant of [text, text.toUpperCase(), `  ${text.replace(/ /g, '   ')} `]) {
            const back = parseMove(game, state, seat, variant);
            if (!back.ok) throw new Error(`"${variant}" (for ${JSON.stringify(m)}) does not parse: ${back.error.message}`);
            expect(canonicalJson(back.value), `"${variant}"`).toBe(canonicalJson(m));
          }
          moves++;
        }
      },
    });
  }
  return { positions: seen, moves };
}
