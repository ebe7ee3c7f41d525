import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditLog,
  StaffInvite,
  StaffMember,
  StaffMemberList,
  StaffUpdate,
} from '@portal/contract';
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

const staffKey = ['admin', 'staff'] as const;

/** The shop's staff: the staff screen, and the audit log's filter. */
export function useStaffMembers() {
  return useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => apiRequest<StaffMemberList>('/admin/staff', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Invite a member of staff, or change one's role or status; the list refreshes either way. */
export function useStaffChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'invite'; invite: StaffInvite }
        | { kind: 'update'; id: string; update: StaffUpdate },
    ) =>
      change.kind === 'invite'
        ? apiRequest<StaffMember>('/admin/staff', { method: 'POST', body: change.invite })
        : apiRequest<StaffMember>(`/admin/staff/${encodeURIComponent(change.id)}`, {
            method: 'PATCH',
            body: change.update,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
