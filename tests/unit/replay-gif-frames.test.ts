import { Resvg } from '@resvg/resvg-js';
import { GifReader } from 'omggif';
import { describe, expect, it } from 'vitest';
import { replayGif } from '../../src/app/replays/replay-gif.js';
import { FONTS, labelsShaped, outlineLabels } from '../../src/app/replays/text-outlines.js';
import { boardSvg, type BoardInput } from '../../src/board/index.js';
import { randomPlayout, resolveOptions, type AnyGame, type Json } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';

/**
 * Issue 35, a GIF frame in milliseconds: the board picture's labels are drawn as outlines shaped
 * once (src/app/replays/text-outlines.ts), and the GIF is written frame by frame on one palette.
 * The pictures must stay the ones resvg draws from the text, and every frame of the GIF, composed
 * over the ones before it as a decoder does, must show its position.
 */
const registry = defaultRegistry();

function positionsOf(game: AnyGame, count: number, lang = 'en'): { inputs: BoardInput[]; svgs: string[] } {
  const options = resolveOptions(game, 3, {});
  if (!options.ok) throw new Error(options.error.message);
  const config = { players: 3, options: options.value, seed: `frames-${game.id}` };
  const states: unknown[] = [game.setup(config)];
  randomPlayout(game, config, `frames-${game.id}`, { afterMove: (s) => states.push(s) });
  const inputs = states.slice(0, count).map((state, version) => ({
    type: game.id,
    version,
    toMove: game.outcome(state) ? [] : game.toMove(state),
    players: [0, 1, 2].map((seat) => ({ seat, name: `Zoé ${seat + 1}` })),
    view: game.view(state, null) as Json,
    outcome: game.outcome(state),
    viewerSeat: null,
  }));
  const picture = registry.plugin(game.id)?.picture;
  return { inputs, svgs: inputs.map((p) => boardSvg(p, lang as 'en', picture)) };
}

const pixelsOf = (svg: string, size: number) => {
  const image = new Resvg(svg, { font: FONTS, fitTo: { mode: 'width', value: size }, background: '#ffffff' }).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
};

describe('labels as outlines', () => {
  for (const game of hostedGames as AnyGame[]) {
    it(`${game.id}: the picture with its labels as outlines is the picture resvg draws from its text`, async () => {
      const { svgs } = positionsOf(game, 3);
      for (const svg of svgs) {
        const outlined = await outlineLabels(svg);
        expect(outlined).not.toMatch(/<text\b/);
        expect(outlined).toMatch(/<path transform="translate\(/);
        const a = pixelsOf(svg, 600);
        const b = pixelsOf(outlined, 600);
        expect([b.width, b.height]).toEqual([a.width, a.height]);
        // The outlines resvg writes out are rounded to f32, and edge pixels' coverage moves with them:
        // a few channels in a thousand off by more than 8, none by more than a third.
        let worst = 0;
        let off = 0;
        for (let i = 0; i < a.pixels.length; i++) {
          const d = Math.abs(a.pixels[i]! - b.pixels[i]!);
          worst = Math.max(worst, d);
          if (d > 8) off++;
        }
        expect(worst).toBeLessThanOrEqual(96);
        expect(off).toBeLessThan(a.pixels.length / 1000);
      }
    });
  }

  it('a label is shaped once: the same labels again shape none', async () => {
    const { svgs } = positionsOf(hostedGames[0] as AnyGame, 2, 'fr');
    await outlineLabels(svgs[0]!);
    const before = labelsShaped();
    await outlineLabels(svgs[0]!);
    expect(labelsShaped()).toBe(before);
  });

  it('a label it cannot carry over exactly stays text: several x, a style, a group that shapes its labels', async () => {
    const doc = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" font-family="DejaVu Sans">${body}</svg>`;
    const several = doc('<text x="1 9 17" y="20">abc</text>');
    expect(await outlineLabels(several)).toBe(several);
    const styled = doc('<text x="1" y="20" style="font-size:20px">abc</text>');
    expect(await outlineLabels(styled)).toBe(styled);
    const grouped = doc('<g font-size="20"><text x="1" y="20">abc</text></g>');
    expect(await outlineLabels(grouped)).toBe(grouped);
    const plain = doc('<text x="1" y="20" fill="#c00" class="k">abc</text>');
    expect(await outlineLabels(plain)).toMatch(
      /^<svg[^>]*><path transform="translate\(1 20\)" d="M [^"]+" fill="#c00" class="k"\/><\/svg>$/,
    );
  });
});

describe('a replay GIF, frame by frame', () => {
  it('every frame, composed over the ones before it, shows its position (new black labels included)', async () => {
    const game = hostedGames.find((g) => g.id === 'town-center') as AnyGame;
    const { inputs, svgs } = positionsOf(game, 6);
    const size = 300;
    const bytes = await replayGif(inputs, 'en', registry.plugin(game.id)?.picture, size, 200, 3000);
    const gif = new GifReader(Buffer.from(bytes));
    expect(gif.numFrames()).toBe(6);
    const shown = new Uint8Array(gif.width * gif.height * 4);
    for (let i = 0; i < gif.numFrames(); i++) {
      gif.decodeAndBlitFrameRGBA(i, shown);
      const want = pixelsOf(svgs[i]!, size);
      // One palette for the GIF: a colour may move to its nearest; what must not happen is a pixel
      // left as it was (a new label's black drawn as the transparent index shows the frame before).
      let far = 0;
      for (let p = 0; p < want.width * want.height * 4; p += 4) {
        const d = Math.max(
          Math.abs(shown[p]! - want.pixels[p]!),
          Math.abs(shown[p + 1]! - want.pixels[p + 1]!),
          Math.abs(shown[p + 2]! - want.pixels[p + 2]!),
        );
        if (d > 96) far++;
      }
      expect(far, `frame ${i}`).toBeLessThan((want.width * want.height) / 500);
    }
  });
});
