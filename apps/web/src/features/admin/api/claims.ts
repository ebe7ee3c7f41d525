import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminClaimListResponse,
  ApproveClaimItemRequest,
  Claim,
  ReceiveClaimItemRequest,
  RefundClaimItemRequest,
  RejectClaimItemRequest,
  ReplacementClaimItemRequest,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { staffAlertsKey } from '../../../shared/api/staff-alerts';

const claimsKey = ['admin', 'claims'] as const;

/** `GET /admin/claims` with the page's filters (kept in the URL). */
export function useStaffClaims(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: [...claimsKey, 'list', search],
    queryFn: ({ signal }) =>
      apiRequest<AdminClaimListResponse>(`/admin/claims?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffClaim(id: string) {
  return useQuery({
    queryKey: [...claimsKey, id],
    queryFn: ({ signal }) =>
      apiRequest<Claim>(`/admin/claims/${encodeURIComponent(id)}`, { signal }),
  });
}

/** A step of the claims workflow on one item, or closing the claim. */
export type ClaimStep =
  | { kind: 'approve'; itemId: string; body: ApproveClaimItemRequest }
  | { kind: 'reject'; itemId: string; body: RejectClaimItemRequest }
  | { kind: 'receive'; itemId: string; body: ReceiveClaimItemRequest }
  | { kind: 'replacement'; itemId: string; body: ReplacementClaimItemRequest }
  | { kind: 'refund'; itemId: string; body: RefundClaimItemRequest }
  | { kind: 'close' };

export function useClaimStep(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ClaimStep) => {
      const base = `/admin/claims/${encodeURIComponent(claimId)}`;
      if (step.kind === 'close') return apiRequest<Claim>(`${base}/close`, { method: 'POST' });
      return apiRequest<Claim>(`${base}/items/${encodeURIComponent(step.itemId)}/${step.kind}`, {
        method: 'POST',
        body: step.body,
      });
    },
    onSuccess: (claim) => queryClient.setQueryData([...claimsKey, claimId], claim),
    // The sidebar's counts (alerts.ts) may change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsKey }),
        queryClient.invalidateQueries({ queryKey: staffAlertsKey }),
      ]),
  });
}
