import type { ComponentType } from 'react';
import {
  IconFileInvoice,
  IconBuildingStore,
  IconFileText,
  IconHistory,
  IconPackage,
  IconReceipt,
  IconMessageCircle,
  IconMessageDollar,
  IconSettings,
  IconShieldCheck,
  IconTags,
  IconTruckReturn,
  IconLayoutDashboard,
  IconMail,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { can, type AnyRole, type Permission, type StaffAlert } from '@portal/contract';

type Icon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

export interface NavLinkItem {
  kind: 'link';
  labelKey: string;
  to: string;
  icon: Icon;
  /** Shown only to roles with this permission; no permission means everyone. */
  permission?: Permission;
  /** Staff: the count of what waits behind this link, shown beside it. */
  alert?: StaffAlert;
}

export interface NavGroupItem {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: Icon;
  /** A group is shown only when at least one of its links is visible. */
  children: NavLinkItem[];
}

/** A button that opens a dialog of the shell instead of navigating (Contact). */
export interface NavActionItem {
  kind: 'action';
  action: 'contact';
  labelKey: string;
  icon: Icon;
  permission?: Permission;
}

export type NavItem = NavLinkItem | NavGroupItem | NavActionItem;

export interface NavSection {
  id: string;
  titleKey?: string;
  items: NavItem[];
}

/**
 * The sidebar (SPEC section 2). Later issues add entries here as their screens appear:
 * My account gets orders, invoices, returns and warranty; Account gets Contact. The Categories
 * section (the category tree, data-driven) is drawn by the sidebar right after Account.
 */
export const NAV_SECTIONS: NavSection[] = [
  {
    id: 'main',
    items: [
      {
        kind: 'link',
        labelKey: 'nav.dashboard',
        to: '/',
        icon: IconLayoutDashboard,
        permission: 'company.view',
      },
    ],
  },
  {
    id: 'account',
    titleKey: 'nav.account',
    items: [
      {
        kind: 'group',
        id: 'my-account',
        labelKey: 'nav.myAccount',
        icon: IconUserCircle,
        children: [
          {
            kind: 'link',
            labelKey: 'nav.orders',
            to: '/orders',
            icon: IconReceipt,
            permission: 'orders.view',
          },
          {
            kind: 'link',
            labelKey: 'nav.quotes',
            to: '/quotes',
            icon: IconMessageDollar,
            permission: 'quotes.view',
          },
          {
            kind: 'link',
            labelKey: 'nav.invoices',
            to: '/invoices',
            icon: IconFileInvoice,
            permission: 'invoices.view',
          },
          {
            kind: 'link',
            labelKey: 'nav.returns',
            to: '/returns',
            icon: IconTruckReturn,
            permission: 'claims.view',
          },
          {
            kind: 'link',
            labelKey: 'nav.warranty',
            to: '/warranty',
            icon: IconShieldCheck,
            permission: 'claims.view',
          },
        ],
      },
      { kind: 'link', labelKey: 'nav.terms', to: '/pages/terms-conditions', icon: IconFileText },
      {
        kind: 'action',
        action: 'contact',
        labelKey: 'nav.contact',
        icon: IconMessageCircle,
        permission: 'contact.send',
      },
    ],
  },
  {
    id: 'back-office',
    titleKey: 'nav.backOffice',
    items: [
      {
        kind: 'link',
        labelKey: 'nav.orders',
        to: '/admin/orders',
        icon: IconReceipt,
        permission: 'orders.manage',
        alert: 'bank_transfers',
      },
      {
        kind: 'link',
        labelKey: 'nav.customers',
        to: '/admin/customers',
        icon: IconBuildingStore,
        permission: 'customers.manage',
        alert: 'registrations',
      },
      {
        kind: 'link',
        labelKey: 'nav.staffClaims',
        to: '/admin/claims',
        icon: IconTruckReturn,
        permission: 'claims.manage',
        alert: 'claims',
      },
      {
        kind: 'link',
        labelKey: 'nav.quotes',
        to: '/admin/quotes',
        icon: IconMessageDollar,
        permission: 'quotes.manage',
        alert: 'quotes',
      },
      {
        kind: 'link',
        labelKey: 'nav.catalog',
        to: '/admin/catalog',
        icon: IconPackage,
        permission: 'catalog.manage',
      },
      {
        kind: 'link',
        labelKey: 'nav.priceLists',
        to: '/admin/price-lists',
        icon: IconTags,
        permission: 'price_lists.manage',
      },
      {
        kind: 'link',
        labelKey: 'nav.messages',
        to: '/admin/messages',
        icon: IconMail,
        permission: 'messages.manage',
        alert: 'messages',
      },
      {
        kind: 'link',
        labelKey: 'nav.staff',
        to: '/admin/staff',
        icon: IconUsersGroup,
        permission: 'staff.manage',
      },
      {
        kind: 'link',
        labelKey: 'nav.settings',
        to: '/admin/settings',
        icon: IconSettings,
        permission: 'settings.edit',
      },
      {
        kind: 'link',
        labelKey: 'nav.auditLog',
        to: '/admin/audit-log',
        icon: IconHistory,
        permission: 'audit.view',
      },
    ],
  },
];

const linkVisible = (link: NavLinkItem | NavActionItem, role: AnyRole) =>
  !link.permission || can(role, link.permission);

/** The sections, groups and links this role may see; empty groups and sections disappear. */
export function visibleNav(role: AnyRole, sections: NavSection[] = NAV_SECTIONS): NavSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.flatMap((item): NavItem[] => {
        if (item.kind !== 'group') return linkVisible(item, role) ? [item] : [];
        const children = item.children.filter((child) => linkVisible(child, role));
        return children.length ? [{ ...item, children }] : [];
      }),
    }))
    .filter((section) => section.items.length > 0);
}
