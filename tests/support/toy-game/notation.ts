import { normalise, ok, usageError, type Notation } from '../../../src/engine/index.js';
import { messages } from './messages.js';
import type { ToyMove } from './schema.js';
import type { ToyState } from './rules.js';

/** A build as the building's letter and the lot from 1: `h3` is a house on lot 3, `s6` a shop on lot 6. */
export const notation: Notation<ToyState, ToyMove> = {
  format: (_s, _seat, m) => `${m.building === 'house' ? 'h' : 's'}${m.lot + 1}`,
  parse(_s, _seat, raw) {
    const m = /^(h|s|house|shop) ?([1-6])$/.exec(normalise(raw));
    if (!m) return usageError(messages, raw, 'build', 'h3');
    return ok({ type: 'build', building: m[1]!.startsWith('h') ? 'house' : 'shop', lot: Number(m[2]) - 1 });
  },
};
