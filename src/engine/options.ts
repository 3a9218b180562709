import { checkShape } from './shape.js';
import type { AnyGame, Json, ObjectSchema, RuleViolation } from './types.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Completes raw options with the schema's defaults and checks them with the one shape validator
 * (src/engine/shape.ts). The HTTP layer has already checked the JSON shape for REST; this is the
 * one check every entry point (REST, GraphQL, import) shares, so the same bad option always gets
 * the same answer. Only the object's own keys count: "toString" is an unknown option.
 */
export function resolveOptions(game: AnyGame, players: number, raw: unknown): { ok: true; value: Record<string, Json> } | { ok: false; error: RuleViolation } {
  const bad = (message: string) => ({ ok: false as const, error: { code: 'INVALID_OPTIONS', message, rule: 'game options' } });
  if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    return { ok: false, error: { code: 'PLAYER_COUNT', message: `${game.name} is played by ${game.minPlayers} to ${game.maxPlayers} players, not ${players}.`, rule: 'player count' } };
  }
  const input = raw ?? {};
  if (!isPlainObject(input)) return bad('options must be an object');
  const known = Object.keys(game.optionsSchema.properties);
  const unknown = Object.keys(input).find((key) => !Object.hasOwn(game.optionsSchema.properties, key));
  if (unknown !== undefined) return bad(`unknown option "${unknown}" for ${game.name}; known: ${known.join(', ') || 'none'}`);
  const out: Record<string, Json> = {};
  for (const [key, schema] of Object.entries(game.optionsSchema.properties)) {
    const value = Object.hasOwn(input, key) && input[key] !== undefined ? input[key] : 'default' in schema ? schema.default : undefined;
    if (value === undefined) return bad(`option "${key}" is required`);
    out[key] = value as Json;
  }
  const problem = checkShape(game.optionsSchema, out, '');
  if (problem) return bad(problem);
  const violation = game.checkConfig?.(players, out) ?? null;
  return violation ? { ok: false, error: violation } : { ok: true, value: out };
}

/** Checks a move's shape against its game's move schemas (type known, fields typed, none extra), with the one shape validator. */
export function checkMoveShape(game: AnyGame, move: unknown): RuleViolation | null {
  const bad = (message: string): RuleViolation => ({ code: 'INVALID_MOVE_SHAPE', message, rule: 'move format' });
  if (!isPlainObject(move)) return bad('a move is a JSON object { type, ...fields }');
  const { type, ...fields } = move;
  if (typeof type !== 'string') return bad('a move needs a string "type"');
  const schemas = game.moveSchemas as Record<string, ObjectSchema>;
  if (!Object.hasOwn(schemas, type)) return bad(`unknown move type "${type.slice(0, 64)}" for ${game.name}; known: ${Object.keys(schemas).join(', ')}`);
  const p = checkShape(schemas[type]!, fields, 'move');
  return p ? bad(p) : null;
}
