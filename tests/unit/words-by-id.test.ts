import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { frenchRefusalProblems } from '../games/per-game.js';

/**
 * Every word in a catalogue (issue 33): no sentence is chosen by branching on the language in
 * src/ (`fr ? ... : ...`), and a French refusal of each game, the notation's included, holds no
 * word that only the game's English catalogue has (`2 blue + 1 green`, `3 cubes`, English usage
 * lines): the values a refusal carries are words by id too, formatted in the reader's language.
 */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );

describe('every word in a catalogue', () => {
  it('no sentence in src/ is chosen by a branch on the language (`fr ? ... : ...`)', () => {
    const offences: string[] = [];
    for (const f of files('src').filter((f) => !f.startsWith(join('src', 'generated')))) {
      // Where games and pictures word things, not even `lang === 'fr' ? ...` (a locale's name elsewhere is no sentence).
      const words = f.startsWith(join('src', 'games')) || f.startsWith(join('src', 'board'));
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bfr \?/.test(line) || (words && /\blang === '(?:fr|en)' \?/.test(line))) offences.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offences).toEqual([]);
  });

  for (const game of defaultRegistry().list() as AnyGame[]) {
    it(`${game.id}: its French refusals hold no word only its English catalogue has`, () => {
      const { met, problems } = frenchRefusalProblems(game);
      expect([...met.keys()].filter((k) => k.startsWith('NOTATION')).length, 'notation errors met').toBeGreaterThan(0);
      expect(met.size).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    });
  }
});
