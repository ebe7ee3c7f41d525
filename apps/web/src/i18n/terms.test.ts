import { LOCALES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it_ from './locales/it.json';
import nl from './locales/nl.json';
import staffDe from './locales/staff/de.json';
import staffEn from './locales/staff/en.json';
import staffEs from './locales/staff/es.json';
import staffFr from './locales/staff/fr.json';
import staffIt from './locales/staff/it.json';
import staffNl from './locales/staff/nl.json';

/** Each language's texts, the back office's under `staff` (their namespace). */
const catalogs: Record<string, unknown> = {
  en: { ...en, staff: staffEn },
  fr: { ...fr, staff: staffFr },
  es: { ...es, staff: staffEs },
  de: { ...de, staff: staffDe },
  nl: { ...nl, staff: staffNl },
  it: { ...it_, staff: staffIt },
};

const text = (catalog: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog);

/** Keys that name the same thing on different screens: one term per thing, in every language. */
const SAME_TERM: [string, string][] = [
  // The breadcrumb (and the account menu) name a page as its title does.
  ['breadcrumbs.orderHistory', 'orders.title'],
  ['breadcrumbs.userAccessControl', 'members.title'],
  ['breadcrumbs.companyDetails', 'company.title'],
  ['breadcrumbs.personalProfile', 'profile.title'],
  ['breadcrumbs.invoices', 'invoices.title'],
  ['breadcrumbs.notifications', 'notifications.title'],
  ['breadcrumbs.cart', 'cart.title'],
  ['breadcrumbs.staffOrders', 'staff.orders.title'],
  ['breadcrumbs.auditLog', 'staff.audit.title'],
  // A payment method is called the same in the dashboard, the orders and the checkout.
  ['orders.paymentLabels.credit_card', 'checkout.methods.creditcard'],
  ['orders.paymentLabels.bank_transfer', 'checkout.methods.banktransfer'],
];

describe('one term per thing', () => {
  it.each(LOCALES)('in %s', (locale) => {
    const catalog = catalogs[locale];
    for (const [a, b] of SAME_TERM) {
      expect(text(catalog, a), `${a} vs ${b}`).toBe(text(catalog, b));
    }
  });
});
