import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { readTextRecord, replayJsonRecord, writeTextRecord, type AnyRecord } from '../../src/app/text-record.js';
import { canonicalHash, randomPlayout, type Json } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { maPetiteVille } from '../../src/games/ma-petite-ville/index.js';

/** The text record format (src/app/text-record.ts): what it writes reads back; every fault names its line. */
const registry = defaultRegistry();
const { state: final, steps } = randomPlayout(
  maPetiteVille as never,
  { players: 2, options: { version: 'normal' }, seed: 'text-record' },
  'text-record-choices',
);
const record: AnyRecord = {
  format: 'citybuilder-record/1',
  type: 'ma-petite-ville',
  engineVersion: 1,
  options: { version: 'normal' },
  players: [
    { seat: 0, name: 'Ann "the architect"' },
    { seat: 1, name: 'Bob' },
  ],
  seed: 'text-record',
  status: 'finished',
  version: steps.length,
  moves: steps.map((s, i) => ({ version: i + 1, seat: s.seat, move: s.move as unknown as Json })),
  outcome: maPetiteVille.outcome(final as never),
};
const text = writeTextRecord(maPetiteVille as never, record, (i) => replayJsonRecord(registry, record).before[i]);

const fault = (t: string): AppError => {
  try {
    readTextRecord(registry, t);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('the record was accepted');
};

describe('text records', () => {
  it('a finished game reads back to its JSON record and final state, whatever the line endings, blank lines and comments', () => {
    expect(text).toContain('[Seat0 "Ann \\"the architect\\""]');
    expect(text).toContain(`[Result "${record.outcome!.scores.join(':')}"]`);
    expect(text.trimEnd().split('\n').at(-1)).toBe(record.outcome!.scores.join(':'));
    const variants = [text, text.replace(/\n/g, '\r\n'), text.replace('\n1. ', '\n{the opening}\n\n1. ').replace(/\n2\. /, '\n\n2. ')];
    for (const t of variants) {
      const r = readTextRecord(registry, t);
      expect(r.record).toEqual(record);
      expect(canonicalHash(r.state)).toBe(canonicalHash(final));
    }
  });

  it('reserves {resign}, {resigned} and {timeout} for moves the seat did not make itself, and reads them back', () => {
    const moves = record.moves
      .slice(0, 6)
      .map((m, i) => (i === 3 ? { ...m, origin: 'timeout' as const } : i === 5 ? { ...m, origin: 'resigned' as const } : m));
    moves.splice(4, 0, { version: 0, seat: 1, move: { type: 'resign' }, origin: 'resign' });
    const running: AnyRecord = {
      ...record,
      status: 'active',
      outcome: undefined,
      moves: moves.map((m, i) => ({ ...m, version: i + 1 })),
      version: moves.length,
    };
    const before = replayJsonRecord(registry, running).before;
    const t = writeTextRecord(maPetiteVille as never, running, (i) => before[i]);
    expect(t).toMatch(/\n4\. \d: .+ \{timeout\}\n5\. 1: \{resign\}\n/);
    expect(t).toMatch(/\n7\. \d: .+ \{resigned\}\n\*\n$/);
    expect(readTextRecord(registry, t).record.moves).toEqual(running.moves);
  });

  it('writes a move the reader may not see as {hidden}, which cannot be imported', () => {
    const hidden = writeTextRecord(
      maPetiteVille as never,
      { ...record, moves: record.moves.map((m, i) => (i === 2 ? { ...m, move: null } : m)) },
      (i) => replayJsonRecord(registry, record).before[i],
    );
    expect(hidden).toMatch(/\n3\. \d: \{hidden\}\n/);
    const e = fault(hidden);
    expect(e.code).toBe('IMPORT_INVALID');
    expect(e.message).toMatch(/^line \d+: the move is hidden in this record/);
  });

  it('names the line of each fault', () => {
    const lines = text.split('\n');
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix)) + 1;
    const cases: [string, string, number, RegExp][] = [
      [text.replace('[Game "ma-petite-ville"]', '[Game ma-petite-ville]'), 'INVALID_INPUT', at('[Game'), /a header is \[Name "value"\]/],
      [text.replace('[Seat1 "Bob"]', '[Seat1 "Bob"]\n[Seat1 "Bea"]'), 'INVALID_INPUT', at('[Seat1') + 1, /the header Seat1 is given twice/],
      [text.replace('[Seat1 "Bob"]', '[Seat2 "Bob"]'), 'INVALID_INPUT', at('[Seat1'), /Seat2 is given but Seat1 is missing/],
      [text.replace(/\[Seed .*\]\n/, ''), 'IMPORT_INVALID', 1, /no Seed header/],
      [text.replace('[Game "ma-petite-ville"]', '[Game "chess"]'), 'IMPORT_INVALID', at('[Game'), /unknown game type "chess"/],
      [
        text.replace('[Options "{\\"version\\":\\"normal\\"}"]', '[Options "{\\"speed\\":1}"]'),
        'IMPORT_INVALID',
        at('[Options'),
        /unknown option "speed"/,
      ],
      [text.replace(/\n3\. (\d): /, '\n3. $1 '), 'INVALID_INPUT', at('3. '), /expected a move "<number>. <seat>: <move>"/],
      [text.replace(/\n3\. \d: /, '\n3. 7: '), 'INVALID_INPUT', at('3. '), /seat 7 is not a seat of this game \(seats 0 to 1\)/],
      [text.replace(/\n3\. (\d): (.*)\n/, '\n3. $1: $2 {bribed}\n'), 'INVALID_INPUT', at('3. '), /unknown annotation \{bribed\}/],
      [
        text.replace(/\n3\. (\d): (.*)\n/, '\n3. $1: pass {resign}\n'),
        'INVALID_INPUT',
        at('3. '),
        /a resignation is written "<number>. <seat>: \{resign\}"/,
      ],
      [`${text}1. 0: draw\n`, 'INVALID_INPUT', lines.length, /nothing may follow the result/],
      [
        text.replace(/\[Result ".*"\]/, '[Result "0:0"]'),
        'IMPORT_INVALID',
        at('[Result'),
        /the Result header says 0:0, but the moves give/,
      ],
    ];
    for (const [t, code, line, message] of cases) {
      const e = fault(t);
      expect([e.code, e.message], String(message)).toEqual([code, expect.stringMatching(message)]);
      expect(e.extra.line, String(message)).toBe(line);
    }
  });
});
