import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Claim,
  ClaimAttachment,
  ClaimKind,
  ClaimListResponse,
  ClaimOrderResponse,
  ClaimRequestStatus,
  CreateClaimRequest,
} from '@portal/contract';
import { apiRequest, uploadFile, type UploadProgress } from '../../../shared/api/client';

export const claimsKey = ['claims'] as const;

export interface ClaimFilters {
  page: number;
  search: string;
  status: ClaimRequestStatus | '';
}

/** `GET /claims`: one page of the company's returns or warranty claims. */
export function useClaimList(kind: ClaimKind, filters: ClaimFilters) {
  const query = new URLSearchParams({ kind, page: String(filters.page) });
  if (filters.search) query.set('search', filters.search);
  if (filters.status) query.set('status', filters.status);
  return useQuery({
    queryKey: [...claimsKey, 'list', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest<ClaimListResponse>(`/claims?${query.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useClaim(id: string) {
  return useQuery({
    queryKey: [...claimsKey, id],
    queryFn: ({ signal }) => apiRequest<Claim>(`/claims/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The order's lines with what may still be claimed and each line's eligibility. */
export function fetchClaimOrder(kind: ClaimKind, orderNumber: string): Promise<ClaimOrderResponse> {
  return apiRequest<ClaimOrderResponse>(
    `/claims/order/${encodeURIComponent(orderNumber)}?kind=${kind}`,
  );
}

/** `POST /claims`: files a claim from the form. */
export function useCreateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClaimRequest) =>
      apiRequest<Claim>('/claims', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}

/** `POST /claims/{id}/attachments`: one photo or file, with its upload progress. */
export function uploadClaimAttachment(
  claimId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<ClaimAttachment> {
  return uploadFile<ClaimAttachment>(
    `/claims/${encodeURIComponent(claimId)}/attachments`,
    file,
    onProgress,
  );
}

/** `DELETE /claims/{id}/attachments/{attachmentId}`, then the claim is read again. */
export function useRemoveClaimAttachment(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachment: ClaimAttachment) =>
      apiRequest<null>(
        `/claims/${encodeURIComponent(claimId)}/attachments/${encodeURIComponent(attachment._id)}`,
        { method: 'DELETE' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...claimsKey, claimId] }),
  });
}
