import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SigninRequest, SigninResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { storeSession } from '../../../shared/auth/session';

/** Signs in, stores token and user, then syncs the session cookie with the web host. */
export async function signIn(body: SigninRequest): Promise<Me> {
  const { access_token, user } = await apiRequest<SigninResponse>('/auth/signin', {
    method: 'POST',
    body,
    auth: false,
  });
  storeSession(access_token, user);
  // The cookie only serves plain links (downloads); the app works without it.
  await apiRequest('/auth/login', {
    method: 'POST',
    body: { access_token },
    auth: false,
    silent: true,
    webHost: true,
  }).catch(() => undefined);
  return user;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Nothing cached for a previous user may leak into this session.
    onSuccess: () => queryClient.clear(),
  });
}
