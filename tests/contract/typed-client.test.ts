import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { clientTypes, CLIENT_TYPES } from '../../scripts/client-types.js';
import { openApiDocument } from '../../src/http/openapi.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const generated = readFileSync(CLIENT_TYPES, 'utf8');

/** The body of `components.schemas.<name>` in the generated file (brace-matched). */
function component(name: string): string {
  const start = generated.indexOf(`\n        ${name}: `);
  if (start < 0) throw new Error(`no component ${name}`);
  let depth = 0;
  for (let i = generated.indexOf(':', start) + 1; i < generated.length; i++) {
    const c = generated[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (c === ';' && depth === 0) return generated.slice(start, i);
  }
  throw new Error(`unterminated ${name}`);
}

/** Type-checks files with the project's compiler options; `virtual` adds files that exist only in memory. */
function typeCheck(files: string[], virtual: Record<string, string> = {}): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    name in virtual ? ts.createSourceFile(name, virtual[name]!, lang) : getSourceFile(name, lang, ...rest);
  host.fileExists = (name) => name in virtual || fileExists(name);
  host.readFile = (name) => virtual[name] ?? readFile(name);
  const program = ts.createProgram([...files, ...Object.keys(virtual)], { ...config.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName.replace(root, '') ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the generated TypeScript client', () => {
  it('clients/typescript/src/api.ts is what openapi-typescript generates from the served document (npm run client:types)', async () => {
    expect(await clientTypes(await openApiDocument())).toBe(generated);
  });

  it("has no `unknown` in any game's view, event, move, legal moves, options or outcome, nor in the answers that carry them", () => {
    const names = [
      ...generated.matchAll(
        /^ {8}([A-Za-z]+(?:View|Event(?:_\w+)?|Move(?:_\w+)?|Options|Outcome|Game|LegalMoves|MoveResult|EventLog|NewGame)): /gm,
      ),
    ].map((m) => m[1]!);
    for (const game of ['TownCenter', 'MaPetiteVille', 'CityTycoon', 'VilleDeDemain']) {
      for (const part of ['View', 'Event', 'Move', 'Options', 'Outcome', 'Game', 'LegalMoves', 'MoveResult', 'EventLog', 'NewGame'])
        expect(names).toContain(`${game}${part}`);
    }
    for (const name of [...names, 'AnyMove']) expect(component(name), name).not.toMatch(/\bunknown\b/);
    // The operations use them.
    expect(generated).toMatch(/getGame: \{[\s\S]*?"application\/json": components\["schemas"\]\["Game"\]/);
    expect(generated).toMatch(/getLegalMoves: \{[\s\S]*?"application\/json": components\["schemas"\]\["LegalMoves"\]/);
    expect(generated).toMatch(/submitMove: \{[\s\S]*?move: components\["schemas"\]\["AnyMove"\]/);
    expect(generated).toMatch(/submitMove: \{[\s\S]*?"application\/json": components\["schemas"\]\["MoveResult"\]/);
    expect(generated).toMatch(/createGame: \{[\s\S]*?"application\/json": components\["schemas"\]\["NewGame"\]/);
  });

  it('a program that plays every game through the client type-checks; a wrong move field does not', () => {
    const fixture = `${root}tests/contract/fixtures/play-every-game.ts`;
    const wrong = (move: string) =>
      `import type { GameSession } from '../../../clients/typescript/src/index.js';\nexport ` +
      `const f = (s: GameSession<'town-center'>) => s.move(${move});\n`;
    const cases = {
      misspelt: `{ type: 'takeCube', towr: 1 }`,
      teleport: `{ type: 'teleport', banana: 3 }`,
      mistyped: `{ type: 'takeCube', tower: 'two' }`,
      otherGame: `{ type: 'drawTile' }`,
      right: `{ type: 'takeCube', tower: 1 }`,
    };
    const virtual = Object.fromEntries(Object.entries(cases).map(([k, move]) => [`${root}tests/contract/fixtures/${k}.ts`, wrong(move)]));
    // One program for all: diagnostics are told apart by file.
    const diagnostics = typeCheck([fixture, `${root}examples/bot.ts`], virtual);
    const of = (name: string) => diagnostics.filter((d) => d.startsWith(`tests/contract/fixtures/${name}.ts:`)).join('\n');
    expect(diagnostics.filter((d) => !Object.keys(cases).some((k) => d.startsWith(`tests/contract/fixtures/${k}.ts:`)))).toEqual([]);
    expect(of('misspelt')).toMatch(/towr/);
    expect(of('teleport')).toMatch(/teleport/);
    expect(of('mistyped')).toMatch(/not assignable/);
    expect(of('otherGame')).toMatch(/drawTile/);
    expect(of('right')).toBe('');
  });
});
