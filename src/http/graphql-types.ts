import { Ajv, type ValidateFunction } from 'ajv';
import type { AnyGame } from '../engine/index.js';

/**
 * GraphQL output types generated from the games' JSON Schemas (src/games/<game>/schema.ts), the
 * same schemas OpenAPI publishes: per game `<Game>View`, one object type per event
 * (`<Game><Type>Event`) and per move (`<Game><Type>Move`), and over all games the unions
 * `GameView`, `GameEvent` and `ListedMove`. Objects become object types (required fields
 * non-null), string enums become enums, `X | null` a nullable X, unions of objects GraphQL unions
 * (told apart by validating against each member's schema, or by `type` for events and moves); a
 * union of scalars (a seat or "bank") stays the JSON scalar.
 */

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  description?: string;
};

const pascal = (s: string) => s.replace(/(^|[-_ ])([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());
const describe = (d: string | undefined, indent = '') => (d ? `${indent}"""${d.replace(/"""/g, "'''").replace(/\\/g, '\\\\')}"""\n` : '');

export interface GeneratedTypes {
  sdl: string;
  /** resolveType for each generated union. */
  resolvers: Record<string, { resolveType(value: unknown): string }>;
}

export function gameTypesSdl(games: AnyGame[]): GeneratedTypes {
  const out: string[] = [];
  const enums = new Map<string, string>(); // value list -> enum name
  const unions: Record<string, { members: { name: string; validate: ValidateFunction }[] }> = {};
  const ajv = new Ajv({ strict: false });
  const isNull = (s: Schema) => s.type === 'null';

  const enumType = (name: string, values: string[], description?: string): string => {
    const key = values.join('|');
    const known = enums.get(key);
    if (known) return known;
    if (!values.every((v) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(v) && !['true', 'false', 'null'].includes(v))) return 'String';
    enums.set(key, name);
    out.push(`${describe(description)}enum ${name} {\n${values.map((v) => `  ${v}`).join('\n')}\n}`);
    return name;
  };

  /** The GraphQL type of a schema, without the outer `!`; null when it can only be the JSON scalar. */
  const typeOf = (s: Schema, name: string): string => {
    if (s.anyOf) {
      const options = s.anyOf.filter((o) => !isNull(o));
      if (options.length === 1) return typeOf(options[0]!, name);
      if (options.every((o) => o.type === 'object')) {
        const members = options.map((o, i) => ({ name: objectType(o, `${name}${pascal(memberName(o, i))}`), validate: ajv.compile(o) }));
        unions[name] = { members };
        out.push(`${describe(s.description)}union ${name} = ${members.map((m) => m.name).join(' | ')}`);
        return name;
      }
      return 'JSON';
    }
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'integer':
        return 'Int';
      case 'number':
        return 'Float';
      case 'boolean':
        return 'Boolean';
      case 'string':
        return s.enum ? enumType(name, s.enum, s.description) : 'String';
      case 'array':
        return `[${field(s.items ?? {}, `${name}Item`, true)}]`;
      case 'object':
        return s.properties && Object.keys(s.properties).length > 0 ? objectType(s, name) : 'JSON';
      default:
        return 'JSON';
    }
  };
  const nullable = (s: Schema) => (s.anyOf?.some(isNull) ?? false) || (Array.isArray(s.type) && s.type.includes('null'));
  const field = (s: Schema, name: string, required: boolean) => `${typeOf(s, name)}${required && !nullable(s) ? '!' : ''}`;
  const memberName = (o: Schema, i: number) => {
    const t = o.properties?.type?.const ?? o.properties?.kind?.const;
    return typeof t === 'string' ? t : `Option${i + 1}`;
  };
  const objectType = (s: Schema, name: string): string => {
    const required = new Set(s.required ?? []);
    const fields = Object.entries(s.properties ?? {}).map(
      ([k, f]) => `${describe(f.description, '  ')}  ${k}: ${field(f, `${name}${pascal(k)}`, required.has(k))}`,
    );
    out.push(`${describe(s.description)}type ${name} {\n${fields.join('\n')}\n}`);
    return name;
  };

  const views: string[] = [];
  const events: string[] = [];
  const moves: string[] = [];
  const byType = new Map<string, string>(); // `${game}:${event|move}:${type}` -> type name
  for (const g of games) {
    if (!g.schemas) continue;
    const P = pascal(g.id);
    views.push(objectType(g.schemas.view as Schema, `${P}View`));
    for (const [kind, list, union] of [
      ['Event', events, g.schemas.event],
      ['Move', moves, g.schemas.move],
    ] as const) {
      for (const member of (union as Schema).anyOf ?? []) {
        const type = String(member.properties!.type!.const);
        const name = objectType(member, `${P}${pascal(type)}${kind}`);
        list.push(name);
        byType.set(`${g.id}:${kind}:${type}`, name);
      }
    }
  }
  out.push(`"""A game's view: one type per game (docs/api.md, View conventions)."""\nunion GameView = ${views.join(' | ')}`);
  // A takeback's event is the same in every game (docs/shapes.md).
  out.push(
    '"""A takeback\'s event: the state is the state before version `undone` again"""\ntype ' +
      'RestoredEvent {\n  type: String!\n  undone: Int!\n}',
  );
  out.push(
    `"""An event as the caller may read it: one type per game and event type."""\nunion ` +
      `GameEvent = ${[...events, 'RestoredEvent'].join(' | ')}`,
  );
  out.push(`"""A move: one type per game and move type."""\nunion ListedMove = ${moves.join(' | ')}`);

  const resolvers: GeneratedTypes['resolvers'] = {};
  for (const [name, u] of Object.entries(unions)) {
    resolvers[name] = {
      resolveType: (value) => {
        const m = u.members.find((x) => x.validate(value));
        if (!m) throw new Error(`${name}: no member matches`);
        return m.name;
      },
    };
  }
  // The three top unions are resolved from the game type carried alongside (`__game`) and `type`.
  const byGame = (kind: 'Event' | 'Move') => ({
    resolveType: (value: unknown) => {
      const v = value as { __game: string; type: string };
      if (kind === 'Event' && v.type === '@restored') return 'RestoredEvent';
      const name = byType.get(`${v.__game}:${kind}:${v.type}`);
      if (!name) throw new Error(`no ${kind} type ${v.type} for ${v.__game}`);
      return name;
    },
  });
  resolvers.GameEvent = byGame('Event');
  resolvers.ListedMove = byGame('Move');
  resolvers.GameView = { resolveType: (value: unknown) => `${pascal((value as { __game: string }).__game)}View` };
  return { sdl: out.join('\n\n'), resolvers };
}
