import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextRecord } from '../../src/app/text-record.js';
import { run } from '../../src/cli/citybuilder.js';
import { canonicalHash, canonicalJson, randomPlayout, resolveOptions, type AnyGame } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';

/**
 * The command line (`citybuilder`, src/cli/citybuilder.ts) on records produced by random games
 * of every hosted game: it validates them, converts JSON to text and back to the same record, and
 * replays any version to the state the engine reached there. One run goes through the real bin.
 */
const dir = mkdtempSync(join(tmpdir(), 'citybuilder-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    read: async (p) => (await import('node:fs/promises')).readFile(p, 'utf8'),
    write: async (p, t) => (await import('node:fs/promises')).writeFile(p, t, 'utf8'),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function recordOf(game: AnyGame, players: number, seed: string) {
  const options = resolveOptions(game, players, {});
  if (!options.ok) throw new Error(options.error.message);
  const states: unknown[] = [];
  const { state, steps } = randomPlayout(game, { players, options: options.value, seed }, `cli-${seed}`, {
    afterMove: (s) => states.push(s),
  });
  const record = {
    format: 'citybuilder-record/1',
    type: game.id,
    engineVersion: game.engineVersion,
    options: options.value,
    players: Array.from({ length: players }, (_, seat) => ({ seat, name: `Player ${seat + 1}` })),
    seed,
    status: 'finished',
    version: steps.length,
    moves: steps.map((s, i) => ({ version: i + 1, seat: s.seat, move: s.move })),
    outcome: game.outcome(state),
  };
  return { record, states };
}

describe('the citybuilder command line', () => {
  for (const game of hostedGames) {
    it(`${game.id}: validates a record, converts it to text and back unchanged, and replays any version`, async () => {
      const { record, states } = recordOf(game as AnyGame, 3, `cli-${game.id}`);
      const json = join(dir, `${game.id}.json`);
      writeFileSync(json, JSON.stringify(record));

      const valid = await cli('validate', json);
      expect(valid.code, valid.err).toBe(0);
      expect(valid.out).toMatch(new RegExp(`^valid: ${game.id} \\(engine 1\\), 3 players, ${record.moves.length} moves, finished: `));

      const text = await cli('convert', json, '--to', 'text');
      expect(text.code, text.err).toBe(0);
      expect(text.out).toContain(`[Result "${record.outcome!.scores.join(':')}"]`);
      const txt = join(dir, `${game.id}.txt`);
      writeFileSync(txt, text.out);
      expect((await cli('validate', txt)).code).toBe(0);
      const back = await cli('convert', txt, '--to', 'json');
      expect(canonicalJson(JSON.parse(back.out))).toBe(canonicalJson(record));
      expect(canonicalHash(readTextRecord(defaultRegistry(), text.out).state)).toBe(canonicalHash(states.at(-1)));

      const at = Math.floor(record.moves.length / 2);
      const replay = await cli('replay', txt, '--at', String(at), '--seat', '1', '--json');
      expect(replay.code, replay.err).toBe(0);
      expect(replay.out).toContain(`move ${at} of ${record.moves.length}`);
      expect(replay.out).toContain('The board, as Player 2 sees it:');
      const view = JSON.parse(replay.out.slice(replay.out.indexOf('\n{') + 1));
      expect(canonicalHash(view)).toBe(canonicalHash((game as AnyGame).view(states[at - 1], 1)));
    });
  }

  it('refuses an illegal move with its line and rule (exit 1), and a bad command line (exit 2)', async () => {
    const game = hostedGames.find((g) => g.id === 'ma-petite-ville')!;
    const { record } = recordOf(game as AnyGame, 2, 'cli-bad');
    const text = (
      await cli('convert', (writeFileSync(join(dir, 'bad.json'), JSON.stringify(record)), join(dir, 'bad.json')), '--to', 'text')
    ).out;
    const lines = text.split('\n');
    const n = lines.findIndex((l) => l.startsWith('1. '));
    lines[n] = '1. 0: tile 9,9 r0';
    writeFileSync(join(dir, 'bad.txt'), lines.join('\n'));
    const bad = await cli('validate', join(dir, 'bad.txt'));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(new RegExp(`^invalid: line ${n + 1}: move 1 \\(tile 9,9 r0\\) is illegal: .+ \\[[A-Z_]+, .+\\]$`));

    const altered = { ...record, moves: record.moves.map((m, i) => (i === 0 ? { ...m, seat: 1 } : m)) };
    writeFileSync(join(dir, 'bad2.json'), JSON.stringify(altered));
    const badJson = await cli('validate', join(dir, 'bad2.json'));
    expect(badJson.code).toBe(1);
    expect(badJson.err).toMatch(/^invalid: move 1 is illegal: It is not seat 1's turn/);
    // The same refusal in French, as the API gives it to a French caller (its sentence by id).
    const inFrench = await cli('validate', join(dir, 'bad2.json'), '--lang', 'fr');
    expect(inFrench.code).toBe(1);
    expect(inFrench.err).toMatch(/^invalid: Coup 1 : Ce n'est pas à la place 1 de jouer\. \[NOT_YOUR_TURN, turn order\]$/);
    expect((await cli('validate', join(dir, 'bad2.json'), '--lang', 'de')).code).toBe(2);

    expect((await cli('convert', join(dir, 'bad.json'))).code).toBe(2);
    expect((await cli('replay', join(dir, 'bad.json'), '--at', '100000')).err).toMatch(/--at must be a whole number from 0 to/);
    expect((await cli('validate', join(dir, 'missing.json'))).code).toBe(2);
  });

  it('runs as the package bin (bin/citybuilder.js)', async () => {
    const { record } = recordOf(hostedGames[0] as AnyGame, 2, 'cli-bin');
    writeFileSync(join(dir, 'bin.json'), JSON.stringify(record));
    const r = await promisify(execFile)(process.execPath, ['bin/citybuilder.js', 'validate', join(dir, 'bin.json')]);
    expect(r.stdout).toMatch(/^valid: town-center/);
    const bad = await promisify(execFile)(process.execPath, ['bin/citybuilder.js', 'validate', join(dir, 'bad2.json')]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in bad && bad.code).toBe(1);
  });
});
