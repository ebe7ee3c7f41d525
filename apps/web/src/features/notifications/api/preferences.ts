import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

const preferencesKey = ['notification-preferences'] as const;
type Answer = { preferences: NotificationPreferences };

export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => apiRequest<Answer>('/users/notification-preferences', { signal }),
  });
}

/** `PUT /users/update-notification-preferences`: every switch at once. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<Answer>('/users/update-notification-preferences', {
        method: 'PUT',
        body: preferences,
      }),
    onSuccess: (answer) => queryClient.setQueryData(preferencesKey, answer),
  });
}
