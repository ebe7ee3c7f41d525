import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../shared/api/client';
import { clearSession } from '../shared/auth/session';
import { localizePath, parseLocalePath } from '../shared/locale/paths';
import { AppProviders } from './providers';
import { queryClient } from './query-client';
import type { AppRouter } from './router';

/** SPEC section 8: an AUTH_ERROR 401 on any call logs out and goes to /sign-in. */
export function signOutOnUnauthorized(router: AppRouter) {
  setUnauthorizedHandler(() => {
    clearSession();
    const { locale } = parseLocalePath(router.state.location.pathname);
    void router
      .navigate(localizePath('/sign-in', locale), { replace: true })
      .then(() => queryClient.clear());
  });
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
