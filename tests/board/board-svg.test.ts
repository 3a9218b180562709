import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { boardSvg, loggedMoveLabel, moveLabels, type BoardInput } from '../../src/board/index.js';
import { canonicalHash, randomPlayout, type AnyGame, type Viewer } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';
import type { State as CtState } from '../../src/games/city-tycoon/types.js';
import { forbiddenIds, visibleIds } from '../support/internal-ids.js';
import { perturb } from '../support/perturb.js';
import { randomPositions } from '../support/positions.js';

/**
 * Board pictures are drawn from the viewer's view only. Checked as the engines' leak tests do:
 * the hidden part of a state is perturbed (bag and deck orders, other seats' hands, the generator)
 * and every viewer who may not see it must get the very same picture; the seat who may see it
 * must get a different one (so the check can fail).
 */

const byId = new Map(hostedGames.map((g) => [g.id, g as AnyGame]));
/** Each game's picture, from its plug-in. */
const drawer = (type: string) => defaultRegistry().plugin(type)?.picture;
const NAMES = ['Ann', 'Bruno <&>', 'Chloé', 'Dev', 'Eve'];
const defaults = (g: AnyGame) => Object.fromEntries(Object.entries(g.optionsSchema.properties).map(([k, v]) => [k, (v as { default?: unknown }).default]));

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

const boardPart = (svg: string) => svg.slice(svg.indexOf('class="board"'), svg.lastIndexOf('class="player"'));

/** The state with everything `viewer` may not see replaced (sizes kept, so public counts stay). */

/** Random games per hosted game: 3, scaled by PROPERTY_SCALE as the engines' property tests are (npm run test:unit plays fewer). */
const GAMES = Math.max(1, Math.round(3 * Number(process.env.PROPERTY_SCALE ?? '1')));

describe('board pictures (src/board)', () => {
  for (const g of hostedGames as AnyGame[]) {
    const players = g.id === 'town-center' ? 3 : Math.min(3, g.maxPlayers);
    it(`${g.id}: valid XML, deterministic, changes as the game goes on, and never shows hidden state`, () => {
      let positions = 0, perturbedDiffer = 0, ownHandShown = 0, changed = 0, steps = 0;
      for (let game = 0; game < GAMES; game++) {
        const config = { players, options: defaults(g), seed: `board-${g.id}-${game}` };
        let version = 0;
        let previousBoard = boardPart(picture(g, g.setup(config), 0, null, players));
        randomPlayout(g, config, `board-choice-${game}`, {
          afterMove(state) {
            version++;
            steps++;
            const spectator = picture(g, state, version, null, players);
            if (boardPart(spectator) !== previousBoard) changed++;
            previousBoard = boardPart(spectator);
            if (version % 7 !== game % 7 && g.outcome(state) === null) return;
            for (let v = -1; v < players; v++) {
              const viewer = v < 0 ? null : v;
              const svg = picture(g, state, version, viewer, players);
              positions++;
              expect(XMLValidator.validate(svg)).toBe(true);
              expect(picture(g, state, version, viewer, players)).toBe(svg);
              const other = perturb(g.id, state, viewer, `perturb-${version}-${v}`);
              if (canonicalHash(other) !== canonicalHash(state)) perturbedDiffer++;
              expect(picture(g, other, version, viewer, players), `${g.id} v${version} viewer ${viewer}`).toBe(svg);
              // The positive control: a seat that holds secret tiles sees them in its own picture.
              if (g.id === 'city-tycoon' && viewer !== null) {
                const s = state as CtState;
                const mine = [...s.hands[viewer]!, ...s.kept[viewer]!];
                if (mine.length > 0) {
                  const spectatorOfOther = perturb(g.id, state, null, `own-${version}`);
                  ownHandShown++;
                  expect(picture(g, spectatorOfOther, version, viewer, players)).not.toBe(svg);
                }
              }
            }
          },
        });
      }
      expect(positions).toBeGreaterThan(20);
      // The perturbations really changed the hidden state (except where nothing was hidden yet).
      expect(perturbedDiffer).toBeGreaterThan(positions / 2);
      if (g.id === 'city-tycoon') expect(ownHandShown).toBeGreaterThan(5);
      // Most moves change what the board shows.
      expect(changed).toBeGreaterThan(steps / 2);
    });
  }

  /** The moves that have no place on the board (buttons beside it), by game. */
  const OFF_BOARD: Record<string, RegExp> = {
    'town-center': /^pass$/,
    'ma-petite-ville': /^pass$/,
    'city-tycoon': /^pass$/,
    'ville-de-demain': /^(no discard|take coin|no special)$/,
  };
  /** What people read in a picture: the text of its labels and titles. */
  const readable = (svg: string) => [...svg.matchAll(/<(text|title)\b[^>]*>([^<]*)</g)].map((m) => m[2]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&apos;/g, "'").replace(/&quot;/g, '"'));

  for (const g of hostedGames as AnyGame[]) {
    it(`${g.id}: every legal move is played on the board (data-notations) or is one of the game's buttons, in words, and no id shows`, () => {
      const forbidden = forbiddenIds();
      let marked = 0, onBoard = 0, total = 0;
      for (const p of randomPositions(g, 60, `targets-${g.id}`)) {
        for (const lang of ['en', 'fr'] as const) {
          const svg = boardSvg(p.input, lang, drawer(g.id));
          const attrs = [...svg.matchAll(/data-notations="([^"]*)"/g)].map((m) => m[1]!.replace(/&apos;/g, "'").replace(/&amp;/g, '&'));
          const shown = attrs.flatMap((a) => a.split('|'));
          const legal = p.legal.map((m) => m.notation);
          // Only legal moves are marked, each on one element, and each legal move is on the board or a button.
          expect(shown.filter((n) => !legal.includes(n))).toEqual([]);
          expect(new Set(shown).size).toBe(shown.length);
          expect(legal.filter((n) => !shown.includes(n) && !OFF_BOARD[g.id]!.test(n))).toEqual([]);
          if (p.legal.length === 0) expect(attrs).toEqual([]);
          marked += attrs.length;
          onBoard += shown.length;
          total += legal.length;
          // The words of each move: one text per move, never an id.
          if (p.legal.length > 0) {
            const words = moveLabels(g.id, drawer(g.id), p.legal.map((m) => m.move), p.input.viewerSeat!, p.input.view, lang);
            expect(new Set(words).size, words.join(' / ')).toBe(words.length);
            expect(visibleIds(words.join('\n'), forbidden)).toEqual([]);
          }
          expect(visibleIds(readable(svg).join('\n'), forbidden), `${g.id} v${p.input.version}`).toEqual([]);
          // Squares and tile places are labelled as the notation writes them.
          for (const n of legal) {
            const at = /^(?:tile|place|terrain) (-?\d+,-?\d+)/.exec(n);
            if (at) expect(readable(svg)).toContain(at[1]);
          }
          // Every grid has its coordinates (La Ville de Demain has no grid: cards and decks are named).
          if (g.id !== 'ville-de-demain') expect(svg).toContain('class="coord"');
        }
      }
      expect(marked).toBeGreaterThan(10);
      expect(onBoard).toBeGreaterThan(total / 2);
    });
  }

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
    for (const w of out.winners) expect(svg).toContain(`★ winner`);
    for (const s of out.scores) expect(svg).toContain(`score ${s}`);
  });

  it('refuses a game type it cannot draw', () => {
    expect(() => boardSvg({ type: 'chess', version: 0, toMove: [], players: [], view: {}, outcome: null, viewerSeat: null }, 'en', drawer('chess'))).toThrow(/no board picture/);
  });
});
