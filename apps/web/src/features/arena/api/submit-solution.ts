import { MIN_LOADING_MS, type Solution } from '@mathclub/shared';
import { useMutation } from '@tanstack/react-query';
import { withMinDuration } from '../../../lib/min-delay';
import { postFormWithProgress } from '../../../lib/upload';

export interface NewSolution {
  taskId: number;
  /** Trimmed by the caller. */
  answer: string;
  image: File | null;
  onProgress?: (percent: number) => void;
}

/** POST /api/solutions, multipart: taskId, answer, optional `solutionImage`; reports upload progress. */
export async function submitSolution({ taskId, answer, image, onProgress }: NewSolution): Promise<Solution> {
  const body = new FormData();
  body.append('taskId', String(taskId));
  body.append('answer', answer);
  if (image) body.append('solutionImage', image, image.name);
  const created = await postFormWithProgress<Solution>('/api/solutions', body, onProgress);
  console.info('Solution sent', created?.id);
  return created;
}

/** Sending shows its loading state for at least MIN_LOADING_MS (SEED.md §4). */
export function useSubmitSolution() {
  return useMutation({ mutationFn: (input: NewSolution) => withMinDuration(submitSolution(input), MIN_LOADING_MS) });
}
