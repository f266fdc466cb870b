import { describe, expect, it } from 'vitest';
import uk from './uk.json';

/** Every string under `prefix` in a nested message object, with its key. */
function strings(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
}

/** The polite plural a Ukrainian page uses for an adult: «ви», «ваш», and imperatives such as «оберіть», «спробуйте». */
const POLITE = /(^|[^\p{L}])(ви|вас|вам|вами|ваш\p{L}*)(?=$|[^\p{L}])|\p{L}+(іть|йте|ьте)(?=$|[^\p{L}])/iu;

/** Strings only a student reads: the arena, a student's notifications, the student's side of the profile, answering. */
const STUDENT_ONLY = [/^arena\./, /^notifications\.item\.(taskPublished|judged|withMarks|achievement)/, /^profile\.(groupPlaceholder|noGroupSelected|noGroupsStudent)$/, /^solutions\.error\./];

describe('the Ukrainian register (issue 49, item 16)', () => {
  it('speaks to a student as «ти» everywhere a student reads, never «ви»', () => {
    const studentStrings = strings(uk).filter(([key]) => STUDENT_ONLY.some((re) => re.test(key)));
    expect(studentStrings.length).toBeGreaterThan(50);
    expect(studentStrings.filter(([, text]) => POLITE.test(text))).toEqual([]);
  });
});
