import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { forbiddenIds, visibleIds } from '../support/internal-ids.js';
import { startTestServer, OPERATOR_TOKEN, type TestServer } from '../support/server.js';

// Browser globals, used only inside page.evaluate callbacks (they run in Chromium, not in Node).
declare const document: {
  body: { innerText: string; dataset: Record<string, string | undefined> };
  querySelector(s: string): { cloneNode(deep: boolean): unknown } | null;
};
declare class MouseEvent {
  constructor(type: string, init: { bubbles: boolean; cancelable: boolean });
}
declare const localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };

/**
 * A person alone plays the computer, from the home page, only by clicking: for each of the four
 * games, "Play alone against N bots" (the computer at its fastest level, the smallest table), then
 * every one of the person's moves clicked on the board or its buttons until the game is over. The
 * bots move by themselves in between. Also: a new game's seat may be the computer (its levels from
 * GET /bots), the link of a seat is shown to send and opens the game as that seat, and the creator
 * fills an open seat with the computer from the waiting page. Screenshots go to test-artifacts/.
 */
const GAMES = ['town-center', 'ma-petite-ville', 'city-tycoon', 'ville-de-demain'] as const;

describe('playing the computer from the page', () => {
  let s: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const forbidden = forbiddenIds();
  beforeAll(async () => {
    s = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  const poll = <T>(read: () => Promise<T> | T, timeout = 30_000) => expect.poll(read, { timeout, interval: 50 });
  const gameOf = (p: Page) => decodeURIComponent(new URL(p.url()).pathname.split('/')[2] ?? '');
  const api = (path: string) =>
    request(s.url)
      .get(`/api/v1${path}`)
      .set({ Authorization: `Bearer ${OPERATOR_TOKEN}` });

  /** The notations the page offers the person now: on the board (one or several behind a chooser) and as buttons. */
  async function offered(p: Page): Promise<{ notation: string; where: 'board' | 'chooser' | 'button'; index: number }[]> {
    const out: { notation: string; where: 'board' | 'chooser' | 'button'; index: number }[] = [];
    const board = await p
      .locator('#board [data-notations]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { notations: string } }).dataset.notations));
    board.forEach((n, index) => {
      const list = n.split('|');
      for (const notation of list) out.push({ notation, where: list.length === 1 ? 'board' : 'chooser', index });
    });
    const buttons = await p
      .locator('#actions button[data-notation]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { notation: string } }).dataset.notation));
    buttons.forEach((notation, index) => out.push({ notation, where: 'button', index }));
    return out;
  }

  for (const type of GAMES) {
    it(`${type}: "play alone against bots" from the home page, finished only by clicking`, async () => {
      const context: BrowserContext = await browser.newContext();
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      // Every failed request, but a move sent as a bot of a simultaneous phase moved (409
      // VERSION_CONFLICT): the page sends it again by itself when the seat's choices are unchanged
      // (Chromium still logs the 409 it got first).
      const raced = (text: string) => /\b409\b.*\/moves\b/.test(text);
      page.on(
        'console',
        (m) => m.type() === 'error' && !raced(`${m.text()} ${m.location().url}`) && consoleErrors.push(`${m.text()} ${m.location().url}`),
      );
      page.on(
        'response',
        (r) =>
          r.status() >= 400 && !raced(`${r.status()} ${r.url()}`) && consoleErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`),
      );
      await page.goto(`${s.url}/?lang=en`);
      // The computer's levels come from GET /bots; the fastest one plays here.
      await page.locator('#solo-level').selectOption('random');
      const button = page.locator(`button.play-bots[data-type="${type}"]`);
      await expect(button.textContent()).resolves.toMatch(/^Play alone against \d+ bots?$/);
      await button.click();
      await page.waitForURL(/\/games\/[0-9a-f-]{36}/);
      const id = gameOf(page);
      const created = (await api(`/games/${id}`)).body;
      expect(created.players.filter((p: { bot?: string }) => p.bot === 'random').length).toBeGreaterThanOrEqual(1);
      expect(created.players[0].bot).toBeUndefined();
      await page.screenshot({ path: join(ARTIFACTS, `bots-${type}-1.png`), fullPage: true });

      // The person's seat token, kept by this browser when the game was made.
      const seatToken = () =>
        page.evaluate(
          (g) => (JSON.parse(localStorage.getItem('cb.seats') ?? '{}') as Record<string, { token: string }>)[g]?.token ?? '',
          id,
        );
      await poll(seatToken, 10_000).toMatch(/\S/);
      const token = await seatToken();
      const rng = Rng.fromSeed(`bots-${type}`);
      let clicks = 0;
      for (;;) {
        // The bots play by themselves: wait for the person's turn shown with exactly the legal
        // moves (a bot of a simultaneous phase may move meanwhile: read again), or the end.
        let game: { status: string; version: number; toMove: number[] } = (await api(`/games/${id}`)).body;
        await poll(async () => {
          game = (await api(`/games/${id}`)).body;
          if (game.status === 'finished') return 'over';
          if (!game.toMove.includes(0)) return 'bots';
          const legal: string[] =
            (
              await request(s.url)
                .get(`/api/v1/games/${id}/legal-moves`)
                .set({ Authorization: `Bearer ${token}` })
            ).body.notations ?? [];
          const shown = await page.evaluate(() => Number(document.body.dataset.version));
          const offers = [...new Set((await offered(page)).map((o) => o.notation))].sort();
          return shown === game.version && JSON.stringify(offers) === JSON.stringify([...legal].sort()) ? 'mine' : 'settling';
        }, 60_000).toMatch(/^(over|mine)$/);
        if (game.status === 'finished') break;
        const offers = await offered(page);
        if (offers.length === 0) continue; // redrawn meanwhile: settle again
        const { notation, where } = rng.pick(offers);
        // The element that offers it, found and clicked in one step of the page (the picture is
        // redrawn on each update, and a redraw closes an open chooser: click again until the move
        // is sent, or the offer is gone).
        const clickIn = (selector: string) =>
          page.locator(selector).evaluateAll((els, n) => {
            const e = els.find((x) => {
              const d = (x as unknown as { dataset: { notation?: string; notations?: string } }).dataset;
              return d.notation === n || (d.notations ?? '').split('|').includes(n);
            }) as unknown as { dispatchEvent(ev: unknown): boolean } | undefined;
            e?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
            return e !== undefined;
          }, notation);
        const sent = async () => {
          if (where === 'chooser' && (await clickIn('#chooser:not([hidden]) button[data-notation]'))) return 'sent';
          if (!(await clickIn(where === 'button' ? '#actions button[data-notation]' : '#board [data-notations]'))) return 'gone';
          return where === 'chooser' ? 'opened' : 'sent';
        };
        let outcome = '';
        await poll(async () => {
          outcome = await sent();
          return outcome;
        }).toMatch(/^(sent|gone)$/);
        if (outcome === 'gone') continue; // redrawn meanwhile: settle again
        clicks++;
        await poll(async () => (await api(`/games/${id}`)).body.version).toBeGreaterThan(game.version);
        if (clicks === 10) await page.screenshot({ path: join(ARTIFACTS, `bots-${type}-2.png`), fullPage: true });
      }
      await poll(() => page.locator('#status').textContent()).toMatch(/Game over/);
      const end = (await api(`/games/${id}`)).body;
      expect(end.status).toBe('finished');
      expect(clicks).toBeGreaterThan(0);
      expect(visibleIds(await page.evaluate(() => document.body.innerText), forbidden)).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `bots-${type}-3.png`), fullPage: true });
      expect(consoleErrors, `the console, all game long: ${consoleErrors.join('\n')}`).toEqual([]);
      await context.close();
    }, 600_000);
  }

  it("a new game's seat may be the computer at any level; the seat link is shown to send and opens the game as that seat", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}/?lang=en`);
    await page.locator('#type').selectOption('town-center');
    await page.locator('#count').selectOption('2');
    const levels: string[] = (await request(s.url).get('/api/v1/bots')).body.map((b: { level: string }) => b.level);
    const choices = await page
      .locator('#seat-kind-1 option')
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    expect(choices).toEqual(expect.arrayContaining(levels.map((l) => `bot:${l}`)));
    await page.locator('#seat-kind-0').selectOption('name');
    await page.locator('#name-0').fill('Ann');
    await page.locator('#seat-kind-1').selectOption('bot:greedy');
    // The level's description from GET /bots shows beside the seat.
    await expect(page.locator('.seat-row').nth(1).locator('.bot-hint').textContent()).resolves.toMatch(/\w{4,}/);
    await page.locator('#create-btn').click();
    await page.locator('#created').waitFor({ state: 'visible' });
    const link = await page.locator('.seat-link-text').first().inputValue();
    expect(link).toMatch(new RegExp(`^${s.url}/games/[0-9a-f-]{36}#token=`));
    // Someone else's browser opens the link sent to them: they play Ann.
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await theirs.goto(link);
    await poll(() => theirs.locator('#who').textContent()).toBe('You play Ann');
    const id = gameOf(theirs);
    expect((await api(`/games/${id}`)).body.players[1].bot).toBe('greedy');
    await other.close();
    await context.close();
  }, 120_000);

  it('the creator fills an open seat with the computer from the waiting page, and the game starts', async () => {
    const me = (await request(s.url).post('/api/v1/players').send({ name: 'Cleo' })).body as { token: string; id: string; name: string };
    const created = await request(s.url)
      .post('/api/v1/games')
      .set({ Authorization: `Bearer ${me.token}` })
      .send({ type: 'ma-petite-ville', players: [{ me: true }, { open: true }] });
    expect(created.status).toBe(201);
    const context = await browser.newContext();
    await context.addInitScript((p) => localStorage.setItem('cb.player', p), JSON.stringify({ token: me.token, id: me.id, name: me.name }));
    const page = await context.newPage();
    await page.goto(`${s.url}/games/${created.body.id}?lang=en`);
    const fill = page.locator('#waiting-seats button[data-fill-seat="1"]');
    await fill.waitFor({ state: 'visible', timeout: 20_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'bots-waiting-fill.png'), fullPage: true });
    await page.locator('#waiting-seats li[data-seat="1"] select.bot-level').selectOption('random');
    await fill.click();
    await poll(async () => (await api(`/games/${created.body.id}`)).body.status).toBe('active');
    expect((await api(`/games/${created.body.id}`)).body.players[1].bot).toBe('random');
    await poll(() => page.locator('#waiting').isHidden()).toBe(true);
    await context.close();
  }, 120_000);

  it('a finished game says so in the page\'s words, in French: no "version", no "live", its ' +
    'replay and analysis offered, French typography, no raw ids, no failed request', async () => {
    const created = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ma-petite-ville', players: [{ bot: 'random' }, { bot: 'random' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.id;
    await poll(async () => (await api(`/games/${id}`)).body.status, 120_000).toBe('finished');
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    page.on('console', (m) => m.type() === 'error' && failed.push(m.text()));
    await page.goto(`${s.url}/games/${id}?lang=fr`);
    await poll(() => page.locator('#status').textContent()).toMatch(/Partie terminée/);
    await poll(() => page.locator('#live').textContent()).toBe('■ terminée');
    await expect(page.locator('#finished-replay').textContent()).resolves.toBe('Revoir depuis le début');
    await expect(page.locator('#finished-analyse').textContent()).resolves.toBe('Analyser la partie');
    // The page's own words (the board picture and moves' notations aside).
    const words = () =>
      page.evaluate(() => {
        const main = document.querySelector('body')!.cloneNode(true) as unknown as {
          querySelectorAll(s: string): ArrayLike<{ remove(): void }>;
          innerText: string;
          textContent: string;
        };
        for (const el of Array.from(main.querySelectorAll('#board, .notation, script, style, option, #chooser'))) el.remove();
        return main.textContent ?? '';
      });
    const check = (text: string) => {
      expect(text).toMatch(/Historique/); // the page's text is read, in French
      expect(text).not.toMatch(/\bVersion\b|\bversion \d/i);
      expect(text).not.toMatch(/\b(Replay|Move|Log|Your turn|Game over|To move|live|Previous|Next)\b/);
      // French typography: a space (or a no-break space) before : ? ! in the page's sentences.
      expect(text.match(/[\p{L}\d)»][:?!](\s|$)/gu) ?? []).toEqual([]);
      expect(visibleIds(text, forbidden)).toEqual([]);
    };
    check(await words());
    await page.locator('#finished-replay').click();
    await poll(() => page.locator('#status').textContent()).toMatch(/^Relecture au début, avant le coup 1 sur \d+/);
    await page.locator('#next').click();
    await poll(() => page.locator('#status').textContent()).toMatch(/^Relecture après le coup 1 sur \d+/);
    check(await words());
    await page.screenshot({ path: join(ARTIFACTS, 'bots-finished-fr.png'), fullPage: true });
    expect(failed).toEqual([]);
    await context.close();
  }, 240_000);
});
