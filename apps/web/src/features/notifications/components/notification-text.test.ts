import type { Notification } from '@mathclub/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { useEnglish } from '../../../test/utils';
import { notificationText } from './notification-text';

const judged = (marked: boolean | null): Notification => ({
  id: 1,
  kind: 'solution.judged',
  read: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  task: { id: 3, title: 'Fractions' },
  solutionId: 7,
  correct: false,
  feedback: null,
  marked,
  author: null,
  achievement: null,
});

describe('a verdict notification (PRODUCT.md §14)', () => {
  beforeEach(async () => {
    await useEnglish();
  });

  it('says when the teacher marked up the photo', () => {
    expect(notificationText(i18n.t, judged(true))).toBe('“Fractions”: your answer is not correct; the teacher marked up your photo');
    expect(notificationText(i18n.t, judged(false))).toBe('“Fractions”: your answer is not correct');
    expect(notificationText(i18n.t, judged(null))).toBe('“Fractions”: your answer is not correct');
  });
});
