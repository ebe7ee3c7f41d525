import { useQuery } from '@tanstack/react-query';
import type { StaffAlerts } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export const staffAlertsKey = ['admin', 'alerts'] as const;

/** What waits for staff, for the sidebar's counts: asked again every minute and on focus. */
export function useStaffAlerts(enabled: boolean) {
  return useQuery({
    queryKey: staffAlertsKey,
    queryFn: ({ signal }) => apiRequest<StaffAlerts>('/admin/alerts', { signal, silent: true }),
    enabled,
    refetchInterval: 60_000,
  });
}
