import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMessage, StaffMessageList } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { staffAlertsKey } from '../../../shared/api/staff-alerts';

const messagesKey = ['admin', 'messages'] as const;

/** `GET /admin/messages` with the page's filter (kept in the URL). */
export function useStaffMessages(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: [...messagesKey, 'list', search],
    queryFn: ({ signal }) => apiRequest<StaffMessageList>(`/admin/messages?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffMessage(id: string) {
  return useQuery({
    queryKey: [...messagesKey, id],
    queryFn: ({ signal }) =>
      apiRequest<StaffMessage>(`/admin/messages/${encodeURIComponent(id)}`, { signal }),
  });
}

export type MessageChange =
  | { kind: 'read'; read: boolean }
  | { kind: 'assign'; staffUserId: string | null }
  | { kind: 'answer'; body: string };

export function useMessageChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MessageChange) => {
      const base = `/admin/messages/${encodeURIComponent(id)}`;
      switch (change.kind) {
        case 'read':
          return apiRequest<StaffMessage>(`${base}/read`, {
            method: 'PUT',
            body: { read: change.read },
          });
        case 'assign':
          return apiRequest<StaffMessage>(`${base}/assignee`, {
            method: 'PUT',
            body: { staff_user_id: change.staffUserId },
          });
        case 'answer':
          return apiRequest<StaffMessage>(`${base}/answers`, {
            method: 'POST',
            body: { body: change.body },
          });
      }
    },
    onSuccess: (message) => queryClient.setQueryData([...messagesKey, id], message),
    // The sidebar's counts (alerts.ts) may change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...messagesKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: staffAlertsKey }),
      ]),
  });
}
