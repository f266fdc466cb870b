import { describe, expect, it } from 'vitest';
import { periodStart } from './period-start.js';

describe('periodStart', () => {
  const kyiv = (period: 'week' | 'month' | 'all', now: string) => periodStart(period, new Date(now), 'Europe/Kyiv');

  it('is null for all time', () => {
    expect(kyiv('all', '2026-11-21T12:00:00.000Z')).toBeNull();
  });

  it('starts the week at Monday 00:00 and the month at the 1st 00:00 in Kyiv (UTC+2 in winter)', () => {
    expect(kyiv('week', '2026-11-21T12:00:00.000Z')).toBe('2026-11-15T22:00:00.000Z');
    expect(kyiv('month', '2026-11-21T12:00:00.000Z')).toBe('2026-10-31T22:00:00.000Z');
  });

  it('uses the local day, not the UTC one, around midnight', () => {
    // Sunday 22 Nov 23:59 in Kyiv is still last week; Monday 00:00 in Kyiv (Sunday 22:00 UTC) begins a new one.
    expect(kyiv('week', '2026-11-22T21:59:59.999Z')).toBe('2026-11-15T22:00:00.000Z');
    expect(kyiv('week', '2026-11-22T22:00:00.000Z')).toBe('2026-11-22T22:00:00.000Z');
    // 1 December 00:30 in Kyiv is 30 November in UTC.
    expect(kyiv('month', '2026-11-30T22:30:00.000Z')).toBe('2026-11-30T22:00:00.000Z');
  });

  it('follows daylight saving time (UTC+3 in summer, switching on the last Sunday of March and October)', () => {
    // The week of Monday 30 March 2026 started in summer time; the month in winter time.
    expect(kyiv('week', '2026-04-01T09:00:00.000Z')).toBe('2026-03-29T21:00:00.000Z');
    expect(kyiv('month', '2026-04-01T09:00:00.000Z')).toBe('2026-03-31T21:00:00.000Z');
    expect(kyiv('month', '2026-03-31T09:00:00.000Z')).toBe('2026-02-28T22:00:00.000Z');
    // The week of the October switch began in summer time.
    expect(kyiv('week', '2026-10-25T12:00:00.000Z')).toBe('2026-10-18T21:00:00.000Z');
  });

  it('crosses month and year boundaries going back to Monday', () => {
    // Friday 1 January 2027: the week began Monday 28 December 2026.
    expect(kyiv('week', '2027-01-01T10:00:00.000Z')).toBe('2026-12-27T22:00:00.000Z');
    expect(kyiv('month', '2027-01-01T10:00:00.000Z')).toBe('2026-12-31T22:00:00.000Z');
  });

  it('works in other zones', () => {
    expect(periodStart('week', new Date('2026-11-21T12:00:00.000Z'), 'UTC')).toBe('2026-11-16T00:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-21T12:00:00.000Z'), 'America/New_York')).toBe('2026-11-16T05:00:00.000Z');
    expect(periodStart('month', new Date('2026-07-15T12:00:00.000Z'), 'Asia/Kolkata')).toBe('2026-06-30T18:30:00.000Z');
  });
});
