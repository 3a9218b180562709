import { describe, expect, it } from 'vitest';
import { tilePattern, turnClockwise } from '../../../src/games/ma-petite-ville/board.js';
import { COLOURS, SILHOUETTE_LENGTHS, TILES } from '../../../src/games/ma-petite-ville/data.js';

describe('Ma Petite Ville component data (stand-ins, shared/rulings "Components to define")', () => {
  it('has 4 colours and the same six silhouettes per colour: 2, 2, 3, 3, 4, 4 objects', () => {
    expect(COLOURS).toEqual(['blue', 'green', 'yellow', 'red']);
    expect([...SILHOUETTE_LENGTHS]).toEqual([2, 2, 3, 3, 4, 4]);
  });

  it('has 36 tiles with distinct ids, each 3x3 with 2 squares of each colour and 1 X square', () => {
    expect(TILES).toHaveLength(36);
    expect(new Set(TILES.map((t) => t.id)).size).toBe(36);
    for (const t of TILES) {
      expect(
        t.rows.every((r) => /^[BGYRX]{3}$/.test(r)),
        t.id,
      ).toBe(true);
      const letters = [...t.rows.join('')].sort().join('');
      expect(letters, t.id).toBe('BBGGRRXYY');
    }
  });

  it('has 36 different arrangements: no tile is a rotation of another, and no tile looks the same turned', () => {
    const seen = new Set<string>();
    for (const t of TILES) {
      const rotations = [0, 1, 2, 3].map((q) => tilePattern(t.id, q));
      expect(new Set(rotations).size, `${t.id} is symmetric under a rotation`).toBe(4);
      for (const r of rotations) {
        expect(seen.has(r), `${t.id} repeats another tile`).toBe(false);
        seen.add(r);
      }
    }
    expect(seen.size).toBe(144);
  });

  it('puts the X in the centre on 12 tiles, on an edge on 12 and in a corner on 12', () => {
    const where = TILES.map((t) => {
      const i = t.rows.join('').indexOf('X');
      return i === 4 ? 'centre' : i % 2 === 1 ? 'edge' : 'corner';
    });
    expect(where.filter((w) => w === 'centre')).toHaveLength(12);
    expect(where.filter((w) => w === 'edge')).toHaveLength(12);
    expect(where.filter((w) => w === 'corner')).toHaveLength(12);
  });

  it('turns a tile clockwise: the left column becomes the top row', () => {
    expect(turnClockwise('ABCDEFGHI')).toBe('GDAHEBIFC');
    expect(turnClockwise(turnClockwise(turnClockwise(turnClockwise('ABCDEFGHI'))))).toBe('ABCDEFGHI');
    expect(tilePattern('T01', 0)).toBe('BRGYXGRYB');
    expect(tilePattern('T01', 1)).toBe('RYBYXRBGG');
  });
});
