import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The arrows of src/ (issue 30; src/README.md): one function appends to a game's log, the facade is
 * wiring that only the server and the HTTP layer import, and no module of src/app reaches itself
 * again through its imports at run time (type-only imports are erased and may point anywhere).
 */
const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === 'generated') return [];
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Each import or re-export of a module: its resolved file, and whether it stays at run time. */
function importsOf(file: string): { to: string; runtime: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { to: string; runtime: boolean }[] = [];
  const re = /^(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'(\.[^']+)'/gms;
  for (const m of text.matchAll(re)) {
    const names = m[3] ?? '';
    const typeOnly =
      Boolean(m[2]) ||
      (/^\{[^}]*\}$/s.test(names.trim()) &&
        names
          .replace(/[{}\s]/g, '')
          .split(',')
          .filter(Boolean)
          .every((n) => n.startsWith('type')));
    out.push({ to: resolve(dirname(file), m[4]!.replace(/\.js$/, '.ts')), runtime: !typeOnly });
  }
  for (const m of text.matchAll(/^import\s+'(\.[^']+)'/gm))
    out.push({ to: resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')), runtime: true });
  return out;
}

/** The strongly connected groups of more than one module (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.map((f) => relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('the arrows of src/', () => {
  const all = files(src);

  it('no module of src/app imports itself again at run time (no import cycle)', () => {
    const app = all.filter((f) => f.startsWith(join(src, 'app')));
    const graph = new Map(
      app.map((f) => [
        f,
        importsOf(f)
          .filter((i) => i.runtime && i.to.startsWith(join(src, 'app')))
          .map((i) => i.to),
      ]),
    );
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    expect(
      cycles(
        new Map([
          ['/a', ['/b']],
          ['/b', ['/c']],
          ['/c', ['/a']],
          ['/d', ['/a']],
        ]),
      ),
    ).toEqual([['/a', '/b', '/c'].map((x) => relative(root, x)).sort()]);
  });

  it('the facade (src/app/game-service.ts) is imported only by src/server.ts and src/http/', () => {
    const facade = join(src, 'app/game-service.ts');
    const importers = all.filter((f) => importsOf(f).some((i) => i.to === facade)).map((f) => relative(src, f));
    expect(importers.filter((f) => f !== 'server.ts' && !f.startsWith('http/'))).toEqual([]);
  });

  it("one function appends to a game: the store's append is called by use-cases/commit.ts alone, and commit by the command handler", () => {
    const calls = (re: RegExp) =>
      all
        .filter((f) => re.test(readFileSync(f, 'utf8')))
        .map((f) => relative(src, f))
        .sort();
    // src/telemetry/instrument.ts decorates the store port (it is the store, measured), src/store/ implements it.
    expect(calls(/\.append\(\{|store\.append\(/).filter((f) => !f.startsWith('store/') && f !== 'telemetry/instrument.ts')).toEqual([
      'app/use-cases/commit.ts',
    ]);
    // commit() runs inside a command: the handler, and the stand-in's moves it plays for resigned seats (bot-turns.ts, called by
    // the handler).
    expect(
      all
        .filter((f) => importsOf(f).some((i) => i.to === join(src, 'app/use-cases/commit.ts')))
        .map((f) => relative(src, f))
        .sort(),
    ).toEqual(['app/use-cases/bot-turns.ts', 'app/use-cases/handle.ts']);
  });
});
