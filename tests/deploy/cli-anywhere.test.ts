import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { randomPlayout, resolveOptions, type AnyGame } from '../../src/engine/index.js';
import { hostedGames } from '../../src/games/index.js';

/**
 * The command line from any folder, as README.md's "Command line" says: `npm exec --prefix
 * <checkout> citybuilder -- ...` run in a folder outside the checkout (no package.json there), on a
 * record file of that folder. `replay` prints text a person reads: the last move and the log in
 * words, the board in words, in French with --lang fr; npm prints no warning on the way.
 */
const checkout = new URL('../../', import.meta.url).pathname;
const elsewhere = mkdtempSync(join(tmpdir(), 'citybuilder-elsewhere-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

const game = hostedGames.find((g) => g.id === 'ville-de-demain') as AnyGame;
const options = resolveOptions(game, 2, {});
if (!options.ok) throw new Error(options.error.message);
const { state, steps } = randomPlayout(game, { players: 2, options: options.value, seed: 'anywhere' }, 'cli-anywhere', {});
writeFileSync(
  join(elsewhere, 'game.json'),
  JSON.stringify({
    format: 'citybuilder-record/1',
    type: game.id,
    engineVersion: game.engineVersion,
    options: options.value,
    players: [
      { seat: 0, name: 'Ann' },
      { seat: 1, name: 'Bob' },
    ],
    seed: 'anywhere',
    status: 'finished',
    version: steps.length,
    moves: steps.map((s, i) => ({ version: i + 1, seat: s.seat, move: s.move })),
    outcome: game.outcome(state),
  }),
);

const citybuilder = (...args: string[]) =>
  promisify(execFile)('npm', ['exec', '--prefix', checkout, 'citybuilder', '--', ...args], {
    cwd: elsewhere,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

describe('citybuilder from another folder (npm exec --prefix <checkout>)', () => {
  it('replay prints the position in words: the last move, the board, the log; in French with --lang fr; no npm warning', async () => {
    expect(() => readFileSync(join(elsewhere, 'package.json'))).toThrow(); // not a project folder
    const at = 20;
    const en = await citybuilder('replay', 'game.json', '--at', String(at));
    expect(en.stderr).toBe('');
    const lines = en.stdout.split('\n');
    expect(lines[0]).toBe(`La Ville de Demain (ville-de-demain, engine 1): move ${at} of ${steps.length}`);
    expect(lines[1]).toMatch(/^Last move: 20\. (Ann|Bob): \S/);
    const board = lines.indexOf('The board, as a spectator sees it:');
    expect(board).toBeGreaterThan(0);
    // The board in words: the cards of the market with their cost, income, inhabitants and leaves.
    expect(lines.slice(board + 1).some((l) => /^ {2}[A-Z][\w ]+: cost \d+, income \d+, inhabitants \d+, leaves \d+/.test(l))).toBe(true);
    const log = lines.indexOf('Log:');
    expect(lines.slice(log + 1, log + 1 + at).map((l) => /^ {2}(\d+)\. (Ann|Bob): \S/.exec(l)?.[1])).toEqual(
      Array.from({ length: at }, (_, i) => String(i + 1)),
    );
    expect(en.stdout).not.toMatch(/^\s*[{[]/m); // no JSON dump

    const fr = await citybuilder('replay', 'game.json', '--at', String(at), '--lang', 'fr');
    expect(fr.stderr).toBe('');
    expect(fr.stdout).toContain(`La Ville de Demain (ville-de-demain, moteur 1) : coup ${at} sur ${steps.length}`);
    expect(fr.stdout).toContain('Le plateau, tel que le voit un spectateur :');
    expect(fr.stdout).toMatch(/^Historique :$/m);
    expect(fr.stdout).toMatch(/: coût \d+, revenu \d+, habitants \d+, feuilles \d+/);
    expect(fr.stdout).not.toMatch(/The board|Last move|To move|Log:/);
  }, 120_000);
});
