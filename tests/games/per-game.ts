import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { XMLValidator } from 'fast-xml-parser';
import { expect, it } from 'vitest';
import { saidOf, sentenceOf } from '../../src/app/errors.js';
import { APP_MESSAGES } from '../../src/app/i18n/index.js';
import { boardSvg, moveLabels, type BoardInput } from '../../src/board/index.js';
import {
  applyMove,
  canonicalHash,
  checkMoveShape,
  compileMessage,
  KERNEL_MESSAGES,
  notationsOf,
  parseMove,
  randomPlayout,
  resolveOptions,
  Rng,
} from '../../src/engine/index.js';
import type { AnyGame, FieldSchema, GameSchemas, Messages, Move, ObjectSchema, RuleViolation, Viewer } from '../../src/engine/index.js';
import type { GamePlugin } from '../../src/games/plugin.js';
import type { GameRegistry } from '../../src/games/registry.js';
import { docPath, END, exampleSection, START } from '../../scripts/example-views.js';
import { forbiddenIds, visibleIds } from '../support/internal-ids.js';
import { perturb } from '../support/perturb.js';
import { randomPositions } from '../support/positions.js';

/**
 * The checks every game gets, each a function of one game's plug-in (and the registry it is
 * hosted in), so that the suites that run them over the hosted games (tests/board, tests/contract,
 * tests/unit) and the test that hosts a fifth game (tests/games/fifth-game.test.ts, Toy Street)
 * run the very same code. Nothing here names a game: what differs between games comes from their
 * plug-ins (`testing`: seat counts, example, internal ids, what the board shows).
 */

// ---- shapes ----------------------------------------------------------------------------------

const ajv = new Ajv({ allErrors: false, strict: true });

function validators(s: GameSchemas) {
  return { view: ajv.compile(s.view), event: ajv.compile(s.event), move: ajv.compile(s.move) };
}

/**
 * Every view (each seat and the spectator), every event as eventView gives it (each seat and the
 * spectator) and every legal move of at least `target` random positions validate against the
 * game's published JSON Schemas, at the seat counts of its plug-in's `testing.seatCounts`.
 */
export function checkSchemas(plugin: GamePlugin, target: number): { positions: number; events: number; moves: number } {
  const game = plugin.engine;
  expect(game.schemas, `${game.id} publishes its schemas`).toBeDefined();
  const v = validators(game.schemas!);
  const fail = (what: string, value: unknown, errors: unknown) =>
    expect.fail(`${game.id}: ${what} does not match its schema: ${JSON.stringify(errors)}\n${JSON.stringify(value).slice(0, 2000)}`);
  let positions = 0;
  let events = 0;
  let moves = 0;
  for (let i = 0; positions < target; i++) {
    const counts = plugin.testing?.seatCounts ?? [game.minPlayers];
    const players = counts[i % counts.length]!;
    const options = resolveOptions(game, players, {});
    if (!options.ok) throw new Error(options.error.message);
    const viewers = [null, ...Array.from({ length: players }, (_, s) => s)];
    const seeThrough = (state: unknown) => {
      positions++;
      for (const viewer of viewers) {
        const view = game.view(state, viewer);
        if (!v.view(view)) fail(`the view for ${viewer}`, view, v.view.errors);
      }
    };
    randomPlayout(game, { players, options: options.value, seed: `schema-${i}` }, `schema-choices-${i}`, {
      beforeMove(state, _seat, legal) {
        seeThrough(state);
        for (const m of legal) {
          moves++;
          if (!v.move(m)) fail('a legal move', m, v.move.errors);
        }
      },
      afterMove(state, step) {
        for (const e of step.events) {
          for (const viewer of viewers) {
            const seen = game.eventView(e, viewer);
            if (seen === null) continue;
            events++;
            if (!v.event(seen)) fail(`an event for ${viewer}`, seen, v.event.errors);
          }
        }
        if (game.outcome(state) !== null) seeThrough(state);
      },
    });
  }
  return { positions, events, moves };
}

