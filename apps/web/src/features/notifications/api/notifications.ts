import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationsResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export const notificationsQueryKey = ['notifications'] as const;
/** The badge asks again now and then: new orders and invoices show without a reload. */
const BADGE_REFRESH_MS = 60_000;

/** `GET /users/notifications`: one page; `markSeen` (full_notification=1) marks it seen. */
export function fetchNotifications(page: number, markSeen: boolean, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(page),
    limit: String(NOTIFICATIONS_PAGE_SIZE),
    full_notification: markSeen ? '1' : '0',
  });
  return apiRequest<NotificationsResponse>(`/users/notifications?${query.toString()}`, {
    signal,
    silent: true,
  });
}

/** Page 1 without marking anything seen: the unseen count of the header badge. */
export function notificationsSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'summary'],
    queryFn: ({ signal }) => fetchNotifications(1, false, signal),
  });
}

export function useNotificationsSummary() {
  return useQuery({ ...notificationsSummaryQueryOptions(), refetchInterval: BADGE_REFRESH_MS });
}

/** A page of the full list screen (marks it seen, as opening the dropdown does). */
export function useNotificationsPage(page: number) {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'page', page],
    queryFn: ({ signal }) => fetchNotifications(page, true, signal),
  });
}
