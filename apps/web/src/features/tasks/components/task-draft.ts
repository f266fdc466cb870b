import { DRAFT_PREVIEW_CHARS, type Level } from '@mathclub/shared';

/** What the teacher has typed into the task form so far; lives above the collapsible panel. */
export interface TaskDraft {
  title: string;
  text: string;
  image: File | null;
  level: Level | null;
  points: number | null;
  groupId: number | null;
}

/** The form's starting point; after a successful add the group is kept (SEED.md §4). */
export function emptyDraft(groupId: number | null = null): TaskDraft {
  return { title: '', text: '', image: null, level: 'beginner', points: 1, groupId };
}

/** The first DRAFT_PREVIEW_CHARS characters of the draft's title, else its text; '' without a draft. */
export function draftPreview(title: string, text: string): string {
  const source = title.trim() || text.trim();
  return source.replace(/\s+/g, ' ').slice(0, DRAFT_PREVIEW_CHARS);
}