/** The game's rules document ends with the example view `npm run examples` writes now, and it matches the view's schema. */
export function checkExampleView(plugin: GamePlugin): void {
  const game = plugin.engine;
  const doc = readFileSync(docPath(plugin), 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  expect(a, `${plugin.docs ?? game.id} has an example section (npm run examples)`).toBeGreaterThanOrEqual(0);
  expect(doc.slice(a, b + END.length), 'run `npm run examples` after changing a view').toBe(exampleSection(plugin));
  const json = /```json\n([\s\S]*?)\n```/.exec(doc.slice(a))![1]!;
  const validate = new Ajv({ strict: true }).compile(game.schemas!.view);
  expect(validate(JSON.parse(json)), JSON.stringify(validate.errors)).toBe(true);
}

// ---- words -----------------------------------------------------------------------------------

/** The names of the values a sentence takes, from its ICU syntax tree (arguments, selects, plurals, nested). */
export function argumentsOf(sentence: string, lang: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: unknown[]): void => {
    for (const n of nodes as { type: number; value?: unknown; options?: Record<string, { value: unknown[] }>; children?: unknown[] }[]) {
      if (n.type >= 1 && n.type <= 6 && typeof n.value === 'string') names.add(n.value);
      for (const o of Object.values(n.options ?? {})) walk(o.value);
      if (n.children) walk(n.children);
    }
  };
  walk(compileMessage(sentence, lang).getAst() as unknown[]);
  return [...names].sort();
}

/** A catalogue's problems: ids in one language only, sentences that are not ICU, French taking other values than the English. */
export function catalogueProblems(m: Messages): string[] {
  const problems: string[] = [];
  for (const id of Object.keys(m.en)) if (!(id in m.fr)) problems.push(`${id}: no French`);
  for (const id of Object.keys(m.fr)) if (!(id in m.en)) problems.push(`${id}: no English`);
  for (const id of Object.keys(m.en).filter((k) => k in m.fr)) {
    try {
      const a = argumentsOf(m.en[id]!, 'en');
      const b = argumentsOf(m.fr[id]!, 'fr');
      if (a.join() !== b.join()) problems.push(`${id}: English takes {${a.join(', ')}}, French {${b.join(', ')}}`);
    } catch (err) {
      problems.push(`${id}: not ICU: ${(err as Error).message}`);
    }
  }
  return problems;
}

/** ICU's own words taken out of a sentence: argument names, `plural`/`select` and their keys (`{n, plural, one {...}}`). */
const textOf = (s: string) =>
  s
    .replace(/(\}|,)\s*[=\w]+\s*\{/g, '$1{')
    .replace(/(\}|,)\s*[=\w]+\s*\{/g, '$1{')
    .replace(/\{\s*\w+\s*(?:,\s*\w+\s*,?)?/g, '{');
/** The words of some catalogues' sentences, three letters or more. */
const wordsOf = (...catalogues: Record<string, string>[]) =>
  new Set(
    catalogues
      .flatMap((c) => Object.values(c))
      .flatMap(
        (s) =>
          textOf(s)
            .toLowerCase()
            .match(/[a-zà-ÿœ]{3,}/g) ?? [],
      ),
  );

/** A value for a move field: sometimes legal-looking, sometimes out of range, from the schema. */
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

/** The refusals met in a few random games of `game`, by message id: its moves fuzzed, and unreadable notations. */
export function refusalsOf(game: AnyGame): Map<string, RuleViolation> {
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
        for (const [type, schema] of Object.entries(game.moveSchemas as Record<string, ObjectSchema>))
          for (let i = 0; i < 3; i++) tries.push({ type, ...(fuzz(schema, rng) as object) });
        for (const move of tries) {
          if (checkMoveShape(game, move)) continue;
          for (const who of [seat, (seat + 1) % players]) {
            const r = applyMove(game, state, move as Move, who);
            if (!r.ok) meet(r.error);
          }
        }
        // Each notation verb without its arguments, with a wrong one, and a text of no form.
        for (const text of [
          'zzz',
          ...notationsOf(game, state, seat, legal.slice(0, 3)).flatMap((n) => [n.split(' ')[0]!, `${n.split(' ')[0]} qq`, `${n} 9 9`]),
        ]) {
          const r = parseMove(game, state, seat, text);
          if (!r.ok) meet(r.error);
        }
      },
    });
  }
  return met;
}

/**
 * The French refusals of `game` (its moves refused in random games, its notation's errors) that
 * hold a word only its English catalogue has (`2 blue + 1 green`, `3 cubes`, an English usage
 * line). The values written in the notation itself (the text read, the forms and names it takes)
 * and the components' printed names (Green Tower) are no one's English.
 */
