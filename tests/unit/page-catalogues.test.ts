import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOTICE_KINDS } from '../../src/store/types.js';
import { defaultRegistry } from '../../src/games/index.js';
import { pageOptionLabels } from '../../scripts/example-views.js';
import { optionLabelProblems } from '../games/per-game.js';

/**
 * The page's catalogues (public/i18n/<lang>.json): the same message ids in English and French,
 * the same {parameters} in both, and every id the page's HTML and scripts ask for present. The
 * games' option labels are each game's own (`option.*` in src/games/<game>/messages.ts), written
 * into the page's catalogues by `npm run examples`.
 */
const read = (lang: string) => JSON.parse(readFileSync(`public/i18n/${lang}.json`, 'utf8')) as Record<string, string>;
const en = read('en');
const fr = read('fr');
const files = readdirSync('public');
const text = (ext: string) =>
  files
    .filter((f) => f.endsWith(ext))
    .map((f) => readFileSync(`public/${f}`, 'utf8'))
    .join('\n');

/** The parameter names of an ICU-style message: {name}, {n, plural, ...}, {x, select, ...}. */
const params = (msg: string) =>
  [...new Set([...msg.matchAll(/\{\s*(\w+)\s*(?:,|\})/g)].map((m) => m[1]!))]
    .filter((p) => !['one', 'other', 'few', 'many', 'zero', 'two'].includes(p))
    .sort();

describe("the page's catalogues", () => {
  it('have the same message ids in English and French, with the same parameters', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const id of Object.keys(en)) expect(params(fr[id]!), id).toEqual(params(en[id]!));
    // Both are written, not copied: most French messages differ from the English ones.
    expect(Object.keys(en).filter((id) => en[id] !== fr[id]).length).toBeGreaterThan(Object.keys(en).length * 0.8);
  });

  it('hold every id the HTML and the scripts ask for', () => {
    const html = text('.html');
    const ids = new Set<string>();
    for (const m of html.matchAll(/data-i18n="([^"]+)"/g)) ids.add(m[1]!);
    for (const m of html.matchAll(/data-i18n-attr="([^"]+)"/g)) for (const pair of m[1]!.split(';')) ids.add(pair.split(':')[1]!.trim());
    const js = text('.js');
    for (const m of js.matchAll(/\bt\('([a-zA-Z][\w.-]*)'/g)) ids.add(m[1]!);
    // Ids built from a value: every value the page uses.
    // The page's list of notice kinds is the server's (public/settings.js), each with its words.
    expect(js).toContain(`export const NOTICE_KINDS = [${NOTICE_KINDS.map((k) => `'${k}'`).join(', ')}];`);
    for (const k of NOTICE_KINDS) ids.add(`notify.kind.${k}`);
    for (const k of ['waiting', 'active', 'finished']) ids.add(`gameStatus.${k}`);
    for (const k of ['en', 'fr']) ids.add(`lang.${k}`);
    expect(ids.size).toBeGreaterThan(100);
    expect([...ids].filter((id) => !(id in en)).sort()).toEqual([]);
  });

  it("take each game's option labels from its own catalogue, one for every option and every value offered", () => {
    const plugins = defaultRegistry().plugins();
    for (const [lang, page] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      const labels = pageOptionLabels(plugins, lang);
      expect(
        Object.fromEntries(Object.entries(page).filter(([id]) => id.startsWith('option.'))),
        `public/i18n/${lang}.json: run npm run examples`,
      ).toEqual(labels);
    }
    expect(plugins.flatMap(optionLabelProblems)).toEqual([]);
  });
});
