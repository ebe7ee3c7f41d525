import type { RouteObject } from 'react-router';
import { redirectTo, requirePermission } from '../guards/loaders';
import type { Crumb } from '../shell/breadcrumbs';

const crumbs = (...items: Crumb[]) => ({ crumbs: items });
const staffOrdersCrumb: Crumb = { labelKey: 'breadcrumbs.staffOrders', to: '/admin/orders' };
const customersCrumb: Crumb = { labelKey: 'breadcrumbs.customers', to: '/admin/customers' };
const staffClaimsCrumb: Crumb = { labelKey: 'breadcrumbs.staffClaims', to: '/admin/claims' };
const messagesCrumb: Crumb = { labelKey: 'breadcrumbs.messages', to: '/admin/messages' };
const staffQuotesCrumb: Crumb = { labelKey: 'breadcrumbs.staffQuotes', to: '/admin/quotes' };
const priceListsCrumb: Crumb = { labelKey: 'breadcrumbs.priceLists', to: '/admin/price-lists' };
const catalogCrumb: Crumb = { labelKey: 'breadcrumbs.catalog', to: '/admin/catalog' };

/**
 * The back office's screens, children of the dashboard shell of each locale. A chunk of their
 * own, patched into the router on the first visit of a staff path (route-patches.ts): the
 * customer's first load carries none of them.
 */
