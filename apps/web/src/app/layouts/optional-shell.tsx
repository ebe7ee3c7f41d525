import { hasValidToken } from '../../shared/auth/session';
import { DashboardShell } from '../shell/dashboard-shell';
import { PublicLayout } from './public-layout';

/** Public screens (terms, 404): inside the shell when signed in, the public layout otherwise. */
export function OptionalShell() {
  return hasValidToken() ? <DashboardShell /> : <PublicLayout />;
}
