import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * The one validator of move, option and record shapes: a single Ajv instance (the library Fastify
 * itself validates requests with). Strict about own properties (a key inherited from
 * Object.prototype, like "toString" or "constructor", is never taken as a known field), no type
 * coercion, no defaults written into the value: it only checks.
 */
export const shapeValidator = new Ajv({ allErrors: false, ownProperties: true, coerceTypes: false, useDefaults: false, removeAdditional: false, strict: false });

const compiled = new WeakMap<object, ValidateFunction>();

/** The compiled validator of a schema (compiled once per schema object). */
export function compileShape(schema: object): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    v = shapeValidator.compile(schema);
    compiled.set(schema, v);
  }
  return v;
}

const article = (t: string) => (t === 'integer' || t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`);

/** One Ajv error as a sentence naming the field: `move.deck must be an integer`, `players[0].name is required`. */
export function describeShapeError(e: ErrorObject, root: string): string {
  const dotted = e.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.').replace(/~1/g, '/').replace(/~0/g, '~');
  const path = root ? `${root}${dotted}` : dotted.replace(/^\./, '') || 'the value';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return `${path} must be ${String(p.type).split(',').map(article).join(' or ')}`;
    case 'required':
      return `${path === 'the value' ? '' : `${path}.`}${String(p.missingProperty)} is required`;
    case 'additionalProperties':
      return `${path} has an unknown field "${String(p.additionalProperty)}"`;
    case 'minimum':
      return `${path} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${path} must be at most ${String(p.limit)}`;
    case 'enum':
      return `${path} must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${path} must be ${JSON.stringify(p.allowedValue)}`;
    case 'minItems':
      return `${path} needs at least ${String(p.limit)} items`;
    case 'maxItems':
      return `${path} takes at most ${String(p.limit)} items`;
    case 'minLength':
      return `${path} needs at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${path} takes at most ${String(p.limit)} characters`;
    default:
      return `${path} ${e.message ?? 'is invalid'}`;
  }
}

/** Checks `value` against `schema`: null when it fits, else a sentence naming the first problem. */
export function checkShape(schema: object, value: unknown, root: string): string | null {
  const validate = compileShape(schema);
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  return first ? describeShapeError(first, root) : `${root || 'the value'} is invalid`;
}
