/** What other modules may use of the checkout module (eslint.config.js: only through this file). */
export {
  blockerError,
  checkoutDefaults,
  deliveryDaysOf,
  draftCheckout,
  quoteNeedsOwner,
  readShop,
  type Shop,
  vatMentionOf,
  type CheckoutDraft,
} from './service';
export { checkSpending, monthStart, spendingView, spentThisMonth, type Spending } from './spending';
