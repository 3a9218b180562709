/**
 * Animated replays (issue 35): a game's positions from one version to another, each drawn by the
 * board picture (src/board, the same SVG as GET /board.svg for that viewer), its labels drawn as
 * outlines shaped once per process (text-outlines.ts), rasterized with resvg (@resvg/resvg-js, off
 * the event loop) and encoded as one GIF with gifenc, frame by frame as they are drawn (one frame's
 * pixels held, not the whole game's).
 *
 * Frames: the position at `from`, then one per version up to `to` (to - from + 1 frames), the last
 * held `hold` ms rather than repeated. One palette for the whole GIF (quantized from the first and
 * last positions, whose colours the others share), each colour's index looked up once a GIF; every
 * frame after the first holds only the pixels that changed, the rest transparent over the frame
 * before it (disposal 1, "keep"), so a move that changes one district costs that district's bytes.
 * gifenc writes full-size frames (no offsets), and the long runs of the transparent index compress
 * to almost nothing.
 */
import { renderAsync } from '@resvg/resvg-js';
import * as gifencModule from 'gifenc';
import { boardSvg, type BoardInput, type GamePicture, type Lang } from '../../board/index.js';
import { FONTS, outlineLabels, shapeLabels } from './text-outlines.js';

// gifenc ships CommonJS (Node's import sees one default export) and an ES module (named exports, which bundlers and vitest pick):
// both work.
const gifenc = (
  (gifencModule as { default?: typeof gifencModule.default }).default?.quantize ? gifencModule.default : gifencModule
) as typeof gifencModule.default;
const { GIFEncoder, nearestColorIndex, quantize } = gifenc;

/**
 * Frames rasterized ahead of the one being encoded: resvg draws each on a thread of libuv's pool
 * (four by default), so two ahead keep both cores of a small machine drawing while the event loop
 * encodes; each costs one frame's pixels (600 px: about 1.7 MB) while it waits.
 */
const AHEAD = 2;

/** The transparent palette index: the palette is quantized to at most 255 colours, so 255 is free. */
const TRANSPARENT = 255;

interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** One position's picture as RGBA pixels, `size` pixels wide (the height follows the picture). */
export async function rasterize(svg: string, size: number): Promise<Raster> {
  const image = await renderAsync(await outlineLabels(svg), { fitTo: { mode: 'width', value: size }, font: FONTS, background: '#ffffff' });
  // `pixels` copies the image out of resvg on each read: read it once.
  const pixels = image.pixels;
  return { width: image.width, height: image.height, pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength) };
}

/** One picture as a PNG, `size` pixels wide (the oEmbed thumbnail). */
export async function renderPng(svg: string, size: number): Promise<{ width: number; height: number; png: Buffer }> {
  const image = await renderAsync(await outlineLabels(svg), { fitTo: { mode: 'width', value: size }, font: FONTS, background: '#ffffff' });
  return { width: image.width, height: image.height, png: image.asPng() };
}

/**
 * Frames of unequal heights (a longer player list) on one canvas: each padded with white at the
 * bottom (or, were resvg to round a height other than heightAt does, its last row left out).
 */
function padded(frame: Raster, height: number): Uint8Array {
  if (frame.height === height) return frame.pixels;
  const out = new Uint8Array(frame.width * height * 4).fill(255);
  out.set(frame.height > height ? frame.pixels.subarray(0, out.length) : frame.pixels);
  return out;
}

/** A frame's pixels as one 32-bit word each (a copy when resvg's buffer is not aligned to 4 bytes). */
const words = (rgba: Uint8Array) =>
  rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4) : new Uint32Array(rgba.slice().buffer);

/**
 * An animated GIF written frame by frame, all frames `width` x `height` on one palette (quantized
 * from `sample`'s RGBA pixels: the first and last frames). Each frame's colours are looked up in the
 * palette once a GIF (by their 5-6-5 bits, as gifenc's applyPalette does) among the quantized
 * colours only; a frame after the first carries only the pixels whose index changed.
 */
class GifWriter {
  private readonly gif = GIFEncoder();
  private readonly palette: number[][];
  private readonly colours: number[][];
  private readonly lookup = new Int16Array(65536).fill(-1);
  private previous: Uint32Array | undefined;
  /** The index each pixel shows now (what the frames so far compose to). */
  private readonly shown: Uint8Array;
  /** The frame being written (gifenc encodes it before writeFrame returns, so one buffer serves every frame). */
  private readonly out: Uint8Array;

