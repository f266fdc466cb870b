import { describe, expect, it } from 'vitest';
import { tidyAsciiMath } from './formula-text';

describe('tidyAsciiMath (issue 49): what the formula editor puts into a keyed answer', () => {
  it('drops the brackets MathLive puts around a lone number or letter of a fraction or a power', () => {
    expect(tidyAsciiMath('(5)/(6)')).toBe('5/6');
    expect(tidyAsciiMath('x^(2)-1')).toBe('x^2-1');
    expect(tidyAsciiMath('(x+1)/(2)')).toBe('(x+1)/2');
  });
  it('keeps brackets that mean something', () => {
    expect(tidyAsciiMath('(x+1)(x-1)')).toBe('(x+1)(x-1)');
    expect(tidyAsciiMath('sqrt(8)')).toBe('sqrt(8)');
    expect(tidyAsciiMath('sin(x)/(x+1)')).toBe('sin(x)/(x+1)');
  });
});
