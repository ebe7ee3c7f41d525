import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { DEFAULT_LOCALE, type Locale } from '@portal/contract';
import { PageLoader } from '../shared/ui/page-loader';
import { localePrefix, parseLocalePath } from '../shared/locale/paths';
import {
  dropDefaultPrefix,
  guardThenPrefetch,
  requirePermission,
  requireSession,
  restoreStoredLocale,
  staffHome,
} from './guards/loaders';
import { getStoredUser } from '../shared/auth/session';
import { LocaleRoot } from './locale-root';
import { RouteError } from './route-error';
import { pagesOfLayout } from './routes/page-routes';
import {
  prefetchCategory,
  prefetchDashboard,
  prefetchProduct,
  prefetchShell,
} from './routes/prefetch';
import type { Crumb } from './shell/breadcrumbs';
import { localeRouteId, patchOnNavigation, shellRouteId } from './routes/route-patches';

// Every layout and page is a lazy chunk: the sign-in page downloads only what it needs.
const publicLayout = () =>
  import('./layouts/public-layout').then((m) => ({ Component: m.PublicLayout }));
const dashboardShell = () =>
  import('./shell/dashboard-shell').then((m) => ({ Component: m.DashboardShell }));
const optionalShell = () =>
  import('./layouts/optional-shell').then((m) => ({ Component: m.OptionalShell }));

const crumbs = (...items: Crumb[]) => ({ crumbs: items });
const dashboardCrumb: Crumb = { labelKey: 'breadcrumbs.dashboard', to: '/' };
const cartCrumb: Crumb = { labelKey: 'breadcrumbs.cart', to: '/cart' };
/** A checkout step: after the cart, or in its place the quote being accepted (`?quote=`). */
const checkoutCrumbs = (step: Crumb) => ({
  crumbs: (search: URLSearchParams) => {
    const quote = search.get('quote');
    return quote
      ? [
          dashboardCrumb,
          { labelKey: 'breadcrumbs.quote', to: `/quotes/${encodeURIComponent(quote)}` },
          step,
        ]
      : [dashboardCrumb, cartCrumb, step];
  },
});
const listsCrumb: Crumb = { labelKey: 'breadcrumbs.shoppingLists', to: '/lists' };
const returnsCrumb: Crumb = { labelKey: 'breadcrumbs.returns', to: '/returns' };
const warrantyCrumb: Crumb = { labelKey: 'breadcrumbs.warranty', to: '/warranty' };

