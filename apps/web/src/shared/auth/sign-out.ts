import { apiRequest } from '../api/client';
import { clearSession } from './session';

/**
 * SPEC section 4: call both sign-out endpoints (revoke the token, clear the session cookie on
 * the web host), then forget the token and the user. Failures do not keep the user signed in.
 */
export async function signOut(): Promise<void> {
  await Promise.allSettled([
    apiRequest('/auth/signout', { method: 'POST', silent: true }),
    apiRequest('/auth/logout', { method: 'POST', auth: false, silent: true, webHost: true }),
  ]);
  clearSession();
}
