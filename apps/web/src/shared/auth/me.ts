import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type Me } from '@portal/contract';
import { apiRequest } from '../api/client';
import { getStoredUser, storeUser } from './session';

export const meQueryKey = ['auth', 'me'] as const;

export async function getMe(): Promise<Me> {
  const me = await apiRequest<Me>('/auth/me');
  storeUser(me);
  return me;
}

/** The signed-in user: starts from the stored record, then refreshes (retried 3 times). */
export function meQueryOptions() {
  const stored = getStoredUser();
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    retry: TIMINGS.meRetries,
    staleTime: 60_000,
    ...(stored ? { initialData: stored, initialDataUpdatedAt: 0 } : {}),
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
