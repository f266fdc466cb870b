import { describe, expect, it } from 'vitest';
import '../gradebook-texts';
import { gradebookFileName } from './get-gradebook';

describe('gradebookFileName (issue 49)', () => {
  it('names the file by the group and the date, keeping Cyrillic letters', () => {
    const name = gradebookFileName('7-Б olympiad / “geometry”', 'csv', new Date(2026, 11, 7));
    expect(name).toMatch(/^(gradebook|журнал)-7-Б-olympiad-geometry-2026-12-07\.csv$/u);
  });
  it('never gives an empty group part', () => {
    expect(gradebookFileName('///', 'xlsx', new Date(2026, 0, 2))).toMatch(/-group-2026-01-02\.xlsx$/u);
  });
});
