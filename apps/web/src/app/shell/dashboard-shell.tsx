import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { can, isStaffRole } from '@portal/contract';
import { useStaffAlerts } from '../../features/admin/api/alerts';
import { CartIcon } from '../../features/checkout/components/cart-icon';
import { QuickOrderLink } from './quick-order-link';
import { VatBanners } from '../../features/company/components/vat-banners';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { homePathOf } from '../../shared/auth/home';
import { useMe } from '../../shared/auth/me';
import { clearSession } from '../../shared/auth/session';
import { useLocalizePath } from '../../shared/locale/use-locale';
import { PageLoader } from '../../shared/ui/page-loader';
import { useDrawnOnceOpened } from '../../shared/ui/use-drawn-once-opened';
import { AccountMenu } from './account-menu';
import { Breadcrumbs } from './breadcrumbs';
import { HeaderSearch } from './header-search';
import { LanguageMenu } from './language-menu';
import { Sidebar } from './sidebar';
import { StaffSearch } from './staff-search';
import { useSidebar } from './use-sidebar';
import classes from './shell.module.css';

// The contact form's module (its zod schema) is downloaded when the form is first opened: every
// signed-in page would run it at load otherwise.
const ContactDialog = lazy(() =>
  import('../../features/contact/components/contact-dialog').then((m) => ({
    default: m.ContactDialog,
  })),
);

/** The signed-in layout of SPEC section 2: sidebar, header, breadcrumbs and the page. */
export function DashboardShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const me = useMe();
  const sidebar = useSidebar();
  const staff = isStaffRole(me.data?.role);
  const alerts = useStaffAlerts(staff);
  const [contactOpen, setContactOpen] = useState(false);
  const contactDrawn = useDrawnOnceOpened(contactOpen);

  // SPEC section 4: if the current-user call fails (after its retries), go to /sign-in.
  useEffect(() => {
    if (!me.isError) return;
    clearSession();
    void navigate(localize('/sign-in'), { replace: true });
  }, [me.isError, navigate, localize]);

  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && sidebar.overlay) sidebar.close();
  });

  const user = me.data;
  if (!user || me.isError) return <PageLoader />;

  return (
    // Confirmation dialogs are only used behind sign-in: their code stays out of the entry.
    <ModalsProvider>
      <div className={classes.root}>
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <Sidebar
          role={user.role}
          alerts={alerts.data}
          opened={sidebar.opened}
          width={sidebar.width}
          homePath={homePathOf(user.role)}
          onLinkClick={sidebar.onLinkClick}
          onAction={() => setContactOpen(true)}
        />
        {sidebar.overlay && (
          <div className={classes.backdrop} onClick={sidebar.close} aria-hidden="true" />
        )}
        <div className={classes.body} style={{ marginLeft: sidebar.contentOffset }}>
          <header className={classes.header}>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={sidebar.toggle}
              aria-label={sidebar.opened ? t('nav.close') : t('nav.open')}
              aria-expanded={sidebar.opened}
              aria-controls="sidebar"
            >
              {sidebar.opened ? (
                <IconLayoutSidebarLeftCollapse size={22} aria-hidden />
              ) : (
                <IconLayoutSidebarLeftExpand size={22} aria-hidden />
              )}
            </ActionIcon>
            {isStaffRole(user.role) ? (
              <StaffSearch />
            ) : can(user.role, 'company.view') ? (
              <HeaderSearch />
            ) : (
              <div style={{ flex: 1 }} />
            )}
            <LanguageMenu />
            {can(user.role, 'cart.use') && <QuickOrderLink />}
            {can(user.role, 'cart.use') && <CartIcon />}
            {can(user.role, 'notifications.view') && <NotificationBell />}
            <AccountMenu user={user} />
          </header>
          <main id="main" tabIndex={-1} className={classes.main}>
            <Breadcrumbs />
            <VatBanners user={user} />
            <Outlet />
          </main>
          {contactDrawn && (
            <Suspense fallback={null}>
              <ContactDialog opened={contactOpen} onClose={() => setContactOpen(false)} />
            </Suspense>
          )}
        </div>
      </div>
    </ModalsProvider>
  );
}
