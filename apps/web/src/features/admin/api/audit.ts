import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLog, StaffMemberList } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

/** `GET /admin/audit-log` with the page's filters (kept in the URL). */
export function useAuditLog(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: ['admin', 'audit-log', search],
    queryFn: ({ signal }) => apiRequest<AuditLog>(`/admin/audit-log?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The shop's staff, for the audit log's filter. */
export function useStaffMembers() {
  return useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => apiRequest<StaffMemberList>('/admin/staff', { signal }),
    staleTime: 5 * 60_000,
  });
}
