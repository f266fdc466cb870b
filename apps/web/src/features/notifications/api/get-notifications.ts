import type { NotificationList } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { asObjectWithLists } from '../../../lib/response-shape';

export const notificationsQueryKey = ['notifications'] as const;

// Read without zod (the shell loads no zod): the server builds the answer from the shared schema,
// only its outer shape is checked.
/** GET /api/notifications: the newest notifications and the unread count. */
export function getNotifications(): Promise<NotificationList> {
  return apiRequest('/api/notifications').then((data) => asObjectWithLists<NotificationList>(data, 'notifications'));
}

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications, staleTime: 60_000 });

/** The signed-in user's notifications; live events invalidate them (no polling). */
export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
