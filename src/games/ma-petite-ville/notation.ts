/**
 * Ma Petite Ville move notation. Tiles are placed at tile-grid positions `x,y` (the first tile is
 * at 0,0; x grows rightwards, y downwards), turned clockwise by 0, 90, 180 or 270 degrees;
 * silhouettes are named by their length and the square `x,y` of their left or top end, then h
 * (horizontal, rightwards) or v (vertical, downwards).
 *
 *   draw | tile 1,0 r90 | s3 2,5 h | pass
 *
 * Every move's text follows from its fields alone, so texts are unique among any moves.
 */
import { normalise, ok, pointOf, usageError, type Notation, type Result, type Seat } from '../../engine/index.js';
import { messages } from './messages.js';
import type { MpvMove, MpvState } from './types.js';

const TILE = /^tile (\(?[+-]?\d+ ?, ?[+-]?\d+\)?) (?:r|turn |rot )?(0|90|180|270)°?$/;
const SILHOUETTE = /^(?:s|sil|silhouette) ?([234]) (\(?[+-]?\d+ ?, ?[+-]?\d+\)?) (h|horizontal|v|vertical)$/;
/** Every form, written in the notation (the forms in words are the catalogue's `NOTATION.form.any`). */
const EXAMPLES = 'draw, tile 1,0 r90, s3 2,5 h, pass';

export const notation: Notation<MpvState, MpvMove> = {
  format(_state: MpvState, _seat: Seat, m: MpvMove): string {
    switch (m.type) {
      case 'drawTile':
        return 'draw';
      case 'placeTile':
        return `tile ${m.x},${m.y} r${m.quarterTurns * 90}`;
      case 'placeSilhouette':
        return `s${m.length} ${m.x},${m.y} ${m.direction === 'horizontal' ? 'h' : 'v'}`;
      case 'pass':
        return 'pass';
    }
  },

  parse(_state: MpvState, _seat: Seat, raw: string): Result<MpvMove> {
    const text = normalise(raw);
    if (text === 'draw' || text === 'draw tile') return ok({ type: 'drawTile' });
    if (text === 'pass') return ok({ type: 'pass' });
    if (text.startsWith('tile')) {
      const m = TILE.exec(text);
      const at = m ? pointOf(m[1]) : null;
      if (!m || !at) return usageError(messages, raw, 'tile', 'tile 1,0 r90');
      return ok({ type: 'placeTile', x: at.x, y: at.y, quarterTurns: Number(m[2]) / 90 });
    }
    if (text.startsWith('s')) {
      const m = SILHOUETTE.exec(text);
      const at = m ? pointOf(m[2]) : null;
      if (!m || !at) return usageError(messages, raw, 'silhouette', 's3 2,5 h');
      return ok({
        type: 'placeSilhouette',
        length: Number(m[1]),
        x: at.x,
        y: at.y,
        direction: m[3]!.startsWith('h') ? 'horizontal' : 'vertical',
      });
    }
    return usageError(messages, raw, 'any', EXAMPLES);
  },
};
