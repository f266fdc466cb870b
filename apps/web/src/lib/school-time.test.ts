import { describe, expect, it } from 'vitest';
import { formatSchoolTime, fromSchoolInput, toSchoolInput } from './school-time';

describe('school time', () => {
  it('reads and writes the wall clock of the school, whatever the device zone', () => {
    expect(fromSchoolInput('2026-11-27T18:00', 'Europe/Kyiv')).toBe('2026-11-27T16:00:00.000Z');
    expect(fromSchoolInput('2026-07-01T09:30', 'Europe/Kyiv')).toBe('2026-07-01T06:30:00.000Z');
    expect(toSchoolInput('2026-11-27T16:00:00.000Z', 'Europe/Kyiv')).toBe('2026-11-27T18:00');
    expect(toSchoolInput('2026-11-27T16:00:00.000Z', 'America/New_York')).toBe('2026-11-27T11:00');
    expect(fromSchoolInput('', 'Europe/Kyiv')).toBeNull();
    expect(toSchoolInput(null, 'Europe/Kyiv')).toBe('');
  });

  it('comes out right on the days the clocks change', () => {
    // Kyiv: 29 March 2026 03:00 → 04:00 (UTC+2 → UTC+3); 25 October 2026 04:00 → 03:00.
    expect(fromSchoolInput('2026-03-29T02:30', 'Europe/Kyiv')).toBe('2026-03-29T00:30:00.000Z');
    expect(fromSchoolInput('2026-03-29T05:00', 'Europe/Kyiv')).toBe('2026-03-29T02:00:00.000Z');
    expect(fromSchoolInput('2026-10-25T12:00', 'Europe/Kyiv')).toBe('2026-10-25T10:00:00.000Z');
    // (An hour that happens twice in October is read as its second time.)
    for (const iso of ['2026-03-29T02:00:00.000Z', '2026-10-25T05:00:00.000Z', '2026-12-31T22:00:00.000Z']) {
      expect(fromSchoolInput(toSchoolInput(iso, 'Europe/Kyiv'), 'Europe/Kyiv')).toBe(iso);
    }
  });

  it('shows every scheduled time in the Ukrainian locale, like the cards\' dates (issue 49)', () => {
    const shown = formatSchoolTime('2026-12-15T07:00:00.000Z', 'Europe/Kyiv');
    expect(shown).toContain('15 грудня 2026');
    expect(shown).toContain('09:00');
    expect(shown).not.toMatch(/AM|PM|Dec/);
  });
});
