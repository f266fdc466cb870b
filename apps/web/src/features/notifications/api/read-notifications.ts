import type { NotificationList } from '@mathclub/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** POST /api/notifications/read {ids}: answers how many are still unread. */
export function readNotifications(ids: number[]): Promise<{ unread: number }> {
  return apiRequest<{ unread: number }>('/api/notifications/read', { method: 'POST', body: { ids } });
}

/** Marks notifications read, showing them read at once. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotifications,
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (old) =>
        old
          ? {
              unread: Math.max(0, old.unread - old.notifications.filter((n) => !n.read && ids.includes(n.id)).length),
              notifications: old.notifications.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n)),
            }
          : old,
      );
    },
    onSuccess: ({ unread }) => queryClient.setQueryData<NotificationList>(notificationsQueryKey, (old) => (old ? { ...old, unread } : old)),
  });
}
