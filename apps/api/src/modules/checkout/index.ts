/** What other modules may use of the checkout module (eslint.config.js: only through this file). */
export {
  blockerError,
  defaultPaymentMethod,
  deliveryDaysOf,
  draftCheckout,
  vatMentionOf,
} from './service';