export const staffRoutes: RouteObject[] = [
  {
    path: 'admin/orders',
    loader: requirePermission('orders.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.staffOrders' }),
    lazy: () =>
      import('../../features/admin/pages/staff-orders-page').then((m) => ({
        Component: m.StaffOrdersPage,
      })),
  },
  {
    path: 'admin/orders/:id',
    loader: requirePermission('orders.manage'),
    // The order number comes with the data: the page's title names it.
    handle: crumbs(staffOrdersCrumb, { labelKey: 'breadcrumbs.staffOrder' }),
    lazy: () =>
      import('../../features/admin/pages/staff-order-page').then((m) => ({
        Component: m.StaffOrderPage,
      })),
  },
  {
    path: 'admin/claims',
    loader: requirePermission('claims.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.staffClaims' }),
    lazy: () =>
      import('../../features/admin/pages/staff-claims-page').then((m) => ({
        Component: m.StaffClaimsPage,
      })),
  },
  {
    path: 'admin/claims/:id',
    loader: requirePermission('claims.manage'),
    handle: crumbs(staffClaimsCrumb, { labelKey: 'breadcrumbs.staffClaim' }),
    lazy: () =>
      import('../../features/admin/pages/staff-claim-page').then((m) => ({
        Component: m.StaffClaimPage,
      })),
  },
  {
    path: 'admin/catalog',
    loader: requirePermission('catalog.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.catalog' }),
    lazy: () =>
      import('../../features/admin/pages/staff-catalog-page').then((m) => ({
        Component: m.StaffCatalogPage,
      })),
  },
  {
    path: 'admin/catalog/import',
    loader: requirePermission('catalog.manage'),
    handle: crumbs(catalogCrumb, { labelKey: 'breadcrumbs.import' }),
    lazy: () =>
      import('../../features/admin/pages/import-page').then((m) => ({
        Component: m.ImportPage,
      })),
  },
  {
    path: 'admin/catalog/categories',
    loader: requirePermission('catalog.manage'),
    handle: crumbs(catalogCrumb, { labelKey: 'breadcrumbs.categoryTree' }),
    lazy: () =>
      import('../../features/admin/pages/categories-page').then((m) => ({
        Component: m.CategoriesPage,
      })),
  },
  {
    path: 'admin/catalog/new',
    loader: requirePermission('catalog.manage'),
    handle: crumbs(catalogCrumb, { labelKey: 'breadcrumbs.newProduct' }),
    lazy: () =>
      import('../../features/admin/pages/staff-product-page').then((m) => ({
        Component: m.StaffNewProductPage,
      })),
  },
  {
    path: 'admin/catalog/:id',
    loader: requirePermission('catalog.manage'),
    handle: crumbs(catalogCrumb, { labelKey: 'breadcrumbs.product' }),
    lazy: () =>
      import('../../features/admin/pages/staff-product-page').then((m) => ({
        Component: m.StaffProductPage,
      })),
  },
  {
    path: 'admin/messages',
    loader: requirePermission('messages.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.messages' }),
    lazy: () =>
      import('../../features/admin/pages/messages-page').then((m) => ({
        Component: m.MessagesPage,
      })),
  },
  {
    path: 'admin/messages/:id',
    loader: requirePermission('messages.manage'),
    handle: crumbs(messagesCrumb, { labelKey: 'breadcrumbs.message' }),
    lazy: () =>
      import('../../features/admin/pages/message-page').then((m) => ({
        Component: m.MessagePage,
      })),
  },
  {
    path: 'admin/staff',
    loader: requirePermission('staff.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.staff' }),
    lazy: () =>
      import('../../features/admin/pages/staff-page').then((m) => ({
        Component: m.StaffPage,
      })),
  },
  {
    path: 'admin/settings',
    loader: requirePermission('settings.edit'),
    handle: crumbs({ labelKey: 'breadcrumbs.settings' }),
    lazy: () =>
      import('../../features/admin/pages/settings-page').then((m) => ({
        Component: m.SettingsPage,
      })),
  },
  {
    path: 'admin/audit-log',
    loader: requirePermission('audit.view'),
    handle: crumbs({ labelKey: 'breadcrumbs.auditLog' }),
    lazy: () =>
      import('../../features/admin/pages/audit-log-page').then((m) => ({
        Component: m.AuditLogPage,
      })),
  },
  {
    // The registrations to review are the customer list's pending filter.
    path: 'admin/registrations',
    loader: redirectTo('/admin/customers?status=pending'),
  },
  {
    path: 'admin/customers',
    loader: requirePermission('customers.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.customers' }),
    lazy: () =>
      import('../../features/admin/pages/customers-page').then((m) => ({
        Component: m.CustomersPage,
      })),
  },
  {
    path: 'admin/customers/:id',
    loader: requirePermission('customers.manage'),
    handle: crumbs(customersCrumb, { labelKey: 'breadcrumbs.customer' }),
    lazy: () =>
      import('../../features/admin/pages/customer-page').then((m) => ({
        Component: m.CustomerPage,
      })),
  },
  {
    path: 'admin/quotes',
    loader: requirePermission('quotes.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.staffQuotes' }),
    lazy: () =>
      import('../../features/quotes/pages/staff-quotes-page').then((m) => ({
        Component: m.StaffQuotesPage,
      })),
  },
  {
    path: 'admin/quotes/:id',
    loader: requirePermission('quotes.manage'),
    handle: crumbs(staffQuotesCrumb, { labelKey: 'breadcrumbs.quote' }),
    lazy: () =>
      import('../../features/quotes/pages/staff-quote-page').then((m) => ({
        Component: m.StaffQuotePage,
      })),
  },
  {
    path: 'admin/price-lists',
    loader: requirePermission('price_lists.manage'),
    handle: crumbs({ labelKey: 'breadcrumbs.priceLists' }),
    lazy: () =>
      import('../../features/admin/pages/price-lists-page').then((m) => ({
        Component: m.PriceListsPage,
      })),
  },
  {
    path: 'admin/price-lists/:id',
    loader: requirePermission('price_lists.manage'),
    handle: crumbs(priceListsCrumb, { labelKey: 'breadcrumbs.priceList' }),
    lazy: () =>
      import('../../features/admin/pages/price-list-page').then((m) => ({
        Component: m.PriceListPage,
      })),
  },
  {
    path: 'admin/alert-mails',
    loader: requirePermission('alerts.receive'),
    handle: crumbs({ labelKey: 'breadcrumbs.alertMails' }),
    lazy: () =>
      import('../../features/admin/pages/alert-mails-page').then((m) => ({
        Component: m.AlertMailsPage,
      })),
  },
];
