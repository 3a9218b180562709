import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS, sentenceOf, saidOf } from '../../src/app/errors.js';
import { APP_MESSAGES, languageOf, localize } from '../../src/app/i18n/index.js';
import { applyMove, checkMoveShape, KERNEL_MESSAGES, randomPlayout, resolveOptions, Rng } from '../../src/engine/index.js';
import type { AnyGame, Catalogue, FieldSchema, Messages, Move, ObjectSchema, RuleViolation } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { MAIL_MESSAGES } from '../../src/app/notify/words.js';
import { BOARD_MESSAGES } from '../../src/board/messages.js';
import { argumentsOf } from '../games/per-game.js';

/**
 * The message catalogues (issue 22): every code an engine, the kernel or the API can give has a
 * sentence in English and in French; every sentence is ICU MessageFormat; the French sentence of
 * an id takes exactly the values the English one takes. And no module translates by reading the
 * English: no regular expression is applied to a message anywhere in src/.
 */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
/** The string literals shaped like codes (SCREAMING_SNAKE_CASE with an underscore) in some files. */
const codesIn = (paths: string[]) =>
  [...new Set(paths.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'([A-Z]+_[A-Z_]+)'/g)].map((m) => m[1]!)))].sort();

const games = defaultRegistry().list() as AnyGame[];
const gameCatalogues = games.map((g) => [g.id, g.messages] as const);
const catalogues: [string, Messages][] = [
  ['app', { en: APP_MESSAGES.en, fr: APP_MESSAGES.fr }],
  ['kernel', KERNEL_MESSAGES],
  ['mails', MAIL_MESSAGES],
  ['board', BOARD_MESSAGES],
  ...gameCatalogues.map(([id, m]) => [id, m!] as [string, Messages]),
];

/** A code's sentence: the code itself or one of its variants (`CODE.variant`). */
const hasCode = (c: Catalogue, code: string) => code in c || Object.keys(c).some((k) => k.startsWith(`${code}.`));

