import type { Json } from '../../../src/engine/index.js';
import {
  arr,
  group,
  int,
  obj,
  phaseNames,
  rect,
  roundAndPhase,
  sayerOf,
  seatColour,
  str,
  text,
  title,
  type GamePicture,
} from '../../../src/board/svg.js';
import { messages } from './messages.js';
import { LOTS } from './schema.js';

const W = 70;
/** The picture's words from the game's catalogue (`board.*`), in the reader's language. */
const say = sayerOf(messages, 'board');
const phaseName = phaseNames(messages, ['build', 'over']);

/** Toy Street's board: the six lots, each built one in its builder's colour; a lot's hotspot takes both of its builds. */
export const picture: GamePicture = {
  name: { en: 'Toy Street', fr: 'Rue Jouet' },
  scores: (view, seats) => Array.from({ length: seats }, (_, s) => int(arr(obj(view).scores)[s])),
  status: (view, ctx) => roundAndPhase(ctx, int(obj(view).round), phaseName(ctx.lang, str(obj(view).phase))),
  draw(view, ctx) {
    const lots = arr(obj(view).lots);
    const parts = Array.from({ length: LOTS }, (_, i) => {
      const l = obj(lots[i] ?? null);
      const built = lots[i] !== null && lots[i] !== undefined;
      const building = say(ctx.lang, 'building', { building: str(l.building) });
      return group(
        { class: 'lot', 'data-lot': i },
        rect(i * W, 0, W - 6, 60, { fill: built ? seatColour(int(l.seat)) : '#eeeeea', stroke: '#888', rx: 4 }),
        text(i * W + 6, 20, say(ctx.lang, 'lot', { lot: String(i + 1) }), { 'font-size': 11 }),
        built ? text(i * W + 6, 44, building, { 'font-size': 12, fill: '#fff' }) : '',
        built ? title(`${building} · ${ctx.names[int(l.seat)] ?? ''}`) : '',
        ctx.hotspot(`lot-${i}`, i * W, 0, W - 6, 60),
      );
    });
    return { width: LOTS * W, height: 64, svg: parts.join('') };
  },
  targetOf: (move: Json) => `lot-${int(obj(move).lot)}`,
  describe(move, ctx) {
    const m = obj(move);
    return say(ctx.lang, ctx.events.length ? 'move.built' : 'move.build', { building: str(m.building), lot: String(int(m.lot) + 1) });
  },
};
