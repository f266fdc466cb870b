import { describe, expect, it } from 'vitest';
import { joinReturnPath } from './join-return';

describe('joinReturnPath', () => {
  it('accepts a join link only', () => {
    expect(joinReturnPath('?next=%2Fjoin%3Fcode%3DACDE3467')).toBe('/join?code=ACDE3467');
    for (const bad of ['', '?next=', '?next=https://evil.example/join?code=A', '?next=//evil.example', '?next=/teacher/students', '?next=/join?code=A%26x=<script>']) {
      expect(joinReturnPath(bad), bad).toBeNull();
    }
  });
});
