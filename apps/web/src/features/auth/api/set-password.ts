import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SetPasswordRequest } from '@portal/contract';
import { changePassword, checkResetKey } from './reset-password';
import { checkInvitation, setInvitationPassword } from './invitation';

/** One screen serves invitations and resets; this picks the calls of each. */
export type SecureKeyKind = 'invitation' | 'reset';

export interface SecureKeyInfo {
  email: string;
  name?: string;
  /** The company to join; null for the shop's own staff. */
  company?: string | null;
}

async function checkSecureKey(kind: SecureKeyKind, key: string): Promise<SecureKeyInfo> {
  if (kind === 'invitation') {
    const invitation = await checkInvitation(key);
    return {
      email: invitation.email,
      name: `${invitation.first_name} ${invitation.last_name}`.trim(),
      company: invitation.company,
    };
  }
  const reset = await checkResetKey(key);
  return { email: reset.email };
}

export function secureKeyQueryOptions(kind: SecureKeyKind, key: string) {
  return queryOptions({
    queryKey: ['auth', 'secure-key', kind, key],
    queryFn: () => checkSecureKey(kind, key),
    retry: false,
    staleTime: Infinity,
    enabled: key.length > 0,
  });
}

export function useSecureKey(kind: SecureKeyKind, key: string) {
  return useQuery(secureKeyQueryOptions(kind, key));
}

export function useSetPassword(kind: SecureKeyKind, key: string) {
  return useMutation({
    mutationFn: (body: SetPasswordRequest) =>
      kind === 'invitation' ? setInvitationPassword(key, body) : changePassword({ key, ...body }),
  });
}
