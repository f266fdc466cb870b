import type { Notification } from '@mathclub/shared';
import type { TFunction } from 'i18next';

/** What a notification says, in the user's language. */
export function notificationText(t: TFunction, n: Notification): string {
  const title = n.task?.title ?? '';
  switch (n.kind) {
    case 'task.published':
      return t('notifications.item.taskPublished', { title });
    case 'solution.judged': {
      const verdict = t(n.correct ? 'notifications.item.judgedCorrect' : 'notifications.item.judgedIncorrect', { title });
      // PRODUCT.md §14: the photo carries the teacher's marks.
      return n.marked ? t('notifications.item.withMarks', { verdict }) : verdict;
    }
    case 'solution.submitted':
      return t('notifications.item.submitted', { name: n.author?.name ?? '', title });
    case 'achievement.earned':
      return t('notifications.item.achievement', { name: n.achievement ? t(`achievements.name.${n.achievement}`) : '' });
    case 'student.waiting':
      return t('notifications.item.studentWaiting', { name: n.author?.name ?? '' });
  }
}

/** Dates in the Ukrainian format whatever the interface language (SEED.md §2), with the time. */
const timeFormat = new Intl.DateTimeFormat('uk-UA', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** When a notification came, short. */
export function notificationTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}