  constructor(
    private readonly width: number,
    private readonly height: number,
    sample: Uint8Array,
  ) {
    this.colours = quantize(sample, 255);
    this.palette = [...this.colours];
    while (this.palette.length < 256) this.palette.push([0, 0, 0]);
    this.shown = new Uint8Array(width * height);
    this.out = new Uint8Array(width * height);
  }

  add(frame: Raster, delay: number): void {
    const pixels = words(padded(frame, this.height));
    const out = this.out;
    const prev = this.previous;
    for (let p = 0; p < pixels.length; p++) {
      const c = pixels[p]!;
      if (prev && prev[p] === c) {
        out[p] = TRANSPARENT;
        continue;
      }
      const r = c & 0xff;
      const g = (c >>> 8) & 0xff;
      const b = (c >>> 16) & 0xff;
      const key = ((r << 8) & 0xf800) | ((g << 2) & 0x03e0) | (b >> 3);
      let i = this.lookup[key]!;
      if (i < 0) this.lookup[key] = i = nearestColorIndex(this.colours, [r, g, b]);
      out[p] = prev && this.shown[p] === i ? TRANSPARENT : i;
      this.shown[p] = i;
    }
    const opts = { delay, repeat: 0, dispose: 1 };
    if (!prev) this.gif.writeFrame(out, this.width, this.height, { ...opts, palette: this.palette });
    else this.gif.writeFrame(out, this.width, this.height, { ...opts, transparent: true, transparentIndex: TRANSPARENT });
    this.previous = pixels;
  }

  finish(): Uint8Array {
    this.gif.finish();
    return this.gif.bytes();
  }
}

/** The height a picture of `svg` has rasterized `size` pixels wide (resvg rounds its scaled height). */
function heightAt(svg: string, size: number): number {
  const m = svg.match(/<svg\b[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"/);
  if (!m) throw new Error('a board picture without its width and height');
  return Math.round((Number(m[2]) * size) / Number(m[1]));
}

/**
 * The GIF of a list of positions: each drawn as the board picture, rasterized at `size` px wide and
 * added to the GIF as it comes (the next ones rasterizing meanwhile); `onFrame` hears each frame's
 * milliseconds, from its turn to rasterize to its encoding.
 */
export async function replayGif(
  positions: BoardInput[],
  lang: Lang,
  picture: GamePicture | undefined,
  size: number,
  delay: number,
  hold: number,
  onFrame: (ms: number) => void = () => {},
): Promise<Uint8Array> {
  if (positions.length === 0) throw new RangeError('a GIF needs a frame');
  const svgs = positions.map((p) => boardSvg(p, lang, picture));
  const height = Math.max(...svgs.map((svg) => heightAt(svg, size)));
  // Every label of the GIF shaped at once, before the first frame: a few resvg calls rather than one a frame.
  await shapeLabels(svgs);
  let started = performance.now();
  const [first, last] = await Promise.all([rasterize(svgs[0]!, size), svgs.length > 1 ? rasterize(svgs.at(-1)!, size) : undefined]).then(
    ([a, z]) => [a, z ?? a] as const,
  );
  if (first.width !== size || last.width !== size) throw new Error(`a frame ${first.width} px wide, not ${size}`);
  const sample = new Uint8Array(first.width * height * 4 * (last === first ? 1 : 2));
  sample.set(padded(first, height));
  if (last !== first) sample.set(padded(last, height), first.width * height * 4);
  const writer = new GifWriter(size, height, sample);
  const drawing = new Map<number, Promise<Raster>>([
    [0, Promise.resolve(first)],
    [svgs.length - 1, Promise.resolve(last)],
  ]);
  for (let i = 0; i < svgs.length; i++) {
    // The next frames rasterize on resvg's threads (one per core) while this one is encoded here.
    for (let j = i + 1; j <= i + AHEAD && j < svgs.length; j++) if (!drawing.has(j)) drawing.set(j, rasterize(svgs[j]!, size));
    const frame = await drawing.get(i)!;
    drawing.delete(i);
    writer.add(frame, i === svgs.length - 1 ? hold : delay);
    const now = performance.now();
    onFrame(now - started);
    started = now;
  }
  return writer.finish();
}
