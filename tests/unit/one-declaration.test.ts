import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One schema per shape (issue 33): a shape is a TypeBox schema and its type is derived from it
 * (`type X = Static<typeof X>`), never a TypeBox schema beside a hand-written `interface X` or
 * `type X = ...` of the same name. The scan reads src/ as text: a TypeBox export is a `const`
 * built by `Type.*` (or the shape helpers `literals`, `oneOf`, `StringEnum`, `Obj`, `Ev`); a
 * hand-written declaration is an `interface` or a `type` whose right side is not `Static<...>`.
 */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? (d.name === 'generated' ? [] : files(join(dir, d.name))) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );

const SCHEMA = /(?:^|\n)[ \t]*(?:export\s+)?const\s+(\w+)\s*(?::[^=\n]+)?=\s*(?:Type\.\w+|literals|oneOf|StringEnum|Obj|Ev)\s*[(<]/g;
const HAND_WRITTEN = /(?:^|\n)[ \t]*(?:export\s+)?(?:declare\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*(?:<[^=\n]*>)?\s*=(?!\s*Static<))/g;

export function declarations(sources: readonly (readonly [string, string])[]) {
  const schemas = new Map<string, string[]>();
  const handWritten = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, name: string, file: string) => m.set(name, [...(m.get(name) ?? []), file]);
  for (const [file, text] of sources) {
    for (const m of text.matchAll(SCHEMA)) add(schemas, m[1]!, file);
    for (const m of text.matchAll(HAND_WRITTEN)) add(handWritten, (m[1] ?? m[2])!, file);
  }
  return { schemas, handWritten };
}

describe('one declaration per shape', () => {
  it('given the scan, when a TypeBox schema and an interface share a name, then it finds them; a derived type is not hand-written', () => {
    const { schemas, handWritten } = declarations([
      [
        'a.ts',
        'export const Outcome = Type.Object({ scores: Type.Array(Type.Number()) });\nexport type Outcome = Static<typeof Outcome>;\n',
      ],
      ['b.ts', 'export interface Outcome {\n  scores: number[];\n}\nexport type Seat = number;\n'],
    ]);
    expect(schemas.get('Outcome')).toEqual(['a.ts']);
    expect(handWritten.get('Outcome')).toEqual(['b.ts']);
    expect(handWritten.has('Seat')).toBe(true);
  });

  it('given src/, then no TypeBox schema has a hand-written interface or type of the same name', () => {
    const { schemas, handWritten } = declarations(files('src').map((f) => [f.replace(/\\/g, '/'), readFileSync(f, 'utf8')] as const));
    expect(schemas.size).toBeGreaterThan(50);
    const twice = [...schemas.keys()]
      .filter((n) => handWritten.has(n))
      .map((n) => `${n}: schema in ${schemas.get(n)!.join(', ')}; written by hand in ${handWritten.get(n)!.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
