import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePassword,
  MessageResponse,
  ProfileResponse,
  ProfileUpdate,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { meQueryKey } from '../../../shared/auth/me';
import { storeUser } from '../../../shared/auth/session';

export function updateProfile(body: ProfileUpdate): Promise<ProfileResponse> {
  return apiRequest<ProfileResponse>('/users/update/profile', { method: 'PUT', body });
}

/** Saves the profile; the signed-in user (header, stored record) is replaced with the answer. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      storeUser(user);
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}

export function changePassword(body: ChangePassword): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/users/change-password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
