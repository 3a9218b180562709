import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { boardSvg, loggedMoveLabel, type BoardInput } from '../../src/board/index.js';
import { randomPlayout, type AnyGame, type Viewer } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';
import { forbiddenIds, visibleIds } from '../support/internal-ids.js';
import { boardPictureTests } from '../games/per-game.js';

/**
 * Board pictures are drawn from the viewer's view only. Checked as the engines' leak tests do:
 * the hidden part of a state is perturbed (bag and deck orders, other seats' hands, the generator)
 * and every viewer who may not see it must get the very same picture; the seat who may see it
 * must get a different one (so the check can fail).
 */

const hosted = defaultRegistry();
const byId = new Map(hostedGames.map((g) => [g.id, g as AnyGame]));
/** Each game's picture, from its plug-in. */
const drawer = (type: string) => hosted.plugin(type)?.picture;
const NAMES = ['Ann', 'Bruno <&>', 'Chloé', 'Dev', 'Eve'];
const defaults = (g: AnyGame) =>
  Object.fromEntries(Object.entries(g.optionsSchema.properties).map(([k, v]) => [k, (v as { default?: unknown }).default]));

function picture(g: AnyGame, state: unknown, version: number, viewer: Viewer, players: number, lang: 'en' | 'fr' = 'en'): string {
  const input: BoardInput = {
    type: g.id,
    version,
    toMove: g.outcome(state) ? [] : g.toMove(state),
    players: NAMES.slice(0, players).map((name, seat) => ({ seat, name })),
    view: g.view(state, viewer),
    outcome: g.outcome(state),
    viewerSeat: viewer,
  };
  return boardSvg(input, lang, drawer(g.id));
}

describe('board pictures (src/board)', () => {
  // Each game's own tests, the same for every game (tests/games/per-game.ts; a fifth game gets them too).
  for (const plugin of hosted.plugins()) boardPictureTests(plugin, hosted);

  it('a logged move in words, from the move and what it did: names, never ids; a hidden move still reads', () => {
    const g = byId.get('city-tycoon')!;
    const { steps } = randomPlayout<unknown>(g, { players: 2, options: defaults(g), seed: 'log-words' }, 'log-words-choice');
    const forbidden = forbiddenIds();
    for (const lang of ['en', 'fr'] as const) {
      const words = steps.map((st) => loggedMoveLabel(g.id, drawer(g.id), st.move as never, st.seat, st.events as never[], lang));
      expect(visibleIds(words.join('\n'), forbidden)).toEqual([]);
      expect(words.filter((w) => w === 'A move' || w === 'Un coup')).toEqual([]);
    }
    const keep = steps.find((st) => (st.move as { type: string }).type === 'keepTile')!;
    expect(loggedMoveLabel(g.id, drawer(g.id), { type: 'keepTile' }, keep.seat, [], 'en')).toBe('Keep a tile');
    expect(loggedMoveLabel(g.id, drawer(g.id), { type: 'resign' }, 0, [], 'fr')).toBe('Abandon');
  });

  it('labels in English or French, escapes player names, and carries scores and whose turn', () => {
    const g = byId.get('ville-de-demain')!;
    const state = g.setup({ players: 2, options: {}, seed: 'labels' });
    const en = picture(g, state, 0, 0, 2, 'en');
    const fr = picture(g, state, 0, 0, 2, 'fr');
    expect(en).toContain('to move: Ann');
    expect(fr).toContain('au tour de : Ann'.replace(' :', ':'));
    expect(en).toContain('Bruno &lt;&amp;&gt;');
    expect(en).not.toContain('Bruno <&>');
    const doc = new XMLParser({ ignoreAttributes: false }).parse(en) as { svg: { '@_lang': string; '@_data-version': string } };
    expect(doc.svg['@_lang']).toBe('en');
    expect(new XMLParser({ ignoreAttributes: false }).parse(fr).svg['@_lang']).toBe('fr');
    expect(en).toMatch(/score 0/);
  });

  it('a finished game shows the outcome: winners and final scores', () => {
    const g = byId.get('town-center')!;
    const config = { players: 2, options: defaults(g), seed: 'end' };
    const { state, steps } = randomPlayout<unknown>(g, config, 'end-choice');
    const out = g.outcome(state)!;
    const svg = picture(g, state, steps.length, null, 2);
    expect(svg).toContain('game over');
    expect(svg).toContain('★ winner');
    for (const s of out.scores) expect(svg).toContain(`score ${s}`);
  });

  it('refuses a game type it cannot draw', () => {
    expect(() =>
      boardSvg({ type: 'chess', version: 0, toMove: [], players: [], view: {}, outcome: null, viewerSeat: null }, 'en', drawer('chess')),
    ).toThrow(/no board picture/);
  });
});
