import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, RegistrationList } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export const registrationsQueryKey = ['admin', 'registrations'] as const;

export function getRegistrations(): Promise<RegistrationList> {
  return apiRequest<RegistrationList>('/admin/registrations');
}

export function registrationsQueryOptions() {
  return queryOptions({ queryKey: registrationsQueryKey, queryFn: getRegistrations });
}

export function useRegistrations() {
  return useQuery(registrationsQueryOptions());
}

export type RegistrationDecision = 'approve' | 'reject';

export function decideRegistration(
  companyId: string,
  decision: RegistrationDecision,
): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(
    `/admin/registrations/${encodeURIComponent(companyId)}/${decision}`,
    { method: 'POST' },
  );
}

/** Approve or reject a registration; the list refreshes afterwards either way. */
export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, decision }: { companyId: string; decision: RegistrationDecision }) =>
      decideRegistration(companyId, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationsQueryKey }),
  });
}