export function frenchRefusalProblems(game: AnyGame): { met: Map<string, RuleViolation>; problems: string[] } {
  const m = game.messages ?? { en: {}, fr: {} };
  const french = wordsOf(m.fr, KERNEL_MESSAGES.fr, APP_MESSAGES.fr);
  const englishOnly = [...wordsOf(m.en, KERNEL_MESSAGES.en)].filter((w) => !french.has(w));
  const met = refusalsOf(game);
  const problems: string[] = [];
  for (const [id, v] of met) {
    const fr = sentenceOf('fr', APP_MESSAGES.fr, saidOf(v))!;
    const notation = wordsOf(
      Object.fromEntries(
        ['text', 'expected', 'choices', 'name'].flatMap((k) => (typeof v.params?.[k] === 'string' ? [[k, v.params[k] as string]] : [])),
      ),
    );
    const words = new Set((fr.toLowerCase().match(/[a-zà-ÿœ]{3,}/g) ?? []).filter((w) => !notation.has(w)));
    const english = englishOnly.filter((w) => words.has(w));
    if (english.length > 0) problems.push(`${id}: ${english.join(', ')} in "${fr}"`);
  }
  return { met, problems };
}

/** The page's labels a game's options lack in its catalogue (`option.<key>`, `option.<key>.<value>`, both languages). */
export function optionLabelProblems(plugin: GamePlugin): string[] {
  const problems: string[] = [];
  for (const lang of ['en', 'fr'] as const) {
    const catalogue = plugin.engine.messages?.[lang] ?? {};
    for (const [key, schema] of Object.entries(
      (plugin.engine.optionsSchema as { properties?: Record<string, { enum?: unknown[] }> }).properties ?? {},
    )) {
      if (!(`option.${key}` in catalogue)) problems.push(`${plugin.engine.id} ${lang}: no label option.${key}`);
      for (const v of schema.enum ?? [])
        if (v !== '' && !(`option.${key}.${String(v)}` in catalogue))
          problems.push(`${plugin.engine.id} ${lang}: no label option.${key}.${String(v)}`);
    }
  }
  return problems;
}

// ---- board pictures --------------------------------------------------------------------------

const NAMES = ['Ann', 'Bruno <&>', 'Chloé', 'Dev', 'Eve'];
const defaults = (g: AnyGame) =>
  Object.fromEntries(Object.entries(g.optionsSchema.properties).map(([k, v]) => [k, (v as { default?: unknown }).default]));
const boardPart = (svg: string) => svg.slice(svg.indexOf('class="board"'), svg.lastIndexOf('class="player"'));
/** What people read in a picture: the text of its labels and titles. */
const readable = (svg: string) =>
  [...svg.matchAll(/<(text|title)\b[^>]*>([^<]*)</g)].map((m) =>
    m[2]!
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"'),
  );

/** Random games per game: 3, scaled by PROPERTY_SCALE as the engines' property tests are (npm run test:unit plays fewer). */
const GAMES = Math.max(1, Math.round(3 * Number(process.env.PROPERTY_SCALE ?? '1')));

/**
 * The board picture's tests of one game, as `it` blocks. Pictures are drawn from the viewer's view
 * only: the hidden part of a state is perturbed (its plug-in's `testing.perturb`) and every viewer
 * who may not see it must get the very same picture. Every legal move is played on the board
 * (data-notations) or is one of the game's buttons (`testing.board.offBoard`), in words, distinct,
 * and no internal id (`testing.internalIds` of every game in the registry) shows.
 */
