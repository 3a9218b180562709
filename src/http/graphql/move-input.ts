import { AppError } from '../../app/errors.js';
import type { AnyGame, FieldSchema, ObjectSchema } from '../../engine/index.js';

const pascal = (s: string) => s.replace(/(^|[-_ ])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const camel = (s: string) => {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** The GraphQL field name of a game in MoveInput: `town-center` -> `townCenter`. */
export const gameField = (game: AnyGame) => camel(game.id);

/**
 * Builds the typed move inputs from the games' move schemas: for each game an input
 * `<Game>Move @oneOf { <moveType>: <Game><MoveType>Input | Boolean }` (Boolean for moves without
 * fields), and `MoveInput @oneOf { <game>: <Game>Move }` over all games. Every field is typed, so
 * clients can introspect every move; nothing is an opaque JSON scalar.
 */
export function moveInputSdl(games: AnyGame[]): string {
  const out: string[] = [];
  const typeOf = (schema: FieldSchema, name: string, required: boolean): string => {
    const bang = required ? '!' : '';
    switch (schema.type) {
      case 'integer':
        return `Int${bang}`;
      case 'boolean':
        return `Boolean${bang}`;
      case 'string':
        if (schema.enum) {
          out.push(`enum ${name} {\n${schema.enum.map((v) => `  ${v}`).join('\n')}\n}`);
          return `${name}${bang}`;
        }
        return `String${bang}`;
      case 'array':
        return `[${typeOf(schema.items, `${name}Item`, true)}]${bang}`;
      case 'object':
        objectInput(schema, name);
        return `${name}${bang}`;
    }
  };
  const describe = (d: string | undefined) => (d ? `  """${d.replace(/"""/g, "'''")}"""\n` : '');
  const objectInput = (schema: ObjectSchema, name: string) => {
    const fields = Object.entries(schema.properties).map(
      ([k, f]) => `${describe(f.description)}  ${k}: ${typeOf(f, `${name}${pascal(k)}`, (schema.required ?? []).includes(k))}`,
    );
    out.push(`input ${name} {\n${fields.join('\n')}\n}`);
  };
  for (const game of games) {
    const prefix = pascal(game.id);
    const moves = Object.entries(game.moveSchemas as Record<string, ObjectSchema>).map(([type, schema]) => {
      if (Object.keys(schema.properties).length === 0) return `${describe(schema.description)}  ${type}: Boolean`;
      objectInput(schema, `${prefix}${pascal(type)}Input`);
      return `${describe(schema.description)}  ${type}: ${prefix}${pascal(type)}Input`;
    });
    out.push(
      `"""A ${game.name} move: exactly one field, named after the move type."""\ninput ${prefix}Move @oneOf {\n${moves.join('\n')}\n}`,
    );
  }
  out.push(
    `"""A move of one game: exactly one field, named after the game."""\ninput MoveInput ` +
      `@oneOf {\n${games.map((g) => `  ${gameField(g)}: ${pascal(g.id)}Move`).join('\n')}\n}`,
  );
  return out.join('\n\n');
}

/** `{ townCenter: { placeCube: { x: 1 } } }` -> `{ type: 'placeCube', x: 1 }`, checking the game. */
export function moveFromInput(game: AnyGame, input: Record<string, Record<string, unknown> | undefined>): unknown {
  const [key, inner] = Object.entries(input)[0] ?? [];
  if (key !== gameField(game) || !inner)
    throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.graphqlMoveField', { game: game.id, field: gameField(game) });
  const [type, fields] = Object.entries(inner)[0] ?? [];
  if (!type) throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.oneMoveType');
  if (fields === true || fields === false || fields === null) return { type };
  return { type, ...(fields as object) };
}

/** A listed move's id: the version it was listed at and the move, as base64url JSON (the server checks both again). */
export const listedMoveId = (version: number, move: unknown) => Buffer.from(JSON.stringify({ v: version, m: move })).toString('base64url');
export function fromListedMoveId(id: string): { version: number; move: unknown } {
  try {
    const { v, m } = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as { v: unknown; m: unknown };
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && typeof m === 'object' && m !== null) return { version: v, move: m };
  } catch {
    // reported below
  }
  throw AppError.of('INVALID_INPUT', 'INVALID_INPUT.gqlMoveId');
}
