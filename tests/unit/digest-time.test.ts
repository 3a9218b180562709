import { describe, expect, it } from 'vitest';
import { checkTimeZone, nextDigestAt } from '../../src/app/notify/digest.js';

describe('the next digest time: the first instant after now at the local hour in the zone', () => {
  it('Paris in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(nextDigestAt(8, 'Europe/Paris', new Date('2026-01-15T06:59:00Z')).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(nextDigestAt(8, 'Europe/Paris', new Date('2026-07-15T06:30:00Z')).toISOString()).toBe('2026-07-16T06:00:00.000Z');
  });
  it('exactly at the hour: the next day', () => {
    expect(nextDigestAt(8, 'Europe/Paris', new Date('2026-01-15T07:00:00Z')).toISOString()).toBe('2026-01-16T07:00:00.000Z');
  });
  it('half-hour zones and zones behind UTC, across the date line of UTC', () => {
    expect(nextDigestAt(16, 'Asia/Kolkata', new Date('2026-03-01T10:00:00Z')).toISOString()).toBe('2026-03-01T10:30:00.000Z');
    expect(nextDigestAt(22, 'America/New_York', new Date('2026-01-15T23:00:00Z')).toISOString()).toBe('2026-01-16T03:00:00.000Z');
    expect(nextDigestAt(0, 'UTC', new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it('around a change of the clocks: one digest a day at the local hour (Paris, 29 March 2026)', () => {
    const a = nextDigestAt(8, 'Europe/Paris', new Date('2026-03-28T08:00:00Z'));
    expect(a.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(nextDigestAt(8, 'Europe/Paris', a).toISOString()).toBe('2026-03-30T06:00:00.000Z');
  });
  it('time zones are IANA names; anything else is refused naming the field', () => {
    expect(checkTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(/timeZone/);
    expect(() => checkTimeZone(42)).toThrow(/timeZone/);
  });
});
