import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyProfile,
  CompanyProfileResponse,
  CompanyProfileUpdate,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { meQueryKey } from '../../../shared/auth/me';

const companyKey = (companyId: string) => ['companies', companyId] as const;

export function getCompany(companyId: string): Promise<CompanyProfile> {
  return apiRequest<CompanyProfile>(`/companies/${encodeURIComponent(companyId)}`);
}

export function companyQueryOptions(companyId: string) {
  return queryOptions({ queryKey: companyKey(companyId), queryFn: () => getCompany(companyId) });
}

export function useCompany(companyId: string) {
  return useQuery(companyQueryOptions(companyId));
}

export function updateCompany(
  companyId: string,
  body: CompanyProfileUpdate,
): Promise<CompanyProfileResponse> {
  return apiRequest<CompanyProfileResponse>(`/companies/profile/${encodeURIComponent(companyId)}`, {
    method: 'PUT',
    body,
  });
}

/** Saves the company profile, then refreshes the user (company name, VAT banner). */
export function useUpdateCompany(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyProfileUpdate) => updateCompany(companyId, body),
    onSuccess: async ({ company }) => {
      queryClient.setQueryData(companyKey(companyId), company);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
