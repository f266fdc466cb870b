import { describe, expect, it } from 'vitest';
import { withFormula } from './SolutionForm';

describe('a formula from the editor added to the answer', () => {
  it('becomes Markdown math at the end of what is typed, after one space', () => {
    expect(withFormula('', '\\frac56')).toBe('$\\frac56$');
    expect(withFormula('   ', 'x=2')).toBe('$x=2$');
    expect(withFormula('Answer:  \n', '\\sqrt{8}')).toBe('Answer: $\\sqrt{8}$');
  });
});
