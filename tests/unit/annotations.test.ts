import { describe, expect, it } from 'vitest';
import { localize } from '../../src/app/i18n/index.js';
import { AppError } from '../../src/app/errors.js';
import { checkRecordShape } from '../../src/app/record-schema.js';
import { readTextRecord, replayJsonRecord, writeTextRecord, type AnyRecord } from '../../src/app/text-record.js';
import { canonicalJson, formatMove, randomPlayout, resolveOptions, type AnyGame, type Json } from '../../src/engine/index.js';
import { defaultRegistry, hostedGames } from '../../src/games/index.js';

/**
 * Issue 35, annotations (as chessops's PGN tests): a record of each game with comments, marks and
 * alternatives round-trips through the text record (parse, make, parse equal; make, parse, make
 * equal), the JSON record carries the same annotations, and an alternative the engine refuses at
 * its version is refused, in text naming its line.
 */
const registry = defaultRegistry();

function annotated(game: AnyGame, seed: string) {
  const options = resolveOptions(game, 2, {});
  if (!options.ok) throw new Error(options.error.message);
  const before: unknown[] = [];
  let state = game.setup({ players: 2, options: options.value, seed });
  const { state: end, steps } = randomPlayout(game, { players: 2, options: options.value, seed }, seed, {
    afterMove: (s) => {
      before.push(state);
      state = s;
    },
  });
  // Entries with another legal move, where alternatives can go.
  const open = steps.map((x, i) => i).filter((i) => i > 1 && game.legalMoves(before[i], steps[i]!.seat).length > 1);
  const other = (i: number) =>
    game.legalMoves(before[i], steps[i]!.seat).find((m) => canonicalJson(m) !== canonicalJson(steps[i]!.move))! as unknown as Json;
  const [a, b, c] = [open[0]!, open[Math.floor(open.length / 2)]!, open.at(-1)!];
  const moves = steps.map((x, i) => ({
    version: i + 1,
    seat: x.seat,
    move: x.move as unknown as Json,
    ...(i === 0 ? { mark: '!?' as const } : {}),
    ...(i === 1 ? { comment: 'a quiet start; the centre stays open' } : {}),
    ...(i === a
      ? { mark: '?' as const, alternatives: [{ move: other(a), mark: '!' as const, comment: 'better: it keeps the option' }] }
      : {}),
    ...(i === b ? { mark: '!!' as const, comment: 'the move of the game', alternatives: [{ move: other(b) }] } : {}),
    ...(i === c
      ? {
          alternatives: [
            { move: other(c), mark: '?!' as const },
            { move: other(c), comment: 'the same, said twice' },
          ],
        }
      : {}),
  }));
  const record: AnyRecord = {
    format: 'citybuilder-record/1',
    type: game.id,
    engineVersion: game.engineVersion,
    options: options.value,
    players: [
      { seat: 0, name: 'Ann' },
      { seat: 1, name: 'Bob' },
    ],
    seed,
    status: 'finished',
    version: moves.length,
    moves,
    outcome: game.outcome(end)!,
  };
  return { record, before };
}

describe('annotations in records', () => {
  for (const game of hostedGames as AnyGame[]) {
    it(`${game.id}: an annotated record round-trips through text (parse, make, parse equal) and is a valid JSON record`, () => {
      const { record, before } = annotated(game, `annotate-${game.id}`);
      const text = writeTextRecord(game, record, (i) => before[i]);
      expect(text).toMatch(/^1\. \d: .+ !\?$/m);
      expect(text).toContain('{a quiet start; the centre stays open}');
      expect(text).toMatch(/^\(.+ ! \{better: it keeps the option\}\)$/m);
      const parsed = readTextRecord(registry, text).record;
      expect(canonicalJson(parsed)).toBe(canonicalJson(record));
      expect(writeTextRecord(game, parsed, (i) => before[i])).toBe(text);
      const again = readTextRecord(
        registry,
        writeTextRecord(game, parsed, (i) => before[i]),
      ).record;
      expect(canonicalJson(again)).toBe(canonicalJson(parsed));
      // The JSON record: its schema takes the annotations, and its replay checks the alternatives.
      expect(() => checkRecordShape(JSON.parse(JSON.stringify(record)))).not.toThrow();
      expect(() => replayJsonRecord(registry, record)).not.toThrow();
    });
  }

  it('an illegal alternative is refused: in text naming its line, in JSON naming the move', () => {
    const game = hostedGames.find((g) => g.id === 'town-center') as AnyGame;
    const { record, before } = annotated(game, 'annotate-illegal');
    const lines = writeTextRecord(game, record, (i) => before[i]).split('\n');
    // Under move 1, the move its seat makes later (at another version): not legal at version 1.
    const later = record.moves.findIndex(
      (m, i) =>
        i > 1 &&
        m.seat === record.moves[0]!.seat &&
        game.legalMoves(before[0], m.seat).every((x) => canonicalJson(x) !== canonicalJson(m.move)),
    );
    const notation = formatMove(game, before[later], record.moves[later]!.seat, record.moves[later]!.move as never);
    const at = lines.findIndex((l) => l.startsWith('1. ')) + 1;
    lines.splice(at, 0, `(${notation})`);
    let refused: unknown;
    try {
      readTextRecord(registry, lines.join('\n'));
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('IMPORT_INVALID');
    expect((refused as AppError).extra.line).toBe(at + 1);
    expect(localize('en', refused as AppError)).toMatch(new RegExp(`^line ${at + 1}: move 1, alternative 1: `));

    const bad = structuredClone(record);
    bad.moves[0]!.alternatives = [{ move: record.moves[later]!.move }];
    expect(() => replayJsonRecord(registry, bad)).toThrow(AppError);
    try {
      replayJsonRecord(registry, bad);
    } catch (e) {
      expect(localize('en', e as AppError)).toMatch(/^move 1, alternative 1: /);
    }
    // A comment with braces cannot be written in a text record: the JSON schema refuses it.
    const braces = structuredClone(record);
    braces.moves[0]!.comment = 'not {this}';
    expect(() => checkRecordShape(braces)).toThrow(AppError);
  });
});
