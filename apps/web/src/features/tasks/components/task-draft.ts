import { DRAFT_PREVIEW_CHARS, type Level, type Task } from '@mathclub/shared';
import { toSchoolInput } from '../../../lib/school-time';
import type { AnswerKeyDraft } from './AnswerKeySection';

/** What the teacher has typed into the task form so far; lives above the collapsible panel. */
export interface TaskDraft extends AnswerKeyDraft {
  title: string;
  text: string;
  image: File | null;
  level: Level | null;
  points: number | null;
  groupId: number | null;
  /** The window (PRODUCT.md §10) as typed, school time ('YYYY-MM-DDTHH:mm'); '' for none. */
  opensAt: string;
  closesAt: string;
  /** Editing: the task's current picture, and whether to drop it. */
  currentImageUrl: string | null;
  removeImage: boolean;
}

/** The form's starting point; after a successful add the group is kept (SEED.md §4). */
export function emptyDraft(groupId: number | null = null): TaskDraft {
  return {
    title: '',
    text: '',
    image: null,
    level: 'beginner',
    points: 1,
    groupId,
    answerKind: 'none',
    answerKey: '',
    tolerance: '',
    checkMode: 'manual',
    tryAnswer: '',
    opensAt: '',
    closesAt: '',
    currentImageUrl: null,
    removeImage: false,
  };
}

/** A task as the form's draft, to edit it in the same form. */
export function draftFromTask(task: Task, timeZone: string): TaskDraft {
  return {
    title: task.title,
    text: task.text,
    image: null,
    level: task.level,
    points: task.points,
    groupId: task.group.id,
    answerKind: task.answerKind,
    answerKey: task.answerKey ?? '',
    tolerance: task.answerKind === 'number' && task.tolerance ? String(task.tolerance) : '',
    checkMode: task.checkMode,
    tryAnswer: '',
    opensAt: toSchoolInput(task.opensAt, timeZone),
    closesAt: toSchoolInput(task.closesAt, timeZone),
    currentImageUrl: task.imageSecureUrl ?? null,
    removeImage: false,
  };
}

/** The first DRAFT_PREVIEW_CHARS characters of the draft's title, else its text; '' without a draft. */
export function draftPreview(title: string, text: string): string {
  const source = title.trim() || text.trim();
  return source.replace(/\s+/g, ' ').slice(0, DRAFT_PREVIEW_CHARS);
}
