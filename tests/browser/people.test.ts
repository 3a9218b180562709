import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from '../support/server.js';

// Browser globals, used only inside page.evaluate callbacks (they run in Chromium, not in Node).
declare const document: {
  documentElement: { lang: string };
  querySelectorAll(s: string): ArrayLike<{ dataset: Record<string, string>; textContent: string | null }>;
};
declare const localStorage: { getItem(k: string): string | null };

/**
 * The page as two people use it, each in their own browser: a player identity made once and kept,
 * a game created with an open seat and listed in the lobby, the other person joining it from the
 * lobby (no code needed for a public game), "my games" with whose turn it is, notification settings and vacation; the page in
 * French by the browser's language; a phone-width layout; one refresh per update; the favicon.
 */
describe('the page for people, in real browsers', () => {
  let s: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    s = await startTestServer({ NOTIFICATIONS: 'on', NOTIFY_POLL_SECONDS: '0.5' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 50 });

  /** A person's browser on the home page, with a player created from the page. */
  async function person(name: string, email?: string): Promise<{ page: Page; token: string }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${s.url}/`);
    await page.getByLabel('Your name', { exact: true }).fill(name);
    if (email)
      await page
        .getByLabel(/^Email/)
        .first()
        .fill(email);
    await page.getByRole('button', { name: 'Create my player' }).click();
    await poll(() => page.locator('#me-name').textContent()).toBe(`You are ${name}.`);
    const token = await page.locator('#me-token').inputValue();
    expect(token).toMatch(/^cbp_/);
    return { page, token };
  }

  it('two people: identities, an invitation through the lobby, my games, whose turn, notifications, vacation', async () => {
    const ann = await person('Ann');
    // The identity is kept: a reload still knows Ann.
    await ann.page.reload();
    await poll(() => ann.page.locator('#me-name').textContent()).toBe('You are Ann.');
    expect(JSON.parse((await ann.page.evaluate(() => localStorage.getItem('cb.player')))!).token).toBe(ann.token);

    // Ann creates a public game: her seat, and an open one for someone she invites.
    await ann.page.getByLabel('Game', { exact: true }).selectOption('ma-petite-ville');
    await ann.page.getByLabel('Players', { exact: true }).selectOption('2');
    expect(await ann.page.getByLabel('Who sits at seat 1').inputValue()).toBe('me');
    expect(await ann.page.getByLabel('Who sits at seat 2').inputValue()).toBe('open');
    await ann.page.getByLabel('List it in the open games').check();
    await ann.page.getByRole('button', { name: 'Create the game' }).click();
    await ann.page.locator('#created').waitFor();
    const invite = await ann.page.locator('#created-invite-link').inputValue();
    const [, id, code] = /\/games\/([0-9a-f-]{36})#invite=(.+)$/.exec(invite)!;
    expect((await request(s.url).get(`/api/v1/games/${id}`)).body.status).toBe('waiting');

    expect(code).toBeTruthy(); // for the people she invites; the lobby needs none
    // Bob, in his own browser, finds it in the open games and joins it from there: a public game
    // takes anyone, without an invitation code.
    const bob = await person('Bob');
    const entry = bob.page.locator(`#lobby-list li[data-game="${id}"]`);
    await poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toMatch(/Ma Petite Ville · 1 open seat of 2 · Ann/);
    await entry.getByRole('button', { name: 'Join' }).click();
    await bob.page.waitForURL(new RegExp(`/games/${id}$`));
    await poll(() => bob.page.locator('#who').textContent()).toBe('You play Bob');
    await poll(() => bob.page.locator('#status').textContent()).toMatch(/Before the first move · To move: Ann/);
    const game = (await request(s.url).get(`/api/v1/games/${id}`)).body;
    expect(game.status).toBe('active');
    // Bob's notifications for this game only, from its page, mails in French (read back from the server).
    await bob.page.locator('#seat-settings summary').click();
    await bob.page.locator('#seat-email').fill('bob@example.org');
    await bob.page.getByLabel('Mails in').selectOption('fr');
    await bob.page.locator('#seat-notify').getByRole('button', { name: 'Save' }).click();
    await poll(() => bob.page.locator('#seat-notify-status').textContent()).toBe('Saved.');
    await bob.page.reload();
    await poll(() => bob.page.locator('#seat-email').inputValue()).toBe('bob@example.org');
    expect(await bob.page.getByLabel('Mails in').inputValue()).toBe('fr');
    expect(game.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bob']);

    // Ann's game page, opened with no token in the address (her player token acts for her seat).
    const annGame = await ann.page.context().newPage();
    await annGame.goto(`${s.url}/games/${id}`);
    await poll(() => annGame.locator('#turn').textContent()).toBe('Your turn!');
    expect(await annGame.locator('#who').textContent()).toBe('You play Ann');

    // My games: Ann's turn in one game; Bob has none.
    await ann.page.reload();
    await poll(() => ann.page.locator('#mine-turns').textContent()).toBe('It is your turn in 1 game.');
    expect(await ann.page.locator(`#mine-list li.my-turn[data-game="${id}"]`).textContent()).toMatch(
      /Ma Petite Ville · seat 1 · in play · move 0 Your turn/,
    );
    await bob.page.goto(`${s.url}/`);
    await poll(() => bob.page.locator(`#mine-list li[data-game="${id}"]`).count()).toBe(1);
    expect(await bob.page.locator('#mine-turns').textContent()).toBe('None of your games waits for you.');

    // Notifications for all of Ann's games: the turn she has now is mailed to the address she gives.
    await ann.page.getByLabel('Email', { exact: true }).last().fill('ann@example.org');
    for (const kind of ['someone joins', 'my time ran out']) await ann.page.getByLabel(kind).uncheck();
    await ann.page.locator('#player-notify').getByRole('button', { name: 'Save' }).click();
    await poll(() => ann.page.locator('#player-notify-status').textContent()).toBe('Saved.');
    const outbox = async () =>
      (await request(s.url).get('/api/v1/admin/outbox?limit=100').set('Authorization', `Bearer ${OPERATOR_TOKEN}`)).body.notifications as {
        gameId: string;
        kind: string;
        channel: string;
        target: string;
      }[];
    await poll(
      async () => (await outbox()).filter((n) => n.gameId === id && n.kind === 'turn' && n.target === 'ann@example.org').length,
    ).toBe(1);
    // Kept for the next visit: the form shows what was saved.
    await ann.page.reload();
    await poll(() => ann.page.locator('#player-email').inputValue()).toBe('ann@example.org');
    expect(await ann.page.getByLabel('someone joins').isChecked()).toBe(false);

    // Vacation: three days away, then back at once.
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await ann.page.getByLabel(/Away until/).fill(until);
    await ann.page.getByRole('button', { name: 'Go on vacation' }).click();
    await poll(() => ann.page.locator('#vacation-status').textContent()).toBe('Your clocks wait until then.');
    const vacation = async () =>
      (await request(s.url).get('/api/v1/players/me/vacation').set('Authorization', `Bearer ${ann.token}`)).body.until as string | null;
    expect((await vacation())?.slice(0, 10)).toBe(until);
    expect(await ann.page.locator('#vacation-now').textContent()).toMatch(/^On vacation until/);
    await ann.page.getByRole('button', { name: 'End my vacation now' }).click();
    await poll(vacation).toBe(null);
    await poll(() => ann.page.locator('#vacation-now').textContent()).toMatch(/^Not on vacation/);

    // The same identity in a third browser, by pasting the token once.
    const third = await (await browser.newContext()).newPage();
    await third.goto(`${s.url}/`);
    await third.getByLabel('Or paste your player token').fill(ann.token);
    await third.getByRole('button', { name: 'Use this token' }).click();
    await poll(() => third.locator('#me-name').textContent()).toBe('You are Ann.');
    await poll(() => third.locator(`#mine-list li.my-turn[data-game="${id}"]`).count()).toBe(1);
    await third.getByLabel('Or paste your player token').isHidden();
    const wrong = await (await browser.newContext()).newPage();
    await wrong.goto(`${s.url}/`);
    await wrong.getByLabel('Or paste your player token').fill('cbp_not-a-token');
    await wrong.getByRole('button', { name: 'Use this token' }).click();
    await poll(() => wrong.locator('#me-error').textContent()).toBe('This is not a player token of this server.');
    await ann.page.screenshot({ path: join(ARTIFACTS, 'page-home.png'), fullPage: true });
  }, 120_000);

  it("speaks the browser's language (French here), ?lang= overrides it, and every word of the chrome is translated", async () => {
    const en = JSON.parse(readFileSync('public/i18n/en.json', 'utf8')) as Record<string, string>;
    const fr = JSON.parse(readFileSync('public/i18n/fr.json', 'utf8')) as Record<string, string>;
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'ville-de-demain', players: [{ name: 'Ann' }, { name: 'Bob' }] })
    ).body;
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const words = () =>
      page.evaluate(() => Array.from(document.querySelectorAll('[data-i18n]')).map((e) => ({ id: e.dataset.i18n!, text: e.textContent })));
    for (const path of ['/', `/games/${g.id}#token=${encodeURIComponent(g.seats[0].token)}`]) {
      await page.goto(`${s.url}${path}`);
      await poll(async () => (await words()).find((w) => w.id === 'nav.home' || w.id === 'home.title')?.text).toBe(
        path === '/' ? fr['home.title'] : fr['nav.home'],
      );
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      const shown = await words();
      expect(shown.length).toBeGreaterThan(10);
      for (const w of shown) expect(w.text, w.id).toBe(fr[w.id]);
    }
    await poll(async () => `${await page.locator('#turn').textContent()}${await page.locator('#error').textContent()}`).toBe(
      'À vous de jouer !',
    );
    await poll(() => page.locator('#moves button.move').count()).toBeGreaterThan(0);
    // The moves' words come from the server in the page's language.
    expect(await page.locator('#moves button.move .words').first().textContent()).toMatch(/^(Piocher|Défausser|Ne rien)/);
    await page.goto(`${s.url}/games/${g.id}?lang=en#token=${encodeURIComponent(g.seats[0].token)}`);
    await poll(() => page.locator('#moves-h').textContent()).toBe(en['moves.title']);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('at phone width the moves come before the board, and each update is drawn once', async () => {
    const g = (
      await request(s.url)
        .post('/api/v1/games')
        .send({ type: 'city-tycoon', players: [{ name: 'Ann' }, { name: 'Bob' }] })
    ).body;
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    const boards: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/board.svg')) boards.push(r.url());
    });
    await page.goto(`${s.url}/games/${g.id}#token=${encodeURIComponent(g.seats[0].token)}`);
    await poll(() => page.locator('#moves button.move').count()).toBe(6);
    const moves = (await page.locator('#moves-card').boundingBox())!;
    const board = (await page.locator('#board').boundingBox())!;
    expect(moves.y + moves.height).toBeLessThanOrEqual(board.y);
    expect(moves.y).toBeLessThan(844);
    // The page is no wider than the phone (the picture scrolls inside its own box).
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'page-phone.png') });
    // Keeping a tile by tapping it on the board: one picture per version, however the news came
    // (the move's answer and the live update both say so).
    const watcher = await phone.newPage();
    const watched: string[] = [];
    watcher.on('request', (r) => {
      if (r.url().includes('/board.svg')) watched.push(r.url());
    });
    await watcher.goto(`${s.url}/games/${g.id}`);
    await poll(() => watcher.locator('#live').textContent()).toMatch(/live/);
    expect(watched).toHaveLength(1);
    expect(boards).toHaveLength(1);
    await page.locator('#board [data-notations]').first().tap();
    await poll(() => page.locator('body').getAttribute('data-version')).toBe('1');
    await poll(() => watcher.locator('body').getAttribute('data-version')).toBe('1');
    // Give a duplicate refresh its chance to show (bounded, to prove an absence).
    await page.waitForTimeout(200);
    expect(boards).toHaveLength(2);
    expect(watched).toHaveLength(2);
    await phone.close();
  });

  it('has a favicon', async () => {
    const r = await request(s.url).get('/favicon.ico');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const page = await browser.context.newPage();
    for (const path of ['/', '/games/00000000-0000-4000-8000-000000000000']) {
      await page.goto(`${s.url}${path}`);
      expect(await page.locator('link[rel=icon]').getAttribute('href')).toBe('/favicon.ico');
      // The icon the page names is there, as SVG.
      const got = await page.evaluate(async () => {
        const res = await fetch(
          (globalThis as unknown as { document: { querySelector(s: string): { href: string } } }).document.querySelector('link[rel=icon]')
            .href,
        );
        return { status: res.status, type: res.headers.get('content-type'), svg: (await res.text()).startsWith('<svg') };
      });
      expect(got).toEqual({ status: 200, type: 'image/svg+xml', svg: true });
    }
    await page.close();
  });
});
