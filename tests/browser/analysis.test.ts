import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { BOT_ENV } from '../support/bots.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Analysis on the replay page (issue 21 item 6): a finished game's page shows, beside the log at
 * the version chosen, each legal move's chance to win for the seat that moves next (the preferred
 * move and the move played marked); the whole game analysed in the background shows its progress
 * until done and marks the moves that lost winning chance in the log.
 */
describe('analysis on the replay page, in a real browser', () => {
  let s: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    s = await startTestServer(BOT_ENV);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  const poll = <T>(read: () => Promise<T> | T, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });

  it('a finished bots game: a position analysed beside the log, then the whole game with its ' +
    'progress and the costly moves marked', async () => {
    const c = await request(s.url)
      .post('/api/v1/games')
      .send({ type: 'ma-petite-ville', players: [{ bot: 'greedy' }, { bot: 'random' }], seed: 'page-analysis' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id as string;
    await poll(async () => (await request(s.url).get(`/api/v1/games/${id}`)).body.status, 120_000).toBe('finished');
    const log = (await request(s.url).get(`/api/v1/games/${id}/record`)).body.moves as { seat: number }[];
    // A position with a choice: the first version whose next mover has more than one legal move.
    let at = 0;
    for (; at < log.length; at++) {
      const a = await request(s.url).get(`/api/v1/games/${id}/analysis?at=${at}&seat=${log[at]!.seat}&iterations=5`);
      if (a.body.moves.length > 1) break;
    }
    const expected = await request(s.url).get(`/api/v1/games/${id}/analysis?at=${at}&seat=${log[at]!.seat}`);

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${s.url}/games/${id}?at=${at}`);
    await poll(() => page.locator('#analysis-card').isVisible()).toBe(true);
    expect(await page.locator('#analysis-seat').inputValue()).toBe(String(log[at]!.seat));
    await page.getByRole('button', { name: 'Analyse this position' }).click();
    await poll(() => page.locator('#analysis-moves tbody tr').count()).toBe(expected.body.moves.length);
    // The table is the API's answer, row for row, the preferred move marked.
    const rows = await page.locator('#analysis-moves tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        notation: tr.getAttribute('data-notation'),
        best: tr.classList.contains('best'),
        visits: tr.children[2]!.textContent,
      })),
    );
    expect(rows).toEqual(
      expected.body.moves.map((m: { notation: string; visits: number; move: unknown }) => ({
        notation: m.notation,
        best: JSON.stringify(m.move) === JSON.stringify(expected.body.best),
        visits: String(m.visits),
      })),
    );
    expect(await page.locator('#analysis-moves tr.played').count()).toBe(1);

    // Next version: the analysis follows the replay.
    await page.getByRole('button', { name: 'Next move' }).click();
    await poll(() => page.locator('#analysis-best').textContent()).toContain(`after move ${at + 1}`);

    await page.getByRole('button', { name: 'Analyse the whole game' }).click();
    await poll(() => page.locator('#analysis-progress').textContent(), 120_000).toMatch(
      /moves analysed: the moves that lost winning chance are marked/,
    );
    const whole = (await request(s.url).get(`/api/v1/games/${id}/analysis/whole`)).body as {
      moves: { version: number; loss: number | null }[];
    };
    const marked = whole.moves.filter((m) => (m.loss ?? 0) >= 0.02).map((m) => String(m.version));
    expect(marked.length).toBeGreaterThan(0);
    expect(await page.locator('#log li:has(.loss)').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-version')))).toEqual(marked);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-analysis.png'), fullPage: true });
  }, 240_000);
});
