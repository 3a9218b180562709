import { Outcome } from '../../engine/schema.js';
import { GameStatus, TimeControl } from '../../store/shapes.js';

/**
 * GraphQL types generated from the TypeBox schemas of the shapes REST and GraphQL share (the game
 * status, the outcome, the time control), as graphql-types.ts does for the games' own schemas: one
 * declaration of each shape, so that the SDL cannot drift from the schema. Objects become types
 * (or inputs), required fields non-null; `integer` is Int, `number` Float, a string enum an enum, a
 * field without a type (a game's JSON) the JSON scalar.
 */
type Schema = {
  type?: string;
  enum?: string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
};

const describe = (d: string | undefined, indent = '') => (d ? `${indent}"""${d.replace(/"""/g, "'''").replace(/\\/g, '\\\\')}"""\n` : '');

function fieldType(s: Schema): string {
  switch (s.type) {
    case 'integer':
      return 'Int';
    case 'number':
      return 'Float';
    case 'string':
      return 'String';
    case 'boolean':
      return 'Boolean';
    case 'array':
      return `[${fieldType(s.items ?? {})}!]`;
    default:
      return 'JSON';
  }
}

/** `type Name { ... }` (or `input Name`) from an object schema. */
export function objectSdl(kind: 'type' | 'input', name: string, schema: Schema): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(
    ([k, f]) => `${describe(f.description, '  ')}  ${k}: ${fieldType(f)}${required.has(k) ? '!' : ''}`,
  );
  return `${describe(schema.description)}${kind} ${name} {\n${fields.join('\n')}\n}`;
}

/** `enum Name { a b c }` from a string enum's schema. */
export const enumSdl = (name: string, schema: Schema): string =>
  `${describe(schema.description)}enum ${name} { ${(schema.enum ?? []).join(' ')} }`;

export const SHAPES_SDL = [
  enumSdl('GameStatus', GameStatus as Schema),
  objectSdl('type', 'Outcome', Outcome as Schema),
  objectSdl('type', 'TimeControl', TimeControl as Schema),
  objectSdl('input', 'TimeControlInput', TimeControl as Schema),
].join('\n\n');