describe('message catalogues by id, English and French', () => {
  it('picks the language from Accept-Language: French for fr and its regions, English otherwise', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf('fr-CA, en;q=0.5')).toBe('fr');
    expect(languageOf('de-DE, fr;q=0.8, en;q=0.9')).toBe('en');
    expect(languageOf('de, fr;q=0.3')).toBe('fr');
    expect(languageOf('*')).toBe('en');
    expect(languageOf('x-klingon')).toBe('en');
  });

  it('every game plugs its catalogue in with the game itself', () => {
    expect(games.length).toBeGreaterThanOrEqual(4);
    for (const [id, m] of gameCatalogues) expect(m, id).toBeDefined();
  });

  for (const [name, m] of catalogues) {
    it(`${name}: the same ids in English and French, each sentence ICU, the French taking exactly the English values`, () => {
      expect(Object.keys(m.fr).sort()).toEqual(Object.keys(m.en).sort());
      const problems: string[] = [];
      for (const id of Object.keys(m.en)) {
        const en = m.en[id]!;
        const fr = m.fr[id]!;
        let a: string[] = [];
        let b: string[] = [];
        try {
          a = argumentsOf(en, 'en');
          b = argumentsOf(fr, 'fr');
        } catch (err) {
          problems.push(`${id}: not ICU: ${(err as Error).message}`);
          continue;
        }
        if (a.join() !== b.join()) problems.push(`${id}: English takes {${a.join(', ')}}, French {${b.join(', ')}}`);
        if (fr.trim() === '') problems.push(`${id}: no French`);
      }
      expect(problems).toEqual([]);
      // Written, not copied: most French sentences differ from the English ones. Single words
      // (colours, phases, the boards' labels) may well be the same in both: version, score, Cubes.
      const ids = Object.keys(m.en).filter((id) => !/^(colour|phase|plant|step|label|board|option)\./.test(id));
      if (ids.length > 0) expect(ids.filter((id) => m.en[id] !== m.fr[id]).length).toBeGreaterThan(ids.length * 0.9);
    });
  }

  it('every API error code has its own sentence in both languages', () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(APP_MESSAGES.en[code], code).toBeTruthy();
      expect(APP_MESSAGES.fr[code], code).toBeTruthy();
    }
    // An error made without an id still answers its code's sentence in French; English keeps its words.
    const plain = new AppError('GAME_FULL', 'every seat is taken');
    expect(localize('fr', plain)).toBe(APP_MESSAGES.fr.GAME_FULL);
    expect(localize('en', plain)).toBe('every seat is taken');
  });

  it("every code an engine or the kernel gives has a sentence in its game's catalogue (or the kernel's), in both languages", () => {
    const missing: string[] = [];
    for (const code of codesIn(files('src/engine')))
      if (!hasCode(KERNEL_MESSAGES.en, code) || !hasCode(KERNEL_MESSAGES.fr, code)) missing.push(`kernel: ${code}`);
    for (const g of games) {
      const codes = codesIn(files(join('src/games', g.id)));
      expect(codes.length, g.id).toBeGreaterThan(3);
      for (const code of codes)
        for (const lang of ['en', 'fr'] as const)
          if (!hasCode(g.messages![lang], code) && !hasCode(KERNEL_MESSAGES[lang], code)) missing.push(`${g.id} ${lang}: ${code}`);
    }
    expect(missing).toEqual([]);
  });

  it("the API's own messages, by id: the same values in English and French", () => {
    const gone = AppError.of('NOT_FOUND', 'NOT_FOUND.game', { id: '1234' });
    expect([gone.message, localize('fr', gone)]).toEqual(['no game 1234', 'Aucune partie 1234']);
    const stale = AppError.of('VERSION_CONFLICT', 'VERSION_CONFLICT.stale', { version: 7, expected: '5' });
    expect([stale.message, localize('fr', stale)]).toEqual([
      'the game is at version 7, not 5: reload it and decide again',
      'La partie est à la version 7, pas 5 : rechargez-la et décidez à nouveau',
    ]);
    const limited = AppError.of('RATE_LIMITED', 'RATE_LIMITED.limit', { max: 600, scope: 'address', retry: 12 });
    expect(limited.message).toBe('rate limit of 600 requests per minute for this address exceeded; retry in 12 s (Retry-After)');
    expect(localize('fr', limited)).toBe('Limite de 600 requêtes par minute dépassée (adresse) ; réessayez dans 12 s (Retry-After)');
    const tc = defaultRegistry().current('town-center')!;
    const count = resolveOptions(tc, 9, {});
    if (count.ok) throw new Error('9 players accepted');
    const options = AppError.fromViolation(count.error, 'INVALID_INPUT');
    expect([options.message, localize('fr', options)]).toEqual([
      'Town Center is played by 1 to 8 players, not 9.',
      'Town Center se joue de 1 à 8 joueurs, pas 9.',
    ]);
    // A message inside a message (an import's refused move): each in the caller's language.
    const two = resolveOptions(tc, 2, {});
    if (!two.ok) throw new Error('2 players refused');
    const turn = applyMove(tc, tc.setup({ players: 2, options: two.value as never, seed: 's' }), { type: 'pass' } as Move, 1);
    if (turn.ok) throw new Error('seat 1 moved out of turn');
    const imported = AppError.of('IMPORT_INVALID', 'IMPORT_INVALID.illegal', { n: 3, problem: saidOf(turn.error) });
    expect(imported.message).toBe("move 3 is illegal: It is not seat 1's turn to act.");
    expect(localize('fr', imported)).toBe("Coup 3 : Ce n'est pas à la place 1 de jouer.");
  });

  /** A value for a move field: sometimes legal-looking, sometimes out of range, from the schema. */
  const fuzz = (f: FieldSchema, rng: Rng): unknown => {
    switch (f.type) {
      case 'integer':
        return [-1, 0, 1, 2, 3, 4, 5, 7, 9, 12, 99][rng.int(11)];
      case 'boolean':
        return rng.int(2) === 1;
      case 'string':
        return f.enum ? f.enum[rng.int(f.enum.length)] : ['a', 'x', 'park'][rng.int(3)];
      case 'array':
        return Array.from({ length: rng.int(4) }, () => fuzz(f.items, rng));
      case 'object':
        return Object.fromEntries(Object.entries(f.properties).map(([k, s]) => [k, fuzz(s, rng)]));
    }
  };

  it('every violation met in random games carries its id: its English is the message, its French carries the same values', () => {
    const met = new Map<string, RuleViolation>();
    const meet = (v: RuleViolation | null | undefined) => {
      if (v && !met.has(v.key ?? v.code)) met.set(v.key ?? v.code, v);
    };
    for (const game of games) {
      for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
        const options = resolveOptions(game, players, {});
        if (!options.ok) continue;
        const rng = new Rng(Rng.fromSeed(`${game.id}-${players}`).state);
        const { state: end } = randomPlayout(
          game,
          { players, options: options.value, seed: `i18n-${game.id}-${players}` } as never,
          `c-${players}`,
          {
            beforeMove(state, seat, legal) {
              const tries: unknown[] = [...legal.slice(0, 2).map((m) => ({ ...m }))];
              for (const [type, schema] of Object.entries(game.moveSchemas as Record<string, ObjectSchema>)) {
                for (let i = 0; i < 4; i++) tries.push({ type, ...(fuzz(schema, rng) as object) });
              }
              tries.push({ type: 'teleport' });
              for (const move of tries) {
                const shape = checkMoveShape(game, move);
                meet(shape);
                if (shape) {
                  try {
                    const d = game.decide(state, move as Move, seat);
                    if (!d.ok) meet(d.error);
                  } catch {
                    // a shape the engine was never meant to see
                  }
                  continue;
                }
                for (const who of [seat, (seat + 1) % players]) {
                  const r = applyMove(game, state, move as Move, who);
                  if (!r.ok) meet(r.error);
                }
              }
            },
          },
        );
        const over = applyMove(game, end, { type: Object.keys(game.moveSchemas)[0]! } as Move, 0);
        if (!over.ok) meet(over.error);
      }
      meet((resolveOptions(game, game.maxPlayers + 1, {}) as { error?: RuleViolation }).error);
      meet((resolveOptions(game, game.minPlayers, { nope: 1 }) as { error?: RuleViolation }).error);
    }
    expect(met.size).toBeGreaterThan(60);
    const problems: string[] = [];
    const numbers = (s: string) => (s.match(/\d+/g) ?? []).sort();
    for (const [id, v] of met) {
      const said = saidOf(v);
      if (v.key === undefined) problems.push(`${v.code}: no message id`);
      const en = sentenceOf('en', APP_MESSAGES.en, said);
      const fr = sentenceOf('fr', APP_MESSAGES.fr, said);
      if (en !== v.message) problems.push(`${id}: the English is not the message: "${en}" vs "${v.message}"`);
      if (!fr || fr === en) problems.push(`${id}: no French`);
      else if (numbers(en ?? '').some((n) => !fr.includes(n))) problems.push(`${id}: values lost: "${en}" -> "${fr}"`);
    }
    expect(problems).toEqual([]);
  });

  it('no module translates by reading a message: no regular expression is applied to one, no pattern tables', () => {
    // Third-party text that is not a message of ours, with the reason it is read (none now: the
    // GraphQL limits' refusals, which cut graphql-js's text, are made by id).
    const allowed = new Map<string, string>();
    const offences: string[] = [];
    for (const f of files('src').filter((f) => !f.startsWith(join('src', 'generated')))) {
      const text = readFileSync(f, 'utf8');
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (
          /\b(?:exec|test|match|matchAll|search)\((?:[\w!?]+\.)*(?:message|detail)\b/.test(line) ||
          /\.(?:message|detail)\??\.(?:match|matchAll|replace|replaceAll|search|split)\(/.test(line)
        ) {
          if (!allowed.has(f)) offences.push(`${f}:${i + 1}: ${line.trim()}`);
        }
      });
      if (/\bFR_WORDS\b|\bfrenchOf\b|RegExp \| null, french/.test(text)) offences.push(`${f}: a table of English patterns`);
    }
    expect(offences).toEqual([]);
  });
});
