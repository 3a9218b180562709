import type { Static, TObject } from '@sinclair/typebox';
import { check } from '../../app/shapes.js';

/** GraphQL's null for an argument or input field left out: absent, as a JSON body leaves it out. */
export function present<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };
}

/**
 * GraphQL arguments checked by the shape REST checks the same request with (src/app/shapes.ts),
 * each refusal naming the argument (`email`, `seat`, `limit`): the same 400 INVALID_INPUT and the
 * same sentence REST gives. GraphQL's own types have already checked which arguments exist and
 * their scalar types; the shape adds the rest (lengths, ranges, patterns, allowed values).
 */
export function checkArgs<S extends TObject>(shape: S, args: Record<string, unknown>): Static<S> {
  const given = present(args);
  for (const [name, value] of Object.entries(given)) {
    const field = shape.properties[name];
    if (field) check(field, value, name);
  }
  return given as Static<S>;
}
