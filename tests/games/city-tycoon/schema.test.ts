import { describe, expect, it } from 'vitest';
import { checkMoveShape, resolveOptions, type FieldSchema } from '../../../src/engine/index.js';
import { game } from './helpers.js';

function enums(f: FieldSchema): string[] {
  if (f.type === 'string') return f.enum ?? [];
  if (f.type === 'array') return enums(f.items);
  if (f.type === 'object') return Object.values(f.properties).flatMap(enums);
  return [];
}

describe('schemas', () => {
  it('options default to the rule text (draftPass right) and refuse unknown values', () => {
    expect(resolveOptions(game, 3, {})).toEqual({ ok: true, value: { draftPass: 'right' } });
    expect(resolveOptions(game, 3, { draftPass: 'up' }).ok).toBe(false);
    expect(resolveOptions(game, 1, {}).ok).toBe(false);
    expect(resolveOptions(game, 6, {}).ok).toBe(false);
  });

  it('move schemas are closed, name their required fields, and use GraphQL-safe enum values', () => {
    for (const [type, schema] of Object.entries(game.moveSchemas)) {
      expect(type).toMatch(/^[a-z][A-Za-z]*$/);
      expect(schema.additionalProperties).toBe(false);
      for (const r of schema.required ?? []) expect(schema.properties).toHaveProperty(r);
      for (const e of enums(schema)) expect(e).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
  });

  it('the shape check accepts the documented forms and refuses extras', () => {
    expect(
      checkMoveShape(game, {
        type: 'supply',
        x: 2,
        y: 0,
        option: 0,
        routes: [
          {
            path: [
              { x: 1, y: 0 },
              { x: 2, y: 0 },
            ],
          },
        ],
      }),
    ).toBeNull();
    expect(checkMoveShape(game, { type: 'buildDistrict', tile: 't4_30', level: 1 })).toBeNull();
    expect(checkMoveShape(game, { type: 'buildDistrict', tile: 't5_01', level: 0 })).not.toBeNull();
    expect(checkMoveShape(game, { type: 'pass', extra: 1 })).not.toBeNull();
    expect(checkMoveShape(game, { type: 'buildPlant', tile: 't1_01', plant: 'gas', side: 'a' })).not.toBeNull();
  });
});
