import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

/**
 * The weekend pause's arithmetic (prisma/migrations/20261128091000_weekend_pause): clock_due(start,
 * ms, weekends, zone) is when a clock started at `start` with `ms` left runs out, counting no time
 * on Saturdays and Sundays in `zone`; clock_ms(a, b, ...) is the clock time between two instants.
 * Pure functions of their arguments (no now()), run on a real Postgres.
 */
describe('weekend clock arithmetic (SQL functions, real Postgres)', () => {
  let db: TestDatabase;
  let c: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    c = new pg.Client({ connectionString: db.url });
    await c.connect();
  });
  afterAll(async () => {
    await c?.end();
    await db?.drop();
  });

  const due = async (start: string, hours: number, zone: string, weekends = true): Promise<string> =>
    (
      await c.query<{ at: Date }>('SELECT clock_due($1::timestamptz, $2::bigint, $3, $4) AS at', [start, hours * 3_600_000, weekends, zone])
    ).rows[0]!.at.toISOString();
  const spent = async (a: string, b: string, zone: string, weekends = true): Promise<number> =>
    Number(
      (await c.query<{ ms: string }>('SELECT clock_ms($1::timestamptz, $2::timestamptz, $3, $4) AS ms', [a, b, weekends, zone])).rows[0]!
        .ms,
    ) / 3_600_000;

  it('given 2 h left on Friday 23:00 UTC, when weekends pause, then it runs out Monday 01:00 UTC (not Saturday 01:00)', async () => {
    // 4 January 2030 is a Friday.
    expect(await due('2030-01-04T23:00:00Z', 2, 'UTC')).toBe('2030-01-07T01:00:00.000Z');
    expect(await due('2030-01-04T23:00:00Z', 2, 'UTC', false)).toBe('2030-01-05T01:00:00.000Z');
    // Saturday 12:00: one hour spent (Friday 23:00-24:00), one left.
    expect(await spent('2030-01-04T23:00:00Z', '2030-01-05T12:00:00Z', 'UTC')).toBe(1);
    expect(await spent('2030-01-05T12:00:00Z', '2030-01-07T01:00:00Z', 'UTC')).toBe(1);
  });

  it('given a clock started on a Saturday, then it runs from Monday 00:00; a clock over a week skips every weekend', async () => {
    expect(await due('2030-01-05T10:00:00Z', 3, 'UTC')).toBe('2030-01-07T03:00:00.000Z');
    // 6 days of clock time from Monday 00:00: Monday..Friday (5 days), the weekend, Monday (1 day).
    expect(await due('2030-01-07T00:00:00Z', 144, 'UTC')).toBe('2030-01-15T00:00:00.000Z');
    expect(await spent('2030-01-07T00:00:00Z', '2030-01-15T00:00:00Z', 'UTC')).toBe(144);
    // Backwards: the negative of forwards.
    expect(await spent('2030-01-15T00:00:00Z', '2030-01-07T00:00:00Z', 'UTC')).toBe(-144);
  });

  it("given a seat in New York, then its weekend is New York's: Friday 23:00 UTC is 18:00 there, the clock runs on", async () => {
    expect(await due('2030-01-04T23:00:00Z', 2, 'America/New_York')).toBe('2030-01-05T01:00:00.000Z');
    // 7 h: six before Saturday 00:00 in New York (05:00 UTC), one from Monday 00:00 there (05:00 UTC).
    expect(await due('2030-01-04T23:00:00Z', 7, 'America/New_York')).toBe('2030-01-07T06:00:00.000Z');
    // Auckland (UTC+13 in January): Friday 23:00 UTC is Saturday noon there, so the clock waits for Monday 00:00 NZDT (Sunday 11:00 UTC).
    expect(await due('2030-01-04T23:00:00Z', 2, 'Pacific/Auckland')).toBe('2030-01-06T13:00:00.000Z');
  });

  it('DST: the Paris weekends of 28-29 March (47 h) and 24-25 October 2026 (49 h); the clock counts neither change', async () => {
    // Friday 27 March 23:00 CET (22:00 UTC), 2 h: one before Saturday 00:00 CET, one from Monday 00:00 CEST (Sunday 22:00 UTC).
    expect(await due('2026-03-27T22:00:00Z', 2, 'Europe/Paris')).toBe('2026-03-29T23:00:00.000Z');
    expect(await spent('2026-03-27T22:00:00Z', '2026-03-29T23:00:00Z', 'Europe/Paris')).toBe(2);
    // Friday 23 October 23:00 CEST (21:00 UTC), 2 h: one before Saturday 00:00 CEST, one from Monday 00:00 CET (Sunday 23:00 UTC).
    expect(await due('2026-10-23T21:00:00Z', 2, 'Europe/Paris')).toBe('2026-10-26T00:00:00.000Z');
    expect(await spent('2026-10-23T21:00:00Z', '2026-10-26T00:00:00Z', 'Europe/Paris')).toBe(2);
    // A weekday change (New York, Sunday 8 March 2026, in the weekend) and a southern one (Sydney, Sunday 5 April 2026).
    expect(await due('2026-03-06T23:00:00-05:00', 2, 'America/New_York')).toBe('2026-03-09T05:00:00.000Z');
    expect(await due('2026-04-03T23:00:00+11:00', 2, 'Australia/Sydney')).toBe('2026-04-05T15:00:00.000Z');
  });

  it('DST: a Paris week around its spring change counts five whole weekdays (the lost hour falls in the weekend)', async () => {
    // Monday 23 March 2026 00:00 CET to Monday 30 March 00:00 CEST: 5 weekdays of 24 h each = 120 h (the lost hour is in the weekend).
    expect(await spent('2026-03-22T23:00:00Z', '2026-03-29T22:00:00Z', 'Europe/Paris')).toBe(120);
  });

  it('a zone Postgres does not know, or none, is UTC; weekends false is plain interval arithmetic', async () => {
    expect(await due('2030-01-04T23:00:00Z', 2, 'Nowhere/Atlantis')).toBe('2030-01-07T01:00:00.000Z');
    expect(
      (await c.query<{ at: Date }>("SELECT clock_due('2030-01-04T23:00:00Z', 7200000, true, NULL) AS at")).rows[0]!.at.toISOString(),
    ).toBe('2030-01-07T01:00:00.000Z');
    expect(await spent('2030-01-04T23:00:00Z', '2030-01-07T01:00:00Z', 'UTC', false)).toBe(50);
  });
});
