import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saidOf, sentenceOf } from '../../src/app/errors.js';
import { APP_MESSAGES } from '../../src/app/i18n/index.js';
import { applyMove, checkMoveShape, KERNEL_MESSAGES, notationsOf, parseMove, randomPlayout, resolveOptions, Rng } from '../../src/engine/index.js';
import type { AnyGame, FieldSchema, Messages, Move, ObjectSchema, RuleViolation } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';

/**
 * Every word in a catalogue (issue 33): no sentence is chosen by branching on the language in
 * src/ (`fr ? ... : ...`), and a French refusal of each game, the notation's included, holds no
 * word that only the game's English catalogue has (`2 blue + 1 green`, `3 cubes`, English usage
 * lines): the values a refusal carries are words by id too, formatted in the reader's language.
 */
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));

/** ICU's own words taken out of a sentence: argument names, `plural`/`select` and their keys (`{n, plural, one {...}}`). */
const text = (s: string) => s.replace(/(\}|,)\s*[=\w]+\s*\{/g, '$1{').replace(/(\}|,)\s*[=\w]+\s*\{/g, '$1{').replace(/\{\s*\w+\s*(?:,\s*\w+\s*,?)?/g, '{');
/** The words of a catalogue's sentences, three letters or more. */
const wordsOf = (...catalogues: Record<string, string>[]) => new Set(catalogues.flatMap((c) => Object.values(c)).flatMap((s) => text(s).toLowerCase().match(/[a-zà-ÿœ]{3,}/g) ?? []));

describe('every word in a catalogue', () => {
  it('no sentence in src/ is chosen by a branch on the language (`fr ? ... : ...`)', () => {
    const offences: string[] = [];
    for (const f of files('src').filter((f) => !f.startsWith(join('src', 'generated')))) {
      // Where games and pictures word things, not even `lang === 'fr' ? ...` (a locale's name elsewhere is no sentence).
      const words = f.startsWith(join('src', 'games')) || f.startsWith(join('src', 'board'));
      readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
        if (/\bfr \?/.test(line) || (words && /\blang === '(?:fr|en)' \?/.test(line))) offences.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offences).toEqual([]);
  });

  const fuzz = (f: FieldSchema, rng: Rng): unknown => {
    switch (f.type) {
      case 'integer':
        return [-1, 0, 1, 2, 3, 4, 9][rng.int(7)];
      case 'boolean':
        return rng.int(2) === 1;
      case 'string':
        return f.enum ? f.enum[rng.int(f.enum.length)] : ['a', 'x', 'park'][rng.int(3)];
      case 'array':
        return Array.from({ length: rng.int(3) }, () => fuzz(f.items, rng));
      case 'object':
        return Object.fromEntries(Object.entries(f.properties).map(([k, s]) => [k, fuzz(s, rng)]));
    }
  };

  /** The refusals met in a few random games of `game`: its moves fuzzed, and unreadable notations. */
  function refusals(game: AnyGame): Map<string, RuleViolation> {
    const met = new Map<string, RuleViolation>();
    const meet = (v: RuleViolation | null | undefined) => {
      if (v && !met.has(v.key ?? v.code)) met.set(v.key ?? v.code, v);
    };
    for (const players of [game.minPlayers, Math.min(game.maxPlayers, game.minPlayers + 1)]) {
      const options = resolveOptions(game, players, {});
      if (!options.ok) continue;
      const rng = new Rng(Rng.fromSeed(`words-${game.id}-${players}`).state);
      randomPlayout(game, { players, options: options.value, seed: `words-${game.id}-${players}` } as never, `w-${players}`, {
        beforeMove(state, seat, legal) {
          const tries: unknown[] = [];
          for (const [type, schema] of Object.entries(game.moveSchemas as Record<string, ObjectSchema>)) for (let i = 0; i < 3; i++) tries.push({ type, ...(fuzz(schema, rng) as object) });
          for (const move of tries) {
            if (checkMoveShape(game, move)) continue;
            const r = applyMove(game, state, move as Move, seat);
            if (!r.ok) meet(r.error);
          }
          // Each notation verb without its arguments, with a wrong one, and a text of no form.
          for (const text of ['zzz', ...notationsOf(game, state, seat, legal.slice(0, 3)).flatMap((n) => [n.split(' ')[0]!, `${n.split(' ')[0]} qq`, `${n} 9 9`])]) {
            const r = parseMove(game, state, seat, text);
            if (!r.ok) meet(r.error);
          }
        },
      });
    }
    return met;
  }

  for (const game of defaultRegistry().list() as AnyGame[]) {
    it(`${game.id}: its French refusals hold no word only its English catalogue has`, () => {
      const m = game.messages as Messages;
      const french = wordsOf(m.fr, KERNEL_MESSAGES.fr, APP_MESSAGES.fr);
      const englishOnly = [...wordsOf(m.en, KERNEL_MESSAGES.en)].filter((w) => !french.has(w));
      expect(englishOnly.length).toBeGreaterThan(20);
      const met = refusals(game);
      expect([...met.keys()].filter((k) => k.startsWith('NOTATION')).length, 'notation errors met').toBeGreaterThan(0);
      expect(met.size).toBeGreaterThan(5);
      const problems: string[] = [];
      for (const [id, v] of met) {
        const fr = sentenceOf('fr', APP_MESSAGES.fr, saidOf(v))!;
        // The values written in the notation itself (the text read, the forms and names it takes)
        // and the components' printed names (Green Tower) are no one's English.
        const notation = wordsOf(Object.fromEntries(['text', 'expected', 'choices', 'name'].flatMap((k) => (typeof v.params?.[k] === 'string' ? [[k, v.params[k] as string]] : []))));
        const words = new Set((fr.toLowerCase().match(/[a-zà-ÿœ]{3,}/g) ?? []).filter((w) => !notation.has(w)));
        const english = englishOnly.filter((w) => words.has(w));
        if (english.length > 0) problems.push(`${id}: ${english.join(', ')} in "${fr}"`);
      }
      expect(problems).toEqual([]);
    });
  }
});