export function boardPictureTests(plugin: GamePlugin, registry: GameRegistry): void {
  const g = plugin.engine;
  const drawer = plugin.picture;
  const board = plugin.testing?.board ?? {};
  const players = Math.min(3, g.maxPlayers);
  function picture(state: unknown, version: number, viewer: Viewer, lang: 'en' | 'fr' = 'en'): string {
    const input: BoardInput = {
      type: g.id,
      version,
      toMove: g.outcome(state) ? [] : g.toMove(state),
      players: NAMES.slice(0, players).map((name, seat) => ({ seat, name })),
      view: g.view(state, viewer),
      outcome: g.outcome(state),
      viewerSeat: viewer,
    };
    return boardSvg(input, lang, drawer);
  }

  it(`${g.id}: valid XML, deterministic, changes as the game goes on, and never shows hidden state`, () => {
    let positions = 0,
      running = 0,
      perturbedDiffer = 0,
      ownSecretsShown = 0,
      changed = 0,
      steps = 0;
    // At least GAMES games, and more while fewer than 24 positions were drawn (a short game draws few).
    for (let game = 0; game < GAMES || positions < 24; game++) {
      const config = { players, options: defaults(g), seed: `board-${g.id}-${game}` };
      let version = 0;
      let previousBoard = boardPart(picture(g.setup(config), 0, null));
      randomPlayout(g, config, `board-choice-${game}`, {
        afterMove(state) {
          version++;
          steps++;
          const spectator = picture(state, version, null);
          if (boardPart(spectator) !== previousBoard) changed++;
          previousBoard = boardPart(spectator);
          if (version % 7 !== game % 7 && g.outcome(state) === null) return;
          for (let v = -1; v < players; v++) {
            const viewer = v < 0 ? null : v;
            const svg = picture(state, version, viewer);
            positions++;
            if (g.outcome(state) === null) running++;
            expect(XMLValidator.validate(svg)).toBe(true);
            expect(picture(state, version, viewer)).toBe(svg);
            // Up to three perturbations, until one changes the state (one of few hidden values may be redrawn as it was).
            for (let k = 0; k < 3; k++) {
              const other = perturb(g.id, state, viewer, `perturb-${version}-${v}${k ? `-${k}` : ''}`, registry);
              expect(picture(other, version, viewer), `${g.id} v${version} viewer ${viewer}`).toBe(svg);
              if (canonicalHash(other) !== canonicalHash(state)) {
                if (g.outcome(state) === null) perturbedDiffer++;
                break;
              }
            }
            // The positive control: a seat's own secrets, replaced as for a spectator, change its own picture.
            if (
              board.ownSecretsShown &&
              viewer !== null &&
              picture(perturb(g.id, state, null, `own-${version}`, registry), version, viewer) !== svg
            )
              ownSecretsShown++;
          }
        },
      });
    }
    expect(positions).toBeGreaterThan(20);
    // The perturbations really changed the hidden state (except where nothing was hidden yet, or any more).
    expect(perturbedDiffer).toBeGreaterThan(running / 2);
    if (board.ownSecretsShown) expect(ownSecretsShown).toBeGreaterThan(5);
    // Most moves change what the board shows.
    expect(changed).toBeGreaterThan(steps / 2);
  });

  it(`${g.id}: every legal move is played on the board (data-notations) or is one of the game's buttons, in words, and no id shows`, () => {
    const forbidden = forbiddenIds(registry);
    const offBoard = board.offBoard ?? /^pass$/;
    let marked = 0,
      onBoard = 0,
      total = 0;
    for (const p of randomPositions(g, 60, `targets-${g.id}`)) {
      for (const lang of ['en', 'fr'] as const) {
        const svg = boardSvg(p.input, lang, drawer);
        const attrs = [...svg.matchAll(/data-notations="([^"]*)"/g)].map((m) => m[1]!.replace(/&apos;/g, "'").replace(/&amp;/g, '&'));
        const shown = attrs.flatMap((a) => a.split('|'));
        const legal = p.legal.map((m) => m.notation);
        // Only legal moves are marked, each on one element, and each legal move is on the board or a button.
        expect(shown.filter((n) => !legal.includes(n))).toEqual([]);
        expect(new Set(shown).size).toBe(shown.length);
        expect(legal.filter((n) => !shown.includes(n) && !offBoard.test(n))).toEqual([]);
        if (p.legal.length === 0) expect(attrs).toEqual([]);
        marked += attrs.length;
        onBoard += shown.length;
        total += legal.length;
        // The words of each move: one text per move, never an id.
        if (p.legal.length > 0) {
          const words = moveLabels(
            g.id,
            drawer,
            p.legal.map((m) => m.move),
            p.input.viewerSeat!,
            p.input.view,
            lang,
          );
          expect(new Set(words).size, words.join(' / ')).toBe(words.length);
          expect(visibleIds(words.join('\n'), forbidden)).toEqual([]);
        }
        expect(visibleIds(readable(svg).join('\n'), forbidden), `${g.id} v${p.input.version}`).toEqual([]);
        // Squares and tile places are labelled as the notation writes them.
        for (const n of legal) {
          const at = /^(?:tile|place|terrain) (-?\d+,-?\d+)/.exec(n);
          if (at) expect(readable(svg)).toContain(at[1]);
        }
        // Every grid has its coordinates (a game without a grid names its places instead).
        if (board.coordinates !== false) expect(svg).toContain('class="coord"');
      }
    }
    expect(marked).toBeGreaterThan(10);
    expect(onBoard).toBeGreaterThan(total / 2);
  });
}
