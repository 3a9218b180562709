import { violationOf, type Msg, type Params } from './messages.js';
import { shapeProblem } from './shape.js';
import type { AnyGame, Json, ObjectSchema, RuleViolation } from './types.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Completes raw options with the schema's defaults and checks them with the one shape validator
 * (src/engine/shape.ts). The HTTP layer has already checked the JSON shape for REST; this is the
 * one check every entry point (REST, GraphQL, import) shares, so the same bad option always gets
 * the same answer. Only the object's own keys count: "toString" is an unknown option.
 */
export function resolveOptions(
  game: AnyGame,
  players: number,
  raw: unknown,
): { ok: true; value: Record<string, Json> } | { ok: false; error: RuleViolation } {
  const bad = (key: string, params?: Params) => ({
    ok: false as const,
    error: violationOf(game.messages, 'INVALID_OPTIONS', 'game options', params, key),
  });
  if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    return {
      ok: false,
      error: violationOf(game.messages, 'PLAYER_COUNT', 'player count', {
        game: game.name,
        min: game.minPlayers,
        max: game.maxPlayers,
        players: String(players),
      }),
    };
  }
  const input = raw ?? {};
  if (!isPlainObject(input)) return bad('INVALID_OPTIONS.notObject');
  const known = Object.keys(game.optionsSchema.properties);
  const unknown = Object.keys(input).find((key) => !Object.hasOwn(game.optionsSchema.properties, key));
  if (unknown !== undefined)
    return bad('INVALID_OPTIONS.unknown', { option: unknown, game: game.name, known: known.join(', '), count: known.length });
  const out: Record<string, Json> = {};
  for (const [key, schema] of Object.entries(game.optionsSchema.properties)) {
    const value = Object.hasOwn(input, key) && input[key] !== undefined ? input[key] : 'default' in schema ? schema.default : undefined;
    if (value === undefined) return bad('INVALID_OPTIONS.required', { option: key });
    out[key] = value as Json;
  }
  const problem = shapeProblem(game.optionsSchema, out, '');
  if (problem) return bad(problem.key, problem.params);
  const violation = game.checkConfig?.(players, out) ?? null;
  return violation ? { ok: false, error: violation } : { ok: true, value: out };
}

/** Checks a move's shape against its game's move schemas (type known, fields typed, none extra), with the one shape validator. */
export function checkMoveShape(game: AnyGame, move: unknown): RuleViolation | null {
  const bad = ({ key, params }: Msg): RuleViolation => violationOf(game.messages, 'INVALID_MOVE_SHAPE', 'move format', params, key);
  if (!isPlainObject(move)) return bad({ key: 'INVALID_MOVE_SHAPE.notObject' });
  const { type, ...fields } = move;
  if (typeof type !== 'string') return bad({ key: 'INVALID_MOVE_SHAPE.noType' });
  const schemas = game.moveSchemas as Record<string, ObjectSchema>;
  if (!Object.hasOwn(schemas, type))
    return bad({
      key: 'INVALID_MOVE_SHAPE.unknownType',
      params: { type: type.slice(0, 64), game: game.name, known: Object.keys(schemas).join(', ') },
    });
  const p = shapeProblem(schemas[type]!, fields, 'move');
  return p ? bad(p) : null;
}
