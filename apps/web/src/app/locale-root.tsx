import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@portal/contract';
import { storeLocale } from '../shared/locale/paths';
import { PageLoader } from '../shared/ui/page-loader';

/** The language follows the route: it sets i18n, `<html lang>` and the stored choice. */
export function LocaleRoot({ locale }: { locale: Locale }) {
  const { i18n } = useTranslation();

  useEffect(() => {
    storeLocale(locale);
    document.documentElement.lang = locale;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);

  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
