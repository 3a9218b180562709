import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, no whitespace. Two equal JSON values always give the same
 * string, whatever the order their keys were written in. Used to compare replayed and live states.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`not JSON: ${value}`);
    if (value === undefined) throw new TypeError('not JSON: undefined');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** SHA-256 of the canonical JSON, hex. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
