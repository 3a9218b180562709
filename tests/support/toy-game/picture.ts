import type { Json } from '../../../src/engine/index.js';
import { arr, group, int, obj, rect, seatColour, str, text, title, type GamePicture } from '../../../src/board/svg.js';
import { LOTS } from './schema.js';

const W = 70;
const WORDS = {
  house: { en: 'house', fr: 'maison' },
  shop: { en: 'shop', fr: 'boutique' },
  lot: { en: 'lot', fr: 'terrain' },
  build: { en: 'Build a', fr: 'Construire une' },
  built: { en: 'Built a', fr: 'A construit une' },
} as const;

/** Toy Street's board: the six lots, each built one in its builder's colour; a lot's hotspot takes both of its builds. */
export const picture: GamePicture = {
  name: { en: 'Toy Street', fr: 'Rue Jouet' },
  scores: (view, seats) => Array.from({ length: seats }, (_, s) => int(arr(obj(view).scores)[s])),
  status: (view, ctx) => `${ctx.t('round')} ${int(obj(view).round)}`,
  draw(view, ctx) {
    const lots = arr(obj(view).lots);
    const parts = Array.from({ length: LOTS }, (_, i) => {
      const l = obj(lots[i] ?? null);
      const built = lots[i] !== null && lots[i] !== undefined;
      const kind = str(l.building) === 'shop' ? 'shop' : 'house';
      return group({ class: 'lot', 'data-lot': i },
        rect(i * W, 0, W - 6, 60, { fill: built ? seatColour(int(l.seat)) : '#eeeeea', stroke: '#888', rx: 4 }),
        text(i * W + 6, 20, `${WORDS.lot[ctx.lang]} ${i + 1}`, { 'font-size': 11 }),
        built ? text(i * W + 6, 44, WORDS[kind][ctx.lang], { 'font-size': 12, fill: '#fff' }) : '',
        built ? title(`${WORDS[kind][ctx.lang]} · ${ctx.names[int(l.seat)] ?? ''}`) : '',
        ctx.hotspot(`lot-${i}`, i * W, 0, W - 6, 60),
      );
    });
    return { width: LOTS * W, height: 64, svg: parts.join('') };
  },
  targetOf: (move: Json) => `lot-${int(obj(move).lot)}`,
  describe(move, ctx) {
    const m = obj(move);
    const kind = str(m.building) === 'shop' ? 'shop' : 'house';
    return `${WORDS[ctx.events.length ? 'built' : 'build'][ctx.lang]} ${WORDS[kind][ctx.lang]} (${WORDS.lot[ctx.lang]} ${int(m.lot) + 1})`;
  },
};
