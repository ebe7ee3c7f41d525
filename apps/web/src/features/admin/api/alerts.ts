import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffAlertMails, StaffAlerts } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { staffAlertsKey } from '../../../shared/api/staff-alerts';

/** What waits for staff, for the sidebar's counts: asked again every minute and on focus. */
export function useStaffAlerts(enabled: boolean) {
  return useQuery({
    queryKey: staffAlertsKey,
    queryFn: ({ signal }) => apiRequest<StaffAlerts>('/admin/alerts', { signal, silent: true }),
    enabled,
    refetchInterval: 60_000,
  });
}

const alertMailsKey = ['admin', 'alert-mails'] as const;

/** `GET /admin/alert-mails`: which alerts the signed-in member of staff also gets by e-mail. */
export function useAlertMails() {
  return useQuery({
    queryKey: alertMailsKey,
    queryFn: ({ signal }) => apiRequest<StaffAlertMails>('/admin/alert-mails', { signal }),
  });
}

export function useSetAlertMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: StaffAlertMails) =>
      apiRequest<StaffAlertMails>('/admin/alert-mails', { method: 'PUT', body: choice }),
    onSuccess: (choice) => queryClient.setQueryData(alertMailsKey, choice),
  });
}
