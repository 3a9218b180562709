import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.js';
import { readTextRecord, replayJsonRecord, writeTextRecord, type AnyRecord } from '../../src/app/text-record.js';
import { canonicalHash, randomPlayout, resolveOptions, type Json } from '../../src/engine/index.js';
import { defaultRegistry } from '../../src/games/index.js';
import { townCenter } from '../../src/games/town-center/index.js';

/** Bot seats and bot moves in the text record (issue 21): [SeatNBot], [StandInBot] and {bot <level>}, {resigned <level>}. */
const registry = defaultRegistry();
const resolved = resolveOptions(townCenter as never, 2, {});
if (!resolved.ok) throw new Error(resolved.error.message);
const options = resolved.value;
const { state: final, steps } = randomPlayout(townCenter as never, { players: 2, options, seed: 'text-bots' }, 'text-bots-choices');
const record: AnyRecord = {
  format: 'citybuilder-record/1',
  type: 'town-center',
  engineVersion: townCenter.engineVersion,
  options,
  players: [
    { seat: 0, name: 'Ann' },
    { seat: 1, name: 'Bot (ismcts)', bot: 'ismcts' },
  ],
  standInBot: 'random',
  seed: 'text-bots',
  status: 'finished',
  version: steps.length,
  moves: steps.map((s, i) => ({
    version: i + 1,
    seat: s.seat,
    move: s.move as unknown as Json,
    ...(s.seat === 1 ? { origin: 'bot' as const, bot: i % 2 ? ('ismcts' as const) : ('greedy' as const) } : {}),
  })),
  outcome: townCenter.outcome(final as never),
};

describe('text records with bots', () => {
  it("writes bot seats, the stand-in and each bot move's level, and reads them back to the same record and state", () => {
    const before = replayJsonRecord(registry, record).before;
    const t = writeTextRecord(townCenter as never, record, (i) => before[i]);
    expect(t).toContain('[Seat1Bot "ismcts"]');
    expect(t).toContain('[StandInBot "random"]');
    expect(t).toMatch(/\n\d+\. 1: .+ \{bot (ismcts|greedy)\}\n/);
    const r = readTextRecord(registry, t);
    expect(r.record).toEqual(record);
    expect(canonicalHash(r.state)).toBe(canonicalHash(final));
  });

  it('refuses an unknown level in a header or an annotation, and {bot} without a level, naming the line', () => {
    const before = replayJsonRecord(registry, record).before;
    const t = writeTextRecord(townCenter as never, record, (i) => before[i]);
    const fault = (x: string): AppError => {
      try {
        readTextRecord(registry, x);
      } catch (e) {
        if (e instanceof AppError) return e;
        throw e;
      }
      throw new Error('accepted');
    };
    expect(fault(t.replace('[Seat1Bot "ismcts"]', '[Seat1Bot "deep-blue"]')).message).toMatch(/^line \d+: Seat1Bot must name a bot level/);
    expect(fault(t.replace(/\{bot (ismcts|greedy)\}/, '{bot deep-blue}')).message).toMatch(/^line \d+: \{bot deep-blue\}: only/);
    expect(fault(t.replace(/\{bot (ismcts|greedy)\}/, '{bot}')).message).toMatch(
      /^line \d+: a bot seat's move is annotated \{bot <level>\}/,
    );
  });
});
