/**
 * Animated replays (issue 35): a game's positions from one version to another, each drawn by the
 * board picture (src/board, the same SVG as GET /board.svg for that viewer), rasterized with resvg
 * (@resvg/resvg-js, off the event loop) and encoded as one GIF with gifenc.
 *
 * Frames: the position at `from`, then one per version up to `to` (to - from + 1 frames), the last
 * held `hold` ms rather than repeated. One palette for the whole GIF (quantized from the first and
 * last positions, whose colours the others share); every frame after the first holds only the
 * pixels that changed, the rest transparent over the frame before it (disposal 1, "keep"), so a
 * move that changes one district costs that district's bytes. gifenc writes full-size frames
 * (no offsets), and the long runs of the transparent index compress to almost nothing.
 */
import { existsSync } from 'node:fs';
import { renderAsync } from '@resvg/resvg-js';
import * as gifencModule from 'gifenc';
import { boardSvg, type BoardInput, type GamePicture, type Lang } from '../../board/index.js';

// gifenc ships CommonJS (Node's import sees one default export) and an ES module (named exports, which bundlers and vitest pick):
// both work.
const gifenc = (
  (gifencModule as { default?: typeof gifencModule.default }).default?.quantize ? gifencModule.default : gifencModule
) as typeof gifencModule.default;
const { GIFEncoder, applyPalette, quantize } = gifenc;

/** The transparent palette index: the palette is quantized to at most 255 colours, so 255 is free. */
const TRANSPARENT = 255;

/**
 * The fonts the pictures are drawn in (DejaVu Sans, the font their labels are measured with: package
 * fonts-dejavu-core). Loading these two files for each frame, rather than every system font, is most
 * of what a frame saves; without them, the system's fonts.
 */
const DEJAVU = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];
const fonts = DEJAVU.every((f) => existsSync(f))
  ? { loadSystemFonts: false, fontFiles: DEJAVU, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' }
  : { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' };

/** One position's picture as RGBA pixels, `size` pixels wide (the height follows the picture). */
export async function rasterize(svg: string, size: number): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: size }, font: fonts, background: '#ffffff' });
  return {
    width: image.width,
    height: image.height,
    pixels: new Uint8Array(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength),
  };
}

/** One picture as a PNG, `size` pixels wide (the oEmbed thumbnail). */
export async function renderPng(svg: string, size: number): Promise<{ width: number; height: number; png: Buffer }> {
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: size }, font: fonts, background: '#ffffff' });
  return { width: image.width, height: image.height, png: image.asPng() };
}

/** Frames of unequal heights (a longer player list) on one canvas: each padded with white at the bottom. */
function padded(frame: { width: number; height: number; pixels: Uint8Array }, height: number): Uint8Array {
  if (frame.height === height) return frame.pixels;
  const out = new Uint8Array(frame.width * height * 4).fill(255);
  out.set(frame.pixels);
  return out;
}

/** Encodes RGBA frames of one width as an animated GIF: `delay` ms a frame, the last held `hold` ms. */
export function encodeGif(frames: { width: number; height: number; pixels: Uint8Array }[], delay: number, hold: number): Uint8Array {
  if (frames.length === 0) throw new RangeError('a GIF needs a frame');
  const width = frames[0]!.width;
  const height = Math.max(...frames.map((f) => f.height));
  const rgba = frames.map((f) => padded(f, height));
  const sample = new Uint8Array(rgba[0]!.length * (rgba.length > 1 ? 2 : 1));
  sample.set(rgba[0]!);
  if (rgba.length > 1) sample.set(rgba.at(-1)!, rgba[0]!.length);
  const palette = quantize(sample, 255);
  while (palette.length < 256) palette.push([0, 0, 0]);
  const gif = GIFEncoder();
  let previous: Uint8Array | undefined;
  rgba.forEach((pixels, i) => {
    const index = applyPalette(pixels, palette);
    const last = i === rgba.length - 1;
    const opts = { delay: last ? hold : delay, repeat: 0, dispose: 1 };
    if (!previous) gif.writeFrame(index, width, height, { ...opts, palette });
    else {
      const changed = index.slice();
      for (let p = 0; p < changed.length; p++) if (changed[p] === previous[p]) changed[p] = TRANSPARENT;
      gif.writeFrame(changed, width, height, { ...opts, transparent: true, transparentIndex: TRANSPARENT });
    }
    previous = index;
  });
  gif.finish();
  return gif.bytes();
}

/** The GIF of a list of positions: each drawn as the board picture, rasterized at `size` px wide, then encoded. */
export async function replayGif(
  positions: BoardInput[],
  lang: Lang,
  picture: GamePicture | undefined,
  size: number,
  delay: number,
  hold: number,
): Promise<Uint8Array> {
  const frames = [];
  for (const p of positions) frames.push(await rasterize(boardSvg(p, lang, picture), size));
  return encodeGif(frames, delay, hold);
}
