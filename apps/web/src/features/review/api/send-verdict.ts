import { solutionSchema, type ReviewSolutionInput, type Solution } from '@mathclub/shared';
import { apiRequest } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';

/** One verdict of the review queue: PUT /api/solutions/{id} with what the queue holds for it. */
export type QueueVerdict = ReviewSolutionInput & { id: number };

/** PUT /api/solutions/{id} {correct, reviewed, feedback?, snippetId?, annotations?}: the saved solution. */
export function sendVerdict({ id, ...body }: QueueVerdict): Promise<Solution> {
  return apiRequest(`/api/solutions/${id}`, { method: 'PUT', body }, solutionSchema);
}

/**
 * The same request for a page being left or closed: `keepalive` lets it outlive the page (the
 * queue holds its last verdict back for the undo window and must not lose it when the tab closes).
 */
export function sendVerdictOnLeave({ id, ...body }: QueueVerdict): void {
  const token = getToken();
  void fetch(`/api/solutions/${id}`, {
    method: 'PUT',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': i18n.language || 'uk', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).catch(() => null);
}
