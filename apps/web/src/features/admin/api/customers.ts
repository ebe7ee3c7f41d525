import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageResponse,
  StaffCompany,
  StaffCompanyList,
  StaffCompanyUpdate,
  StaffVatCheckResponse,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { staffAlertsKey } from '../../../shared/api/staff-alerts';

const customersKey = ['admin', 'companies'] as const;

/** `GET /admin/companies` with the page's filters (kept in the URL). */
export function useCompanies(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: [...customersKey, 'list', search],
    queryFn: ({ signal }) => apiRequest<StaffCompanyList>(`/admin/companies?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: [...customersKey, id],
    queryFn: ({ signal }) =>
      apiRequest<StaffCompany>(`/admin/companies/${encodeURIComponent(id)}`, { signal }),
  });
}

/** What staff can do to a company or one of its members; each refreshes the company and lists. */
export type CustomerAction =
  | { kind: 'approve' | 'reject' }
  | { kind: 'block'; reason: string }
  | { kind: 'unblock' }
  | { kind: 'xml_feed'; active: boolean }
  | { kind: 'block_member'; userId: string; reason: string }
  | { kind: 'unblock_member'; userId: string }
  | { kind: 'password_reset'; userId: string }
  | { kind: 'update'; details: StaffCompanyUpdate }
  | { kind: 'vat_check' };

function runAction(companyId: string, action: CustomerAction): Promise<unknown> {
  const company = encodeURIComponent(companyId);
  const base = `/admin/companies/${company}`;
  const member = (userId: string) => `${base}/members/${encodeURIComponent(userId)}`;
  switch (action.kind) {
    case 'approve':
    case 'reject':
      return apiRequest<MessageResponse>(`/admin/registrations/${company}/${action.kind}`, {
        method: 'POST',
      });
    case 'block':
      return apiRequest(`${base}/block`, { method: 'POST', body: { reason: action.reason } });
    case 'unblock':
      return apiRequest(`${base}/unblock`, { method: 'POST' });
    case 'xml_feed':
      return apiRequest(`${base}/xml-feed`, { method: 'PUT', body: { active: action.active } });
    case 'block_member':
      return apiRequest(`${member(action.userId)}/block`, {
        method: 'POST',
        body: { reason: action.reason },
      });
    case 'unblock_member':
      return apiRequest(`${member(action.userId)}/unblock`, { method: 'POST' });
    case 'password_reset':
      return apiRequest(`${member(action.userId)}/password-reset`, { method: 'POST' });
    case 'update':
      return apiRequest<StaffCompany>(base, { method: 'PUT', body: action.details });
    case 'vat_check':
      return apiRequest<StaffVatCheckResponse>(`${base}/vat-check`, { method: 'POST' });
  }
}

export function useCustomerAction(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CustomerAction) => runAction(companyId, action),
    // The sidebar's counts (alerts.ts) may change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKey }),
        queryClient.invalidateQueries({ queryKey: staffAlertsKey }),
      ]),
  });
}
