import { Center, Loader } from '@mantine/core';
import { i18n } from '../../i18n/i18n';

/** Suspense and route-loading fallback; reads i18n directly so it never suspends itself. */
export function PageLoader() {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Loader aria-label={i18n.t('app.loading')} />
    </Center>
  );
}
