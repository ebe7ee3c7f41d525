import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { hasValidToken } from '../shared/auth/session';
import { useLocalizePath } from '../shared/locale/use-locale';
import { MessageCard } from '../shared/ui/message-card';
import { PageLoader } from '../shared/ui/page-loader';

// A module the page needs could not be downloaded: Chromium, Firefox and Safari's messages for a
// failed dynamic import, and Vite's for a style sheet it preloads with one.
const MODULE_NOT_LOADED =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

function isModuleLoadError(error: unknown): boolean {
  return error instanceof Error && MODULE_NOT_LOADED.test(error.message);
}

const RELOADED_AT_KEY = 'portal.reloaded-for-modules';
/** A second failure this soon after the reload is not an update: the page says so instead. */
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * A page opened before a release asks for modules the server no longer has: reloading it brings
 * the new ones. Not when it was reloaded so within a minute (the connection is down, not the
 * release).
 */
function mayReload(): boolean {
  try {
    return (
      Date.now() - Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) >= RELOAD_AGAIN_AFTER_MS
    );
  } catch {
    return false;
  }
}

function reload() {
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  window.location.reload();
}

/**
 * What a page that failed shows instead of React Router's developer screen: a module that could
 * not be downloaded reloads the page once, then asks to try again; any other error says the page
 * failed, with a reload and the way home. On a page route it is drawn inside the shell, on a
 * locale's root route in place of the whole layout.
 */
export function RouteError() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const error = useRouteError();
  const moduleNotLoaded = isModuleLoadError(error);
  const [reloading] = useState(() => moduleNotLoaded && mayReload());

  useEffect(() => {
    if (reloading) reload();
    else console.error(error);
  }, [error, reloading]);

  if (reloading) return <PageLoader />;
  const [title, text] = moduleNotLoaded
    ? [t('routeError.notLoadedTitle'), t('routeError.notLoadedText')]
    : [t('routeError.title'), t('routeError.text')];

  return (
    <MessageCard icon={IconAlertTriangle} title={title} text={text} role="alert">
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      {/* A full load: the client-side way home may need modules that do not load either. */}
      <Button component="a" href={localize(hasValidToken() ? '/' : '/sign-in')} variant="default">
        {t('notFound.home')}
      </Button>
    </MessageCard>
  );
}
