import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LocaleLink } from '../../shared/ui/locale-link';
import { LanguageMenu } from '../shell/language-menu';
import classes from './public.module.css';

/** Layout of the signed-out screens: brand header, language menu, page, footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className={classes.header}>
        <LocaleLink to="/sign-in" aria-label={t('app.logoAlt')}>
          <img src="/logo-expanded.svg" alt="" width={196} height={44} />
        </LocaleLink>
        <div className={classes.language}>
          <LanguageMenu />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      {/* The year of a page prerendered at build may be older than the visitor's: theirs wins. */}
      <footer className={classes.footer} suppressHydrationWarning>
        © {new Date().getFullYear()} {t('app.name')} ·{' '}
        <LocaleLink to="/pages/terms-conditions">{t('nav.terms')}</LocaleLink>
      </footer>
    </div>
  );
}
