import type { DashboardPaymentLabel, Locale, PaymentMethod } from './constants';
import type { Banner, BannerText } from './dashboard';

/*
 * What the dashboard shows, apart from the schemas of dashboard.ts: the web's dashboard imports
 * these, and a module is bundled whole, so with the schemas it would bring zod to the page.
 */

/** The banner's texts in `locale`, falling back to English. */
export function bannerTextIn(banner: Banner, locale: Locale): BannerText {
  return banner.texts[locale] ?? banner.texts.en;
}

/** SPEC section 9's dashboard payment labels for the methods an order can have. */
const DASHBOARD_PAYMENT_LABEL_OF: Partial<Record<PaymentMethod, DashboardPaymentLabel>> = {
  banktransfer: 'bank_transfer',
  creditcard: 'credit_card',
};
/** The dashboard label of a payment method; null for methods SPEC gives no dashboard label. */
export const dashboardPaymentLabel = (method: PaymentMethod): DashboardPaymentLabel | null =>
  DASHBOARD_PAYMENT_LABEL_OF[method] ?? null;
