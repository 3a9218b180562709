import { join } from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { RestClient } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Browser globals, used only inside page.evaluate callbacks (they run in Chromium, not in Node).
declare const document: { querySelector(selector: string): unknown; body: { dataset: Record<string, string | undefined> } };
declare const window: Record<string, unknown>;
declare const XMLSerializer: new () => { serializeToString(node: unknown): string };
declare const DOMParser: new () => { parseFromString(text: string, type: string): { documentElement: unknown } };

/**
 * The web page in a real headless Chromium against the real server: create a game from the page,
 * play by clicking as two seats in two pages, see the other page follow live, scrub the replay,
 * and keep a screenshot of each game's board in test-artifacts/.
 */
describe('the web page in a real browser', () => {
  let s: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    s = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  /** Waits for a value in the page (up to 20 s: the machine may be busy), checking every 50 ms. */
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 50 });
  const statusOf = (p: Page) => p.locator('#status').textContent();
  /** The board picture the page shows, serialised by the browser (without what the page adds to make its targets buttons). */
  const shownSvg = (p: Page) =>
    p.evaluate(() => {
      const svg = (
        document.querySelector('#board svg') as {
          cloneNode(deep: boolean): { querySelectorAll(s: string): { removeAttribute(a: string): void }[] };
        }
      ).cloneNode(true);
      for (const el of svg.querySelectorAll('[data-notations]'))
        for (const a of ['tabindex', 'role', 'aria-label', 'aria-haspopup']) el.removeAttribute(a);
      return new XMLSerializer().serializeToString(svg);
    });
  /** board.svg fetched directly by the same browser (same token, same Accept-Language), serialised the same way. */
  const fetchedSvg = (p: Page, path: string, token?: string) =>
    p.evaluate(
      async ({ path, token }) => {
        const text = await (await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })).text();
        return new XMLSerializer().serializeToString(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement);
      },
      { path, token },
    );

  it('creates a game from the page, plays it by clicking as two seats, updates live, and replays it', async () => {
    const home = await browser.context.newPage();
    await home.goto(`${s.url}/`);
    await poll(() => home.locator('#types li').count()).toBe(s.service.gameTypes().length);
    for (const name of ['Town Center', 'Ma Petite Ville', 'City Tycoon', 'La Ville de Demain'])
      expect(await home.locator('#types').textContent()).toContain(name);
    // The open games show only where the server has a lobby (GET /api/v1/lobby answers).
    const hasLobby = (await request(s.url).get('/api/v1/lobby')).status === 200;
    await poll(() => home.locator('#lobby').isVisible()).toBe(hasLobby);
    await home.getByLabel('Game', { exact: true }).selectOption('town-center');
    await home.getByLabel('Players', { exact: true }).selectOption('2');
    await home.getByLabel('Seat 1', { exact: true }).fill('Ann');
    await home.getByLabel('Seat 2', { exact: true }).fill('Bob');
    await home.getByLabel('Board side', { exact: true }).selectOption('B'); // the options, drawn from the game's schema
    await home.getByRole('button', { name: 'Create the game' }).click();
    await home.locator('#created').waitFor();
    const links = await home.locator('a.seat-link').evaluateAll((as) => as.map((a) => (a as unknown as { href: string }).href));
    expect(links).toHaveLength(2);
    const id = /\/games\/([0-9a-f-]{36})#token=/.exec(links[0]!)![1]!;
    const tokens = links.map((l) => decodeURIComponent(l.split('#token=')[1]!));

    const ann = await browser.context.newPage();
    const bob = await browser.context.newPage();
    await ann.goto(links[0]!);
    await bob.goto(links[1]!);
    await poll(() => statusOf(ann)).toMatch(/Before the first move · To move: Ann/);
    await poll(() => bob.locator('#moves-note').textContent()).toMatch(/Waiting for Ann/);
    await poll(() => bob.locator('#live').textContent()).toMatch(/live/);
    // A marker that a reload would lose: Bob's page must follow the game without reloading.
    await bob.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    // City Halls, then Phase I: the seat to move clicks one of its listed moves; both seats move.
    const rest = new RestClient(s.url);
    const created = await request(s.url).get(`/api/v1/games/${id}`);
    expect(created.body.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bob']);
    expect(created.body.options.boardSide).toBe('B');
    const movers = new Set<number>();
    for (let version = 1; version <= 4; version++) {
      const seat = (await rest.game(id)).toMove[0]!;
      movers.add(seat);
      const [mover, watcher] = seat === 0 ? [ann, bob] : [bob, ann];
      // The mover's page may still show the position before its own last move (a seat can move
      // twice running): its buttons are that position's until the page has drawn this one.
      await poll(() => mover.evaluate(() => document.body.dataset.version)).toBe(String(version - 1));
      const buttons = mover.locator('#moves button.move');
      await poll(() => buttons.count()).toBeGreaterThan(0);
      await buttons.nth(version % (await buttons.count())).click();
      // The other page sees the new version and whose turn it is, pushed over the subscription.
      await poll(() => watcher.evaluate(() => document.body.dataset.version)).toBe(String(version));
      await poll(() => watcher.locator('#board').getAttribute('data-version')).toBe(String(version));
      await poll(() => watcher.locator('#log li').count()).toBe(version);
    }
    expect(movers).toEqual(new Set([0, 1]));
    expect(await bob.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect((await rest.game(id)).version).toBe(4);
    // The last mover's own page draws its board once its move's answer is in: wait for it too.
    for (const p of [ann, bob]) await poll(() => p.locator('#board').getAttribute('data-version')).toBe('4');
    expect(await shownSvg(ann)).toBe(await fetchedSvg(ann, `/api/v1/games/${id}/board.svg`, tokens[0]));

    // The replay: scrub the slider to version 2 and see the very picture board.svg?at=2 gives.
    const slider = ann.getByRole('slider', { name: 'Move' });
    const sliderAt = async () => (await slider.boundingBox())!.y;
    const before = await sliderAt();
    await slider.fill('2');
    await poll(() => ann.locator('#board').getAttribute('data-version')).toBe('2');
    expect(ann.url()).toContain('?at=2');
    expect(await shownSvg(ann)).toBe(await fetchedSvg(ann, `/api/v1/games/${id}/board.svg?at=2`, tokens[0]));
    expect(await ann.locator('#log li.current').getAttribute('data-version')).toBe('2');
    expect(await statusOf(ann)).toMatch(/Replay after move 2 of 4/);
    // Previous / next buttons and the arrow keys.
    await ann.getByRole('button', { name: 'Previous move' }).click();
    await poll(() => ann.locator('#board').getAttribute('data-version')).toBe('1');
    await ann.locator('body').press('ArrowRight');
    await ann.locator('body').press('ArrowRight');
    await poll(() => ann.locator('#board').getAttribute('data-version')).toBe('3');
    expect(await ann.locator('#log li.current').getAttribute('data-version')).toBe('3');
    expect(await shownSvg(ann)).toBe(await fetchedSvg(ann, `/api/v1/games/${id}/board.svg?at=3`, tokens[0]));
    await ann.locator('body').press('Home');
    await poll(() => ann.locator('#board').getAttribute('data-version')).toBe('0');
    // No layout jump: the replay controls stay where they were while the pictures change.
    expect(await sliderAt()).toBe(before);
    expect(await ann.locator('#log li.current').count()).toBe(0);

    // Opening the replay URL directly, as a spectator (another browser: this one keeps Ann's and
    // Bob's seats), shows the spectator's picture at that version.
    const other = await browser.newContext();
    const watcher = await other.newPage();
    await watcher.goto(`${s.url}/games/${id}?at=1`);
    await poll(() => watcher.locator('#board').getAttribute('data-version')).toBe('1');
    expect(await shownSvg(watcher)).toBe(await fetchedSvg(watcher, `/api/v1/games/${id}/board.svg?at=1`));
    expect(await watcher.locator('#moves-card').isHidden()).toBe(true);
    await ann.screenshot({ path: join(ARTIFACTS, 'page-replay.png') });
    for (const p of [home, ann, bob, watcher]) await p.close();
    await other.close();
  }, 180_000);

  it("shows each game's board mid-game (screenshots kept in test-artifacts/)", async () => {
    const rest = new RestClient(s.url);
    for (const type of ['town-center', 'ma-petite-ville', 'city-tycoon', 'ville-de-demain']) {
      const g = await rest.create(type, 3, { seed: `shot-${type}` });
      const rng = Rng.fromSeed(`shot-moves-${type}`);
      for (let i = 0; i < 40; i++) {
        const game = await rest.game(g.id);
        if (game.status !== 'active') break;
        const seat = g.seats[game.toMove[0]!]!;
        const moves = await rest.legal(g.id, seat.token);
        await rest.move(g.id, seat.token, rng.pick(moves));
      }
      const game = await rest.game(g.id);
      const page = await browser.context.newPage();
      // As the seat to move, so the picture shows its legal moves too.
      const seat = g.seats[game.toMove[0] ?? 0]!;
      await page.goto(`${s.url}/games/${g.id}#token=${encodeURIComponent(seat.token)}`);
      await poll(() => page.locator('#board').getAttribute('data-version')).toBe(String(game.version));
      // The log is read in parallel with the picture (and waits for the text record): the page
      // marks the body with the version once everything is shown.
      await poll(() => page.locator('body').getAttribute('data-version')).toBe(String(game.version));
      expect(await page.locator('#board svg').getAttribute('data-type')).toBe(type);
      expect(await page.locator('#log li').count()).toBe(game.version);
      if (game.status === 'active') {
        const legal = await request(s.url)
          .get(`/api/v1/games/${g.id}/legal-moves`)
          .set({ Authorization: `Bearer ${seat.token}` });
        await poll(() => page.locator('#moves button.move').count()).toBe(legal.body.moves.length);
        // Each listed move carries its notation, in the server's order, and reads in words.
        expect(
          await page
            .locator('#moves button.move')
            .evaluateAll((bs) => bs.map((b) => (b as unknown as { dataset: { notation: string } }).dataset.notation)),
        ).toEqual(legal.body.notations);
        for (const words of await page.locator('#moves button.move .words').allTextContents()) expect(words).toMatch(/^[A-ZÀ-Ý]/);
      }
      // The picture really renders: it has a size, and the browser found no XML error in it.
      const box = await page.locator('#board svg').boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(await page.locator('#board parsererror').count()).toBe(0);
      await page.screenshot({ path: join(ARTIFACTS, `board-${type}.png`), fullPage: true });
      await page.close();
    }
    // The lobby section lists what GET /api/v1/lobby answers (its documented shape; the answer is
    // served to the page here, since the lobby is another module's and may be absent).
    const lobbyPage = await browser.context.newPage();
    await lobbyPage.route('**/api/v1/lobby', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          games: [
            {
              id: '11111111-2222-4333-8444-555555555555',
              type: 'city-tycoon',
              options: {},
              seats: [
                { seat: 0, open: false, name: 'Ann' },
                { seat: 1, open: true },
              ],
              seatsTaken: 1,
              seatsOpen: 1,
              createdAt: '2026-01-02T03:04:05.000Z',
            },
          ],
          next: null,
        }),
      }),
    );
    await lobbyPage.goto(`${s.url}/`);
    await poll(() => lobbyPage.locator('#lobby').isVisible()).toBe(true);
    expect(await lobbyPage.locator('#lobby-list li').textContent()).toMatch(/^City Tycoon · 1 open seat of 2 · Ann/);
    expect(await lobbyPage.locator('#lobby-list a').getAttribute('href')).toBe('/games/11111111-2222-4333-8444-555555555555');
    // Joining from the lobby takes no code (a public game takes anyone): without a player, a name;
    // the join is sent at once (answered here too, for this made-up game), then the game's page opens.
    const joins: unknown[] = [];
    await lobbyPage.route('**/api/v1/games/11111111-2222-4333-8444-555555555555/join', (route) => {
      joins.push(route.request().postDataJSON());
      return route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ seat: 1, name: 'Zed', token: 'cbs_made_up', status: 'active' }),
      });
    });
    await lobbyPage.getByRole('button', { name: 'Join', exact: true }).click();
    await poll(() => lobbyPage.locator('#lobby-list .error').textContent()).toBe('Write your name to join.');
    await lobbyPage.getByLabel('Your name, to join').fill('Zed');
    await lobbyPage.getByRole('button', { name: 'Join', exact: true }).click();
    await lobbyPage.waitForURL(/\/games\/11111111-2222-4333-8444-555555555555$/);
    expect(joins).toEqual([{ name: 'Zed' }]);
    await lobbyPage.close();
    // A game that does not exist: the page says so, in words.
    const missing = await browser.context.newPage();
    await missing.goto(`${s.url}/games/00000000-0000-4000-8000-000000000000`);
    await poll(() => missing.locator('#error').textContent()).toMatch(/NOT_FOUND: no game/);
    await missing.close();
    // Every asset the page loads comes from this server.
    const r = await request(s.url).get('/');
    expect(r.headers['content-security-policy']).toMatch(/default-src 'self'/);
  }, 180_000);
});
