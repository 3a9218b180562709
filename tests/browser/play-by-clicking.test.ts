import { join } from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { forbiddenIds, visibleIds } from '../support/internal-ids.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { toy } from '../support/toy-game/index.js';

// Browser globals, used only inside page.evaluate callbacks (they run in Chromium, not in Node).
declare const document: { body: { innerText: string; dataset: Record<string, string | undefined> }; documentElement: { lang: string } };

/**
 * Whole games of each of the four games (and of Toy Street, a fifth plugged in by one line) played in a real Chromium only by
 * clicking: the elements
 * of the board picture that carry data-notations (and the chooser when one stands for several
 * moves), and the buttons of the moves that have no place on the board. Each seat plays in its own
 * page, in English and in French. At every move the page offers exactly the legal moves (on the
 * board or as buttons) and shows no internal id; screenshots at three moments go to test-artifacts/.
 * CI=true plays each game once, in one language (alternating), to keep CI short.
 */
// The hosted games, and Toy Street (tests/support/toy-game/) plugged in by its one registry line: the
// page plays a fifth game from its folder alone (issue 33, docs/adding-a-game.md).
const registry = defaultRegistry([toy]);
const GAMES = registry.list().map((g) => g.id);
const CI = process.env.CI === 'true';
const RUNS = GAMES.flatMap((type, i) =>
  CI
    ? [{ type, lang: i % 2 === 0 ? 'en' : 'fr' }]
    : [
        { type, lang: 'en' },
        { type, lang: 'fr' },
      ],
) as { type: string; lang: 'en' | 'fr' }[];
const WORDS = {
  en: { moves: 'Your moves', over: /Game over/, log: 'Log' },
  fr: { moves: 'Vos coups', over: /Partie terminée/, log: 'Historique' },
};

describe('whole games played by clicking the board', () => {
  let s: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const forbidden = forbiddenIds();
  beforeAll(async () => {
    s = await startTestServer({}, undefined, { registry });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 25 });
  const api = (path: string, token?: string) =>
    request(s.url)
      .get(`/api/v1${path}`)
      .set(token ? { Authorization: `Bearer ${token}` } : {});
  const shownVersion = (p: Page) => p.evaluate(() => Number(document.body.dataset.version ?? -1));

  /** What the page offers: each notation, and where (a board element, the chooser behind one, or a button). */
  async function offered(p: Page): Promise<Map<string, 'board' | 'chooser' | 'button'>> {
    const out = new Map<string, 'board' | 'chooser' | 'button'>();
    for (const n of await p
      .locator('#board [data-notations]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { notations: string } }).dataset.notations))) {
      const list = n.split('|');
      for (const x of list) out.set(x, list.length === 1 ? 'board' : 'chooser');
    }
    for (const n of await p
      .locator('#actions button[data-notation]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { notation: string } }).dataset.notation)))
      out.set(n, 'button');
    return out;
  }

  for (const run of RUNS) {
    it(`${run.type} in ${run.lang === 'en' ? 'English' : 'French'}: a whole game by clicks on the board`, async () => {
      const created = await request(s.url)
        .post('/api/v1/games')
        .send({ type: run.type, players: [{ name: 'Ann' }, { name: 'Bruno' }], seed: `click-${run.type}-${run.lang}` });
      expect(created.status).toBe(201);
      const id: string = created.body.id;
      const tokens: string[] = created.body.seats.map((x: { token: string }) => x.token);
      const pages = await Promise.all(
        tokens.map(async (token) => {
          const p = await browser.context.newPage();
          await p.goto(`${s.url}/games/${id}?lang=${run.lang}#token=${encodeURIComponent(token)}`);
          return p;
        }),
      );
      const rng = Rng.fromSeed(`click-choice-${run.type}-${run.lang}`);
      const counts = { board: 0, chooser: 0, button: 0 };
      let moves = 0;
      for (;;) {
        const game = (await api(`/games/${id}`)).body;
        if (game.status === 'finished') break;
        const seat: number = rng.pick(game.toMove as number[]);
        const page = pages[seat]!;
        // The page shows this version with the seat's moves, and offers exactly the legal moves.
        const legal: string[] = (await api(`/games/${id}/legal-moves`, tokens[seat])).body.notations;
        await poll(() => shownVersion(page)).toBe(game.version);
        if (moves === 0) expect(await page.locator('#moves-h').textContent()).toBe(WORDS[run.lang].moves);
        await poll(async () => [...(await offered(page)).keys()].sort()).toEqual([...legal].sort());
        const where = await offered(page);
        const notation = rng.pick(legal);
        const kind = where.get(notation)!;
        counts[kind]++;
        if (kind === 'button') await page.locator(`#actions button[data-notation="${notation}"]`).click({ force: true });
        else {
          const targets = page.locator('#board [data-notations]');
          const at = await targets.evaluateAll(
            (els, n) => els.findIndex((e) => (e as unknown as { dataset: { notations: string } }).dataset.notations.split('|').includes(n)),
            notation,
          );
          await targets.nth(at).click({ force: true });
          if (kind === 'chooser') {
            await page.locator('#chooser').waitFor({ state: 'visible' });
            await page.locator(`#chooser button[data-notation="${notation}"]`).click({ force: true });
          }
        }
        moves++;
        await poll(() => shownVersion(page)).toBeGreaterThan(game.version);
        expect(
          visibleIds(await page.evaluate(() => document.body.innerText), forbidden),
          `internal ids on ${run.type}'s page at version ${game.version + 1}`,
        ).toEqual([]);
        if (moves === 1 || moves === 25)
          await page.screenshot({ path: join(ARTIFACTS, `play-${run.type}-${run.lang}-${moves === 1 ? 1 : 2}.png`), fullPage: true });
      }
      const end = (await api(`/games/${id}`)).body;
      for (const p of pages) {
        await poll(() => shownVersion(p)).toBe(end.version);
        await poll(() => p.locator('#status').textContent()).toMatch(WORDS[run.lang].over);
        expect(await p.evaluate(() => document.documentElement.lang)).toBe(run.lang);
        expect(await p.locator('#log-h').textContent()).toBe(WORDS[run.lang].log);
        await poll(() => p.locator('#log li').count()).toBe(end.version);
        expect(visibleIds(await p.evaluate(() => document.body.innerText), forbidden)).toEqual([]);
      }
      await pages[0]!.screenshot({ path: join(ARTIFACTS, `play-${run.type}-${run.lang}-3.png`), fullPage: true });
      // Most moves were made on the board itself.
      expect(counts.board + counts.chooser).toBeGreaterThan(moves / 2);
      expect(moves).toBe(end.version);
      for (const p of pages) await p.close();
    }, 600_000);
  }
});
