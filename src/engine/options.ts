import type { AnyGame, FieldSchema, Json, RuleViolation } from './types.js';

/**
 * Completes raw options with the schema's defaults and checks them. The HTTP layer has already
 * checked the JSON shape for REST; this is the one check every entry point (REST, GraphQL, import)
 * shares, so the same bad option always gets the same answer.
 */
export function resolveOptions(game: AnyGame, players: number, raw: unknown): { ok: true; value: Record<string, Json> } | { ok: false; error: RuleViolation } {
  const bad = (message: string) => ({ ok: false as const, error: { code: 'INVALID_OPTIONS', message, rule: 'game options' } });
  if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    return { ok: false, error: { code: 'PLAYER_COUNT', message: `${game.name} is played by ${game.minPlayers} to ${game.maxPlayers} players, not ${players}.`, rule: 'player count' } };
  }
  const input = raw ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) return bad('options must be an object');
  const out: Record<string, Json> = {};
  for (const key of Object.keys(input)) {
    if (!(key in game.optionsSchema.properties)) return bad(`unknown option "${key}" for ${game.name}; known: ${Object.keys(game.optionsSchema.properties).join(', ') || 'none'}`);
  }
  for (const [key, schema] of Object.entries(game.optionsSchema.properties)) {
    const v = (input as Record<string, unknown>)[key];
    const value = v === undefined ? ('default' in schema ? schema.default : undefined) : v;
    if (value === undefined) return bad(`option "${key}" is required`);
    const problem = checkField(schema, value, key);
    if (problem) return bad(problem);
    out[key] = value as Json;
  }
  const violation = game.checkConfig?.(players, out) ?? null;
  return violation ? { ok: false, error: violation } : { ok: true, value: out };
}

/** Checks a value against a field schema; returns a message naming the first problem, or null. */
export function checkField(schema: FieldSchema, value: unknown, path: string): string | null {
  switch (schema.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${path} must be an integer`;
      if (schema.minimum !== undefined && value < schema.minimum) return `${path} must be at least ${schema.minimum}`;
      if (schema.maximum !== undefined && value > schema.maximum) return `${path} must be at most ${schema.maximum}`;
      return null;
    case 'string':
      if (typeof value !== 'string') return `${path} must be a string`;
      if (schema.enum && !schema.enum.includes(value)) return `${path} must be one of ${schema.enum.join(', ')}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${path} must be a boolean`;
    case 'array': {
      if (!Array.isArray(value)) return `${path} must be an array`;
      if (schema.minItems !== undefined && value.length < schema.minItems) return `${path} needs at least ${schema.minItems} items`;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${path} takes at most ${schema.maxItems} items`;
      for (let i = 0; i < value.length; i++) {
        const p = checkField(schema.items, value[i], `${path}[${i}]`);
        if (p) return p;
      }
      return null;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${path} must be an object`;
      for (const key of Object.keys(value)) if (!(key in schema.properties)) return `${path} has an unknown field "${key}"`;
      for (const key of schema.required ?? []) if ((value as Record<string, unknown>)[key] === undefined) return `${path}.${key} is required`;
      for (const [key, sub] of Object.entries(schema.properties)) {
        const v = (value as Record<string, unknown>)[key];
        if (v === undefined) continue;
        const p = checkField(sub, v, `${path}.${key}`);
        if (p) return p;
      }
      return null;
    }
  }
}

/** Checks a move's shape against its game's move schemas (type known, fields typed, none extra). */
export function checkMoveShape(game: AnyGame, move: unknown): RuleViolation | null {
  const bad = (message: string): RuleViolation => ({ code: 'INVALID_MOVE_SHAPE', message, rule: 'move format' });
  if (typeof move !== 'object' || move === null || Array.isArray(move)) return bad('a move is a JSON object { type, ...fields }');
  const { type, ...fields } = move as Record<string, unknown>;
  if (typeof type !== 'string') return bad('a move needs a string "type"');
  const schema = (game.moveSchemas as Record<string, import('./types.js').ObjectSchema>)[type];
  if (!schema) return bad(`unknown move type "${type}" for ${game.name}; known: ${Object.keys(game.moveSchemas).join(', ')}`);
  const p = checkField(schema, fields, 'move');
  return p ? bad(p) : null;
}
