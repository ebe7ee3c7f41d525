/** Business constants of SPEC.md sections 1, 4 and 9: the single source for the API and the web. */

export const LOCALES = ['en', 'fr', 'es', 'de', 'nl', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Labels of the language switcher, exactly as SPEC section 1 writes them. */
export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  fr: 'France',
  es: 'Spanish',
  de: 'German',
  nl: 'Dutch',
  it: 'Italian',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The 25 supported countries (two-letter codes), SPEC section 9. */
export const COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;
export type Country = (typeof COUNTRIES)[number];

/** Roles of company members. */
export const ROLES = ['owner', 'purchaser', 'accountant'] as const;
export type Role = (typeof ROLES)[number];
/**
 * The shop's own back-office staff, not company members: admins do everything; operators run
 * orders, customers, claims and messages, without settings or staff management.
 */
export const STAFF_ROLES = ['admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ALL_ROLES = [...ROLES, ...STAFF_ROLES] as const;
export type AnyRole = (typeof ALL_ROLES)[number];

export function isStaffRole(role: AnyRole | null | undefined): role is StaffRole {
  return role === 'admin' || role === 'operator';
}

export const USER_STATUSES = ['active', 'inactive', 'deleted', 'pending', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A company: pending until staff review it, then active or rejected; staff may block an active one. */
export const COMPANY_STATUSES = ['pending', 'active', 'rejected', 'blocked'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'closed',
  'canceled',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Order statuses the dashboard shows (SPEC section 4). */
export const DASHBOARD_ORDER_STATUSES = ['completed', 'canceled', 'processing', 'pending'] as const;
export const ORDER_PROGRESS_STEPS = [
  'order_placed',
  'awaiting_payment',
  'payment_received',
  'processing',
  'shipping_on_the_way',
  'shipped',
] as const;
export type OrderProgressStep = (typeof ORDER_PROGRESS_STEPS)[number];

export const CLAIM_REQUEST_STATUSES = ['draft', 'approved', 'closed'] as const;
export type ClaimRequestStatus = (typeof CLAIM_REQUEST_STATUSES)[number];
export const CLAIM_ITEM_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ClaimItemStatus = (typeof CLAIM_ITEM_STATUSES)[number];
export const CLAIM_ACTIONS = ['repair', 'replacement', 'refund', 'return', 'complaint'] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];
export const ELIGIBILITY_OUTCOMES = [
  'under_warranty',
  'expired',
  'unknown',
  'exceed',
  'order_not_found',
  'order_not_completed',
  'product_not_found_in_order',
  'product_not_found',
  'return_eligible',
  'expired_return',
] as const;
export type EligibilityOutcome = (typeof ELIGIBILITY_OUTCOMES)[number];

export const NOTIFICATION_TYPES = [
  'new_order',
  'new_invoice',
  'order_is_shipped',
  'replacement_sent',
  'new_creditmemo',
  'approval_requested',
  'approval_approved',
  'approval_declined',
  'quote_answered',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const PRODUCT_SORT_OPTIONS = [
  'best_seller',
  'most_viewed',
  'new_arrival',
  'price_asc',
  'price_desc',
] as const;
export type ProductSort = (typeof PRODUCT_SORT_OPTIONS)[number];

/** Payment methods offered at checkout (SPEC section 9); bank transfer has a longer delivery time. */
export const PAYMENT_METHODS = [
  'banktransfer',
  'paypal',
  'checkout',
  'creditcard',
  'bancontact',
  'billie',
  'ideal',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_CART_PAYMENT_METHOD: PaymentMethod = 'creditcard';
export const SLOW_DELIVERY_PAYMENT_METHODS: readonly PaymentMethod[] = ['banktransfer'];
/** Payment labels the dashboard shows for past orders. */
export const DASHBOARD_PAYMENT_LABELS = ['cod', 'bank_transfer', 'credit_card'] as const;
export type DashboardPaymentLabel = (typeof DASHBOARD_PAYMENT_LABELS)[number];

export const CURRENCY = 'EUR';
export const MONEY_DECIMALS = 2;
export const ORDER_NUMBER_LENGTH = 10;

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Relative time units and the bound under which each is used (SPEC section 9). */
export const RELATIVE_TIME_THRESHOLDS = [
  { unit: 'minute', below: 60, seconds: 60 },
  { unit: 'hour', below: 24, seconds: 3600 },
  { unit: 'day', below: 7, seconds: 86_400 },
  { unit: 'week', below: 4, seconds: 604_800 },
  { unit: 'month', below: 12, seconds: 2_629_800 },
  { unit: 'year', below: Infinity, seconds: 31_557_600 },
] as const;

export const TIMINGS = {
  requestTimeoutMs: 60_000,
  toastAutoCloseMs: 3_000,
  categoryClickDebounceMs: 500,
  meRetries: 3,
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 768,
  sidebarCollapseBelowPx: 600,
  sidebarCollapsedWidthPx: 100,
  sidebarExpandedWidthPx: 280,
  linkPrefetchMarginPx: 200,
} as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Lifetimes of single-use secure keys, in seconds. */
export const SECURE_KEY_TTL_SECONDS = {
  invitation: 7 * 24 * 3600,
  reset_password: 3600,
} as const;
export type SecureKeyPurpose = keyof typeof SECURE_KEY_TTL_SECONDS;

/**
 * Structured e-invoices of EN 16931: UBL 2.1 in the Peppol BIS Billing 3.0 profile, and
 * Factur-X/ZUGFeRD (EN 16931 profile: the PDF/A-3 with its XML embedded). `pdf` is the plain PDF.
 */
export const E_INVOICE_FORMATS = ['ubl', 'facturx'] as const;
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number];
/** What a company wants with its invoice mails (company details). */
export const INVOICE_FORMATS = ['pdf', ...E_INVOICE_FORMATS] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];

/**
 * The folder of the web build (`apps/web/dist/`) where pages drawn to HTML at build are written,
 * one file per address (`prerendered/fr/sign-in.html` answers `/fr/sign-in`); the API serves them.
 */
export const PRERENDERED_DIR = 'prerendered';

/** Catalog limits: page sizes are capped on the server whatever the client asks. */
export const CATALOG_LIMITS = {
  listingDefaultLimit: 24,
  listingMaxLimit: 100,
  searchDefaultLimit: 8,
  searchMaxLimit: 50,
  searchMaxLength: 100,
  filterListLimit: 12,
} as const;

/*
 * Limits the forms of the first pages a buyer opens use: here, with no schema, so that the web
 * bundle of those pages does not bring zod and the schemas of the modules that define them.
 */
/** The most of one product a cart line may hold, whatever the stock. */
export const CART_MAX_LINE_QUANTITY = 100_000;
/** The longest message a quote request or answer may carry. */
export const QUOTE_MESSAGE_MAX_LENGTH = 2000;
/** The most units of one product a quote may ask for. */
export const QUOTE_MAX_QUANTITY = 1_000_000;
