import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardSvg, moveLabels, type Lang } from '../../src/board/index.js';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { forbiddenIds, visibleIds } from '../support/internal-ids.js';
import { games, pictureOf, randomPositions } from '../support/positions.js';

// Browser globals, used only inside page.evaluate callbacks (they run in Chromium, not in Node).
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
interface El {
  textContent: string | null;
  getBoundingClientRect(): Box;
  querySelectorAll(s: string): ArrayLike<El>;
}
declare const document: { querySelectorAll(selector: string): ArrayLike<El>; body: { innerText: string } };

/**
 * Board pictures of random positions of every game, in both languages, drawn by a real Chromium
 * with the font the pictures name (DejaVu Sans): no label outside the picture, no two labels
 * overlapping, no label cut with an ellipsis, and no internal id (t1_22, smallHouse, power2...)
 * anywhere a person reads, the moves' words included.
 */
/** Random positions a game: 100, or 40 in CI, where the suite must fit in 15 minutes. */
const PER_GAME = process.env.CI === 'true' ? 40 : 100;
const BATCH = 20;

interface Problem {
  picture: number;
  kind: string;
  detail: string;
}

/** Checks every picture on the page: boxes of <text> in the browser's own layout. */
function check(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { picture: number; kind: string; detail: string }[] = [];
    const svgs = document.querySelectorAll('svg[data-type]');
    for (let i = 0; i < svgs.length; i++) {
      const svg = svgs[i]!;
      const frame = svg.getBoundingClientRect();
      const texts = Array.from(svg.querySelectorAll('text')).map((t) => ({ s: t.textContent ?? '', b: t.getBoundingClientRect() }));
      for (const t of texts) {
        if (t.b.left < frame.left - 0.5 || t.b.right > frame.right + 0.5 || t.b.top < frame.top - 0.5 || t.b.bottom > frame.bottom + 0.5)
          problems.push({ picture: i, kind: 'outside', detail: t.s });
        if (/(…|\.\.\.)$/.test(t.s.trim())) problems.push({ picture: i, kind: 'ellipsis', detail: t.s });
      }
      // Overlaps, by a sweep along x.
      const sorted = texts.filter((t) => t.s.trim() !== '').sort((a, b) => a.b.left - b.b.left);
      for (let a = 0; a < sorted.length; a++) {
        for (let b = a + 1; b < sorted.length && sorted[b]!.b.left < sorted[a]!.b.right - 0.5; b++) {
          const p = sorted[a]!.b,
            q = sorted[b]!.b;
          const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
          const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
          if (w > 0.5 && h > 0.5) problems.push({ picture: i, kind: 'overlap', detail: `"${sorted[a]!.s}" / "${sorted[b]!.s}"` });
        }
      }
    }
    return problems;
  });
}

describe('board pictures in a real browser: every label legible', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the checks see a label outside, two labels overlapping and a label cut short (control)', async () => {
    const page = await browser.context.newPage();
    const bad =
      '<svg xmlns="http://www.w3.org/2000/svg" data-type="control" width="200" height="100" ' +
      'viewBox="0 0 200 100" font-family="DejaVu Sans">' +
      '<text x="10" y="20" font-size="12">Luxury Residence</text><text x="40" y="24" font-size="12">Botanical</text>' +
      '<text x="150" y="60" font-size="12">far too wide</text><text x="10" y="80" font-size="12">Botanical Gard…</text></svg>';
    const good =
      '<svg xmlns="http://www.w3.org/2000/svg" data-type="control" width="200" height="100" ' +
      'viewBox="0 0 200 100" font-family="DejaVu Sans">' +
      '<text x="10" y="20" font-size="12">Luxury Residence</text><text x="10" y="40" font-size="12">Botanical Garden</text></svg>';
    await page.setContent(`<!doctype html><body style="margin:0">${bad}${good}</body>`);
    const problems = await check(page);
    expect(problems.map((p) => `${p.picture} ${p.kind}`).sort()).toEqual(['0 ellipsis', '0 outside', '0 overlap']);
    await page.close();
  });

  for (const g of games) {
    it(`${g.id}: ${PER_GAME} random positions in English and French, labels inside, apart, whole, and no internal id`, async () => {
      const page = await browser.context.newPage();
      const positions = randomPositions(g, PER_GAME, `layout-${g.id}`);
      const forbidden = forbiddenIds();
      let pictures = 0,
        withMoves = 0;
      for (const lang of ['en', 'fr'] as Lang[]) {
        for (let start = 0; start < positions.length; start += BATCH) {
          const batch = positions.slice(start, start + BATCH);
          // Each picture as the page shows it, with the viewer's moves in words under it.
          const html = batch
            .map((p) => {
              const svg = boardSvg(p.input, lang, pictureOf(g.id)).replace(/^<\?xml[^>]*>\n/, '');
              const words = p.legal.length
                ? moveLabels(
                    g.id,
                    pictureOf(g.id),
                    p.legal.map((m) => m.move),
                    p.input.viewerSeat!,
                    p.input.view,
                    lang,
                  )
                : [];
              return (
                `<section>${svg}<ul>${words.map((w) => `<li>${w.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</li>`).join('')}` +
                `</ul></section>`
              );
            })
            .join('');
          await page.setContent(`<!doctype html><html lang="${lang}"><body style="margin:0">${html}</body></html>`);
          const problems = await check(page);
          expect(
            problems.map(
              (p) =>
                `${g.id} ${lang} #${start + p.picture} (v${batch[p.picture]!.input.version}, viewer ${batch[p.picture]!.input.viewerSeat}` +
                `): ${p.kind} ${p.detail}`,
            ),
          ).toEqual([]);
          const text = await page.evaluate(() => document.body.innerText);
          expect(visibleIds(text, forbidden), `${g.id} ${lang}: internal ids in the text`).toEqual([]);
          pictures += batch.length;
          withMoves += batch.filter((p) => p.legal.length > 0).length;
          if (start === 0 && lang === 'en') await page.screenshot({ path: join(ARTIFACTS, `layout-${g.id}.png`), fullPage: true });
        }
      }
      expect(pictures).toBe(2 * PER_GAME);
      // The positions cover pictures with moves marked on them.
      expect(withMoves).toBeGreaterThan(PER_GAME / 4);
      await page.close();
    }, 180_000);
  }
});
