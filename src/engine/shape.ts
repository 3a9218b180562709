import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type Msg } from './messages.js';

/**
 * The one validator of move, option and record shapes: a single Ajv instance (the library Fastify
 * itself validates requests with). Strict about own properties (a key inherited from
 * Object.prototype, like "toString" or "constructor", is never taken as a known field), no type
 * coercion, no defaults written into the value: it only checks. Verbose: an error carries its schema
 * (a `oneOf`'s refusal names its members' fields).
 */
export const shapeValidator = new Ajv({
  allErrors: false,
  ownProperties: true,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  strict: false,
  verbose: true,
});

// The formats the published shapes use (a tournament's `startsAt`): checked, not ignored with a warning.
addFormats.default(shapeValidator, ['date-time']);

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

/** One Ajv error as a message by id naming the field (src/engine/messages.ts, `shape.*`). */
export function shapeMessage(e: ErrorObject, root: string): Msg {
  const dotted = e.instancePath
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
  const path = root ? `${root}${dotted}` : dotted.replace(/^\./, '') || 'the value';
  const p = e.params as Record<string, unknown>;
  const limit = String(p.limit);
  switch (e.keyword) {
    case 'type': {
      const types = String(p.type).split(',');
      return types.length === 1
        ? { key: 'shape.type', params: { path, type: types[0]! } }
        : { key: 'shape.types', params: { path, types: types.join(', ') } };
    }
    case 'required':
      return { key: 'shape.required', params: { path: path === 'the value' ? '' : `${path}.`, field: String(p.missingProperty) } };
    case 'additionalProperties':
      return { key: 'shape.unknownField', params: { path, field: String(p.additionalProperty) } };
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
      return { key: `shape.${e.keyword}`, params: { path, limit } };
    case 'enum':
      return { key: 'shape.enum', params: { path, values: (p.allowedValues as unknown[]).map(String).join(', ') } };
    case 'const':
      return { key: 'shape.const', params: { path, value: JSON.stringify(p.allowedValue) } };
    default:
      return { key: 'shape.invalid', params: { path } };
  }
}

/** Checks `value` against `schema`: null when it fits, else the message naming the first problem. */
export function shapeProblem(schema: object, value: unknown, root: string): Msg | null {
  const validate = compileShape(schema);
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  return first ? shapeMessage(first, root) : { key: 'shape.invalid', params: { path: root || 'the value' } };
}