/** The routes of one locale: its pages under its prefix (`/fr/...`; none for the default). */
export function localeRoutes(locale: Locale): RouteObject {
  const children: RouteObject[] = [
    {
      lazy: publicLayout,
      children: [
        {
          path: 'sign-in',
          lazy: () =>
            import('../features/auth/pages/sign-in-page').then((m) => ({
              Component: m.SignInPage,
            })),
        },
        {
          path: 'sign-up',
          lazy: () =>
            import('../features/auth/pages/sign-up-page').then((m) => ({
              Component: m.SignUpPage,
            })),
        },
        {
          path: 'forgot-password',
          lazy: () =>
            import('../features/auth/pages/forgot-password-page').then((m) => ({
              Component: m.ForgotPasswordPage,
            })),
        },
        {
          path: 'set-password',
          lazy: () =>
            import('../features/auth/pages/set-password-page').then((m) => ({
              Component: m.SetPasswordPage,
            })),
        },
      ],
    },
    {
      // The staff screens are patched in under this id on the first visit of one (staffPatch).
      id: shellRouteId(locale),
      loader: guardThenPrefetch(requireSession, () => prefetchShell(getStoredUser()?.role, locale)),
      // Check the token on every navigation inside the shell, not only on entry.
      shouldRevalidate: () => true,
      lazy: dashboardShell,
      children: [
        {
          index: true,
          loader: guardThenPrefetch(staffHome, () =>
            prefetchDashboard(getStoredUser()?.role, locale),
          ),
          handle: crumbs({ labelKey: 'breadcrumbs.dashboard' }),
          lazy: () =>
            import('./routes/dashboard-page').then((m) => ({
              Component: m.DashboardPage,
            })),
        },
        {
          // Breadcrumbs come from the data (category path, product title): the pages draw them.
          path: 'cat/:slug',
          loader: guardThenPrefetch(requirePermission('company.view'), ({ params }) =>
            prefetchCategory(params.slug ?? '', locale),
          ),
          lazy: () =>
            import('../features/catalog/pages/category-page').then((m) => ({
              Component: m.CategoryPage,
            })),
        },
        {
          path: 'search',
          loader: requirePermission('company.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.searchResults' }),
          lazy: () =>
            import('../features/catalog/pages/search-results-page').then((m) => ({
              Component: m.SearchResultsPage,
            })),
        },
        {
          path: 'product/:sku',
          loader: guardThenPrefetch(requirePermission('company.view'), ({ params }) =>
            prefetchProduct(params.sku ?? '', locale),
          ),
          lazy: () =>
            import('../features/catalog/pages/product-page').then((m) => ({
              Component: m.ProductPage,
            })),
        },
        {
          path: 'cart',
          loader: requirePermission('cart.use'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.cart' }),
          lazy: () =>
            import('../features/checkout/pages/cart-page').then((m) => ({ Component: m.CartPage })),
        },
        {
          path: 'quick-order',
          loader: requirePermission('cart.use'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.quickOrder' }),
          lazy: () =>
            import('../features/catalog/pages/quick-order-page').then((m) => ({
              Component: m.QuickOrderPage,
            })),
        },
        {
          path: 'checkout/delivery',
          loader: requirePermission('orders.place'),
          handle: checkoutCrumbs({ labelKey: 'breadcrumbs.deliveryAddress' }),
          lazy: () =>
            import('../features/checkout/pages/delivery-page').then((m) => ({
              Component: m.DeliveryPage,
            })),
        },
        {
          path: 'checkout/summary',
          loader: requirePermission('orders.place'),
          handle: checkoutCrumbs({ labelKey: 'breadcrumbs.summary' }),
          lazy: () =>
            import('../features/checkout/pages/summary-page').then((m) => ({
              Component: m.SummaryPage,
            })),
        },
        {
          path: 'payment-successful',
          loader: requirePermission('orders.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.paymentSuccessful' }),
          lazy: () =>
            import('../features/checkout/pages/payment-successful-page').then((m) => ({
              Component: m.PaymentSuccessfulPage,
            })),
        },
        {
          path: 'payment-failed',
          loader: requirePermission('orders.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.paymentFailed' }),
          lazy: () =>
            import('../features/checkout/pages/payment-failed-page').then((m) => ({
              Component: m.PaymentFailedPage,
            })),
        },
        {
          path: 'orders',
          loader: requirePermission('orders.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.orderHistory' }),
          lazy: () =>
            import('../features/orders/pages/orders-page').then((m) => ({
              Component: m.OrdersPage,
            })),
        },
        {
          path: 'orders/:id',
          loader: requirePermission('orders.view'),
          handle: crumbs(dashboardCrumb, {
            labelKey: 'breadcrumbs.orderHistory',
            to: '/orders',
          }),
          lazy: () =>
            import('../features/orders/pages/order-detail-page').then((m) => ({
              Component: m.OrderDetailPage,
            })),
        },
        {
          path: 'invoices',
          loader: requirePermission('invoices.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.invoices' }),
          lazy: () =>
            import('../features/invoices/pages/invoices-page').then((m) => ({
              Component: m.InvoicesPage,
            })),
        },
        {
          path: 'invoices/invoice-details/:id',
          loader: requirePermission('invoices.view'),
          handle: crumbs(
            dashboardCrumb,
            { labelKey: 'breadcrumbs.invoices', to: '/invoices' },
            { labelKey: 'breadcrumbs.invoiceDetails' },
          ),
          lazy: () =>
            import('../features/invoices/pages/invoice-details-page').then((m) => ({
              Component: m.InvoiceDetailsPage,
            })),
        },
        {
          path: 'lists',
          loader: requirePermission('shopping_lists.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.shoppingLists' }),
          lazy: () =>
            import('../features/lists/pages/lists-page').then((m) => ({
              Component: m.ListsPage,
            })),
        },
        {
          path: 'lists/:id',
          loader: requirePermission('shopping_lists.view'),
          handle: crumbs(dashboardCrumb, listsCrumb, { labelKey: 'breadcrumbs.shoppingList' }),
          lazy: () =>
            import('../features/lists/pages/list-page').then((m) => ({
              Component: m.ListPage,
            })),
        },
        {
          path: 'approvals',
          loader: requirePermission('approvals.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.approvals' }),
          lazy: () =>
            import('../features/approvals/pages/approvals-page').then((m) => ({
              Component: m.ApprovalsPage,
            })),
        },
        {
          path: 'approvals/:id',
          loader: requirePermission('approvals.view'),
          handle: crumbs(
            dashboardCrumb,
            { labelKey: 'breadcrumbs.approvals', to: '/approvals' },
            { labelKey: 'breadcrumbs.approval' },
          ),
          lazy: () =>
            import('../features/approvals/pages/approval-page').then((m) => ({
              Component: m.ApprovalPage,
            })),
        },
        {
          path: 'quotes',
          loader: requirePermission('quotes.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.quotes' }),
          lazy: () =>
            import('../features/quotes/pages/quotes-page').then((m) => ({
              Component: m.QuotesPage,
            })),
        },
        {
          path: 'quotes/:id',
          loader: requirePermission('quotes.view'),
          handle: crumbs(
            dashboardCrumb,
            { labelKey: 'breadcrumbs.quotes', to: '/quotes' },
            { labelKey: 'breadcrumbs.quote' },
          ),
          lazy: () =>
            import('../features/quotes/pages/quote-page').then((m) => ({
              Component: m.QuotePage,
            })),
        },
        {
          path: 'returns',
          loader: requirePermission('claims.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.returns' }),
          lazy: () =>
            import('../features/claims/pages/claims-page').then((m) => ({
              Component: m.ReturnsPage,
            })),
        },
        {
          path: 'returns/new',
          loader: requirePermission('claims.file'),
          handle: crumbs(dashboardCrumb, returnsCrumb, { labelKey: 'breadcrumbs.newReturn' }),
          lazy: () =>
            import('../features/claims/pages/new-claim-page').then((m) => ({
              Component: m.NewReturnPage,
            })),
        },
        {
          path: 'returns/:id',
          loader: requirePermission('claims.view'),
          handle: crumbs(dashboardCrumb, returnsCrumb, { labelKey: 'breadcrumbs.returnDetails' }),
          lazy: () =>
            import('../features/claims/pages/claim-detail-page').then((m) => ({
              Component: m.ClaimDetailPage,
            })),
        },
        {
          path: 'warranty',
          loader: requirePermission('claims.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.warranty' }),
          lazy: () =>
            import('../features/claims/pages/claims-page').then((m) => ({
              Component: m.WarrantyPage,
            })),
        },
        {
          path: 'warranty/new',
          loader: requirePermission('claims.file'),
          handle: crumbs(dashboardCrumb, warrantyCrumb, {
            labelKey: 'breadcrumbs.newWarrantyClaim',
          }),
          lazy: () =>
            import('../features/claims/pages/new-claim-page').then((m) => ({
              Component: m.NewWarrantyClaimPage,
            })),
        },
        {
          path: 'warranty/:id',
          loader: requirePermission('claims.view'),
          handle: crumbs(dashboardCrumb, warrantyCrumb, {
            labelKey: 'breadcrumbs.warrantyClaimDetails',
          }),
          lazy: () =>
            import('../features/claims/pages/claim-detail-page').then((m) => ({
              Component: m.ClaimDetailPage,
            })),
        },
        {
          path: 'email-notification-preferences',
          loader: requirePermission('notification_preferences.edit'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.emailNotificationPreferences' }),
          lazy: () =>
            import('../features/notifications/pages/email-preferences-page').then((m) => ({
              Component: m.EmailPreferencesPage,
            })),
        },
        {
          path: 'notifications',
          loader: requirePermission('notifications.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.notifications' }),
          lazy: () =>
            import('../features/notifications/pages/notifications-page').then((m) => ({
              Component: m.NotificationsPage,
            })),
        },
        {
          path: 'profile',
          loader: requirePermission('profile.edit'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.personalProfile' }),
          lazy: () =>
            import('../features/profile/pages/profile-page').then((m) => ({
              Component: m.ProfilePage,
            })),
        },
        {
          path: 'shipping-details',
          loader: requirePermission('addresses.manage'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.shippingDetails' }),
          lazy: () =>
            import('../features/addresses/pages/address-book-page').then((m) => ({
              Component: m.ShippingDetailsPage,
            })),
        },
        {
          path: 'invoice-addresses',
          loader: requirePermission('addresses.manage'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.invoiceAddresses' }),
          lazy: () =>
            import('../features/addresses/pages/address-book-page').then((m) => ({
              Component: m.InvoiceAddressesPage,
            })),
        },
        {
          path: 'company-details',
          loader: requirePermission('company.view'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.companyDetails' }),
          lazy: () =>
            import('../features/company/pages/company-details-page').then((m) => ({
              Component: m.CompanyDetailsPage,
            })),
        },
        {
          path: 'user-access-control',
          loader: requirePermission('members.manage'),
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.userAccessControl' }),
          lazy: () =>
            import('../features/members/pages/user-access-control-page').then((m) => ({
              Component: m.UserAccessControlPage,
            })),
        },
      ],
    },
    {
      lazy: optionalShell,
      children: [
        {
          path: 'pages/terms-conditions',
          handle: crumbs(dashboardCrumb, { labelKey: 'breadcrumbs.terms' }),
          lazy: () =>
            import('../features/pages/pages/terms-page').then((m) => ({
              Component: m.TermsPage,
            })),
        },
        {
          path: '*',
          lazy: () =>
            import('../features/pages/pages/not-found-page').then((m) => ({
              Component: m.NotFoundPage,
            })),
        },
      ],
    },
  ];
  if (locale === DEFAULT_LOCALE) children.unshift({ path: 'en/*', loader: dropDefaultPrefix });

  return {
    id: localeRouteId(locale),
    path: localePrefix(locale) || '/',
    element: <LocaleRoot locale={locale} />,
    loader: restoreStoredLocale(locale),
    HydrateFallback: PageLoader,
    // A layout that failed (its module, the shell) is replaced whole; a page, inside its layout.
    ErrorBoundary: RouteError,
    children: children.map((layout) =>
      layout.children ? { ...layout, children: [pagesOfLayout(layout.children)] } : layout,
    ),
  };
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router, with the routes of the locale the page opened in (`patchOnNavigation`
 * adds the others). A page prerendered at build (`src/prerender.tsx`) is hydrated from the
 * server's router state: the lazy modules of its routes load first, so the first render is the
 * page the HTML already shows, not the loading fallback.
 */
export async function createAppRouter(hydrationData?: HydrationState): Promise<AppRouter> {
  const routes = [localeRoutes(parseLocalePath(window.location.pathname).locale)];
  if (hydrationData) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
    await Promise.all(
      lazy.map(async ({ route }) => {
        const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
        Object.assign(route, { ...module, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, {
    patchRoutesOnNavigation: patchOnNavigation(localeRoutes),
    hydrationData,
  });
}
