import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  InviteMember,
  MemberList,
  MemberResponse,
  MemberUpdate,
  MessageResponse,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export const MEMBERS_PAGE_SIZE = 10;
const membersKey = ['members'] as const;

export function getMembers(companyId: string, page: number): Promise<MemberList> {
  return apiRequest<MemberList>(
    `/users/company/${encodeURIComponent(companyId)}?page=${page}&limit=${MEMBERS_PAGE_SIZE}`,
  );
}

export function membersQueryOptions(companyId: string, page: number) {
  return queryOptions({
    queryKey: [...membersKey, companyId, page],
    queryFn: () => getMembers(companyId, page),
    placeholderData: keepPreviousData,
  });
}

export function useMembers(companyId: string, page: number) {
  return useQuery(membersQueryOptions(companyId, page));
}

export function inviteMember(companyId: string, body: InviteMember): Promise<MemberResponse> {
  return apiRequest<MemberResponse>(`/users/invite-new-member/${encodeURIComponent(companyId)}`, {
    method: 'POST',
    body,
  });
}

export function updateMember(id: string, body: MemberUpdate): Promise<MemberResponse> {
  return apiRequest<MemberResponse>(`/users/update/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

export function deleteMember(id: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useMemberMutation<T>(mutationFn: (input: T) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}

/** Invite (or invite again: a pending member gets a fresh link). */
export function useInviteMember(companyId: string) {
  return useMemberMutation((body: InviteMember) => inviteMember(companyId, body));
}

export function useUpdateMember() {
  return useMemberMutation(({ id, body }: { id: string; body: MemberUpdate }) =>
    updateMember(id, body),
  );
}

export function useDeleteMember() {
  return useMemberMutation((id: string) => deleteMember(id));
}
