import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Bytes (PostgreSQL bytea) as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    companyRegisterNumber: text('company_register_number').notNull(),
    vatNumber: text('vat_number').notNull(),
    vatNumberUnactiveAt: timestamp('vat_number_unactive_at', { withTimezone: true }),
    /** When VIES or staff last confirmed the VAT number (null: unverified, no reverse charge). */
    vatVerifiedAt: timestamp('vat_verified_at', { withTimezone: true }),
    country: text('country').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    /** pending until staff approve the registration; rejected registrations are kept. */
    status: text('status').notNull().default('pending'),
    isXmlActive: text('is_xml_active').notNull().default('off'),
    /** How its invoices and credit notes are mailed: pdf, ubl or facturx (INVOICE_FORMATS). */
    invoiceFormat: text('invoice_format').notNull().default('pdf'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue 24: the price list its buyers see and pay (at most one). */
    priceListId: uuid('price_list_id').references((): AnyPgColumn => priceLists.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('companies_status_idx').on(t.status, t.createdAt),
    // The staff's company search (migration 0026).
    index('companies_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('companies_vat_number_idx').on(sql`upper(${t.vatNumber}) text_pattern_ops`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** null for the shop's own staff (roles admin and operator). */
    companyId: uuid('company_id').references(() => companies.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** null until an invited member sets a password. */
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    status: text('status').notNull().default('pending'),
    locale: text('locale').notNull().default('en'),
    /** Staff only: the alerts (STAFF_ALERTS) they also get by e-mail. */
    staffAlertMails: text('staff_alert_mails')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** E-mail per notification type: a type set to false sends no mail (default: all on). */
    /** Purchasers: an order above this total (cents, VAT included) waits for approval (issue 24). */
    orderLimitCents: integer('order_limit_cents'),
    /** Purchasers: orders of a calendar month above this together wait for approval. */
    monthlyBudgetCents: integer('monthly_budget_cents'),
    notificationPreferences: jsonb('notification_preferences')
      .$type<Partial<Record<string, boolean>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The key of the owner's XML feed link; replacing it kills the old link at once. */
    xmlFeedKey: text('xml_feed_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

/** One row per sign-in: the JWT's jti. Sign-out revokes it; the guard checks it each request. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use keys for invitations and password resets; only their SHA-256 is stored. */
export const secureKeys = pgTable(
  'secure_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('secure_keys_hash_unique').on(t.keyHash),
    index('secure_keys_user_idx').on(t.userId, t.purpose),
  ],
);

/** Failed sign-ins per address (a SHA-256 of it), for the per-account limit; kept an hour. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    emailKey: text('email_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.emailKey, t.failedAt)],
);

/** Invoice entities of a company (bill-to), listed in `me.invoices`; managed by the address books. */
export const invoiceAddresses = pgTable(
  'invoice_addresses',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    companyName: text('company_name').notNull(),
    vatNumber: text('vat_number'),
    vatNumberUnactiveAt: timestamp('vat_number_unactive_at', { withTimezone: true }),
    /** When VIES or staff last confirmed the VAT number (null: unverified, no reverse charge). */
    vatVerifiedAt: timestamp('vat_verified_at', { withTimezone: true }),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    mobilePhone: text('mobile_phone'),
    email: text('email'),
    additionalInformation: text('additional_information'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('invoice_addresses_company_idx').on(t.companyId)],
);

/** Mail outbox: written in the same transaction as the change; drained by the mail worker. */
/**
 * A file a mail carries, made when the mail is sent (so the outbox keeps no document bytes): a
 * company's invoice or credit note, as PDF or as a structured e-invoice.
 */
export interface MailAttachmentRef {
  document: 'invoice' | 'credit-note';
  id: string;
  companyId: string;
  format: 'pdf' | 'ubl' | 'facturx';
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** pending → sent, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** What to attach, made when the mail is sent (platform/mail/outbox.ts). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Category tree of any depth; names and slugs per language live in category_translations. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    position: integer('position').notNull().default(0),
    /** Path of the icon image; null: the web shows the default battery icon. */
    iconPath: text('icon_path'),
    /** Inactive: hidden from buyers with its subtree (migration 0040). */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex('category_translations_slug_unique').on(t.locale, t.slug),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    sku: text('sku').notNull(),
    reference: text('reference').notNull(),
    /** Slug of the English title plus the SKU: unique and stable. */
    slug: text('slug').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull().default(0),
    isInStock: boolean('is_in_stock').notNull().default(true),
    /** on_order: not in stock but can be ordered for later delivery. */
    backorderable: boolean('backorderable').notNull().default(false),
    weightGrams: integer('weight_grams').notNull(),
    boxWidthMm: integer('box_width_mm').notNull(),
    boxHeightMm: integer('box_height_mm').notNull(),
    boxLengthMm: integer('box_length_mm').notNull(),
    manufacturer: text('manufacturer').notNull(),
    state: text('state').notNull().default('new'),
    warrantyMonths: integer('warranty_months').notNull(),
    replacedModels: text('replaced_models')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    suitableDevices: text('suitable_devices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** [{key, value}]: keys are spec codes the web translates, values are language-neutral. */
    specifications: jsonb('specifications').$type<{ key: string; value: string }[]>().notNull(),
    /** [{path, thumbnail: {path}}] */
    images: jsonb('images').$type<{ path: string; thumbnail: { path: string } }[]>().notNull(),
    ean: text('ean'),
    views: integer('views').notNull().default(0),
    /** Distinct companies that bought it; kept by the orders module as purchases happen. */
    buyers: integer('buyers').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.sku),
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_reference_idx').on(t.reference),
    index('products_updated_idx').on(t.updatedAt),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    /** Empty: not written in this language yet. */
    description: text('description').notNull().default(''),
    standoutFeatures: text('standout_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

/**
 * Every change of a product's stock (migration 0035's triggers write them, whoever changes the
 * quantity; `catalog/stock-movements.ts` says why).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reference: text('reference'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id.desc())],
);

/** Pictures staff uploaded for a product, resized once (migration 0036). */
/** Pictures staff upload for the shop: dashboard banners and category icons (WebP). */
export const shopPictures = pgTable('shop_pictures', {
  id: id(),
  purpose: text('purpose', { enum: ['banner', 'category_icon'] }).notNull(),
  content: bytea('content').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    detail: bytea('detail').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

/** An import's checked rows, by position in the file's good rows (migration 0039). */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ name: 'import_job_rows_pk', columns: [t.jobId, t.position] })],
);

/** Product and stock files imported in the background (migrations 0037 and 0039). */
export const importJobs = pgTable('import_jobs', {
  id: id(),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  columns: text('columns').array().notNull(),
  status: text('status').notNull().default('queued'),
  total: integer('total').notNull(),
  processed: integer('processed').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  error: text('error'),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

/**
 * What the catalog index of each API process looks at every couple of seconds to stay fresh,
 * instead of aggregating the whole products table (migration 0011, kept by triggers in the
 * transaction of each change). `catalog_version.structure` moves with a change to the categories
 * or their names (the catalog is rebuilt); `products` moves once per transaction that changes
 * what the catalog shows of products (migration 0042, followed row by row in
 * `catalog_product_changes`).
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    /** Always 1: one row. */
    id: smallint('id').primaryKey(),
    structure: bigint('structure', { mode: 'number' }).notNull(),
    products: bigint('products', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id} = 1`)],
);

/**
 * The transaction (`pg_current_xact_id()`) that last changed a product's stock or sales numbers:
 * a process reads the products changed by transactions it could not see at its last look.
 */
export const productStockChanges = pgTable(
  'product_stock_changes',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    xid: bigint('xid', { mode: 'number' }).notNull(),
  },
  (t) => [index('product_stock_changes_xid_idx').on(t.xid)],
);

/**
 * The transaction that last changed what the catalog shows of a product besides its numbers:
 * texts, pictures, categories, activity, or the product added or deleted (no foreign key: a
 * deleted product is followed too). Each process applies these products to its catalog in place.
 */
export const catalogProductChanges = pgTable(
  'catalog_product_changes',
  {
    productId: uuid('product_id').primaryKey(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
  },
  (t) => [index('catalog_product_changes_xid_idx').on(t.xid)],
);

/** One row per user, product and day: a view is counted once per user per day. */
export const productViews = pgTable(
  'product_views',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId, t.day] })],
);

/** Shop settings, one editable JSON value per code (product_settings, …). */
export const settings = pgTable('settings', {
  code: text('code').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Delivery addresses of a company (its shipping address book); invoice ones are invoice_addresses. */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    companyName: text('company_name').notNull(),
    vatNumber: text('vat_number'),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    mobilePhone: text('mobile_phone'),
    email: text('email'),
    additionalInformation: text('additional_information'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('delivery_addresses_company_idx').on(t.companyId)],
);

/** One server-side cart per user. */
export const carts = pgTable('carts', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Cart lines: a product and a quantity; the price is always read from the catalog. */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] })],
);

/** Shopping lists: a company's named lists to order again, private or shared (issue 23). */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shopping_lists_company_idx').on(t.companyId, t.updatedAt.desc(), t.id)],
);

export const shoppingListLines = pgTable(
  'shopping_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    index('shopping_list_lines_product_idx').on(t.productId),
  ],
);

/** A period's invoice and credit note PDFs as one ZIP, built in the background (issue 23). */
export const invoiceArchives = pgTable(
  'invoice_archives',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    locale: text('locale').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** queued → running → ready (until expires_at, then expired), or failed. */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    sizeBytes: integer('size_bytes'),
    content: bytea('content'),
    /** SHA-256 of the token the ready mail's link carries. */
    downloadTokenHash: text('download_token_hash'),
    error: text('error'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_archives_requester_idx').on(t.requestedBy, t.createdAt.desc()),
    index('invoice_archives_status_idx').on(t.status, t.createdAt),
  ],
);

/** A line of an order awaiting approval: what was asked for, at the price of that moment. */
export type ApprovalLine = { product_id: string; quantity: number; unit_price_cents: number };

/**
 * An order a purchaser asked for above their order limit or monthly budget (issue 24): pending
 * until an owner approves it (the order is placed then, at that moment's prices) or declines it,
 * or the purchaser withdraws it.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<ApprovalLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    deliveryAddressId: uuid('delivery_address_id').notNull(),
    invoiceAddressId: uuid('invoice_address_id'),
    paymentMethod: text('payment_method').notNull(),
    comment: text('comment'),
    locale: text('locale').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_approvals_company_idx').on(t.companyId, t.status, t.createdAt.desc(), t.id),
    index('order_approvals_requester_idx').on(t.requestedBy, t.createdAt.desc(), t.id),
  ],
);

/** Price lists (issue 24): a company's prices, by discount or fixed price with tiers. */
export const priceLists = pgTable('price_lists', {
  id: id(),
  name: text('name').notNull(),
  validFrom: date('valid_from', { mode: 'string' }),
  validUntil: date('valid_until', { mode: 'string' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const priceListDiscounts = pgTable('price_list_discounts', {
  id: id(),
  priceListId: uuid('price_list_id')
    .notNull()
    .references(() => priceLists.id, { onDelete: 'cascade' }),
  categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
  manufacturer: text('manufacturer'),
  percentBp: integer('percent_bp').notNull(),
});

export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productId, t.minQuantity] })],
);

/** A staff answer's offer as it was sent (quote_messages.offer): what the buyer was offered. */
export type QuoteOfferColumn = {
  lines: { product_id: string; quantity: number; unit_price_cents: number }[];
  subtotal_cents: number;
  valid_until: string;
};

/** Quotes (issue 24): a buyer's request for prices, staff's answer, accepted into an order. */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    quoteNumber: text('quote_number')
      .notNull()
      .default(sql`'Q' || nextval('quote_number_seq')::text`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('requested'),
    wishedDeliveryDate: date('wished_delivery_date', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    answeredBy: uuid('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id),
    locale: text('locale').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotes_number_unique').on(t.quoteNumber),
    index('quotes_company_idx').on(t.companyId, t.createdAt.desc(), t.id),
    index('quotes_status_idx').on(t.status, t.createdAt.desc(), t.id),
  ],
);

export const quoteNumberSeq = pgSequence('quote_number_seq', {
  startWith: 100001,
  minValue: 100001,
  maxValue: 999999999,
});

export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    listPriceCents: integer('list_price_cents').notNull(),
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.productId] })],
);

export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: id(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    body: text('body'),
    offer: jsonb('offer').$type<QuoteOfferColumn>(),
    createdAt: createdAt(),
  },
  (t) => [index('quote_messages_quote_idx').on(t.quoteId, t.createdAt, t.id)],
);

/** Order numbers: 10 digits, sequential, decided by the database (docs/decisions). */
export const orderNumberSeq = pgSequence('order_number_seq', {
  startWith: 1000000001,
  minValue: 1000000001,
  maxValue: 9999999999,
});

export type AddressSnapshotColumn = {
  company_name: string;
  vat_number: string | null;
  street: string;
  house_number: string;
  zip_code: string;
  city: string;
  country: string;
  phone: string | null;
  mobile_phone: string | null;
  email: string | null;
  additional_information: string | null;
};

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number')
      .notNull()
      .default(sql`nextval('order_number_seq')::text`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    currency: text('currency').notNull().default('EUR'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** VAT rate in basis points (2100 = 21 %). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatMode: text('vat_mode').notNull(),
    vatMention: text('vat_mention'),
    shippingMethod: text('shipping_method').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    deliveryDays: integer('delivery_days').notNull(),
    comment: text('comment'),
    trackingNumber: text('tracking_number'),
    /** Set by staff when the parcel leaves, with the carrier (the tracking number is above). */
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshotColumn>().notNull(),
    invoiceAddress: jsonb('invoice_address').$type<AddressSnapshotColumn>().notNull(),
    deliveryAddressId: uuid('delivery_address_id'),
    invoiceAddressId: uuid('invoice_address_id'),
    /** The buyer's language: mails about this order use it. */
    locale: text('locale').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set once the reserved stock went back (failed or canceled): never twice. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    // The order history's pages (newest first, id breaks ties), its status filter and its
    // order number prefix search (text_pattern_ops: a range in byte order, ~>=~ and ~<~,
    // whatever the collation). The two list indexes also INCLUDE every column a page shows
    // (migration 0012, which drizzle-kit does not model), so a page is an index-only scan.
    index('orders_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_company_status_created_idx').on(
      t.companyId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_company_number_idx').on(t.companyId, t.orderNumber.op('text_pattern_ops')),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The staff's list of every company's orders (migration 0025; the number index also
    // INCLUDEs created_at and total_cents, which drizzle-kit does not model; migration 0051's
    // orders_number_sort_idx, which a page by number prefix reads, INCLUDEs its sort keys, id,
    // status and shipped_at, and is not modelled either).
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_total_idx').on(t.totalCents.desc(), t.id.desc()),
    index('orders_number_pattern_idx').on(t.orderNumber.op('text_pattern_ops')),
    index('orders_to_ship_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'processing' and ${t.shippedAt} is null`),
    index('orders_shipped_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'processing' and ${t.shippedAt} is not null`),
    index('orders_canceled_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('canceled', 'failed')`),
  ],
);

/** Staff's internal notes on an order: never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A parcel of an order: its carrier, tracking numbers and the lines it holds. An order leaves in
 * one or more; it is shipped when every line's quantity left (migration 0028).
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumbers: text('tracking_numbers').array().notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.createdAt)],
);

/** How much of each order line a shipment holds. */
export const orderShipmentLines = pgTable(
  'order_shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderLineId] }),
    index('order_shipment_lines_line_idx').on(t.orderLineId),
  ],
);

/**
 * What staff did: who, when, which entity, the values before and after. Append-only: the
 * database refuses updates, deletes and truncation (migration 0025).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** How staff know the entity: an order number, a company name. */
    entityLabel: text('entity_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_staff_idx').on(t.staffUserId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
  ],
);

/** Order lines: sku, title, price and quantity as sold. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    weightGrams: integer('weight_grams').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
  ],
);

/** Status history of an order: from, to, who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    status: text('status').notNull(),
    actor: text('actor').notNull(),
    userId: uuid('user_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Payments of an order at a provider; the provider's answer is the truth, never a webhook body. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    /** The provider's id (Mollie tr_…); null until the provider accepted the payment. */
    providerPaymentId: text('provider_payment_id'),
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: text('status').notNull().default('open'),
    checkoutUrl: text('checkout_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When reconciliation asks the provider again (null: once older than its delay). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** How often reconciliation asked about this payment; each check doubles the next wait. */
    reconcileChecks: integer('reconcile_checks').notNull().default(0),
    /** Paid back through the provider when staff canceled the order (status `refunded`). */
    refundedCents: integer('refunded_cents'),
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    index('payments_open_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The simulated payment provider's own records: what a real provider keeps on its side. The
 * webhook reads the status from here, never from the request.
 */
export const simulatedPayments = pgTable(
  'simulated_payments',
  {
    id: id(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The create call's idempotency key: a repeat answers this payment (unique). */
    idempotencyKey: text('idempotency_key'),
    /** Its refund (one, at most the amount) and the idempotency key it was asked with. */
    refundedCents: integer('refunded_cents'),
    refundKey: text('refund_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('simulated_payments_idempotency_unique').on(t.idempotencyKey)],
);

/** Idempotency-Key of order placement: per user, the request's hash and the order it made. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type NotificationDetail = {
  buyer?: { _id: string; full_name: string };
  approval?: { _id: string };
  order?: { _id: string; order_number: string };
  invoice?: { _id: string; invoice_number: string };
  quote?: { _id: string; quote_number: string };
};

/** Notifications per recipient (SPEC section 3): type, happened_at, detail, seen. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    type: text('type').notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull().defaultNow(),
    detail: jsonb('detail').$type<NotificationDetail>().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A user's pages newest first (id breaks ties), from the index alone: it also INCLUDEs the
    // columns a page shows (type, seen_at, detail; migration 0013, which drizzle-kit does not
    // model).
    index('notifications_user_happened_idx').on(
      t.userId,
      t.happenedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The last number given out per document series (invoice, credit note) and year: the row is
 * locked while the next one is taken (gapless; platform/document-numbers.ts).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').$type<'invoice' | 'credit_note'>().notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

export type InvoiceLineColumn = {
  sku: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  subtotalCents: number;
};

/** An invoice as issued when its order was paid: written once, never updated. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text('invoice_number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    billToName: text('bill_to_name').notNull(),
    paymentMethod: text('payment_method').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    vatMode: text('vat_mode').notNull(),
    vatMention: text('vat_mention'),
    shippingMethod: text('shipping_method').notNull(),
    lines: jsonb('lines').$type<InvoiceLineColumn[]>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshotColumn>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshotColumn>().notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.invoiceNumber),
    uniqueIndex('invoices_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('invoices_order_unique').on(t.orderId),
    // The company's pages newest first, with the id: the page is read from the index alone (it
    // also INCLUDEs the columns a page shows, migration 0012, which drizzle-kit does not model).
    index('invoices_company_issued_idx').on(
      t.companyId,
      t.issuedAt.desc().nullsFirst(),
      t.sequence.desc().nullsFirst(),
      t.id,
    ),
  ],
);

/** Claim numbers (RET-000001, WAR-000002): one sequence for both kinds, decided by the database. */
export const claimNumberSeq = pgSequence('claim_number_seq', { startWith: 1, minValue: 1 });

/** A return or warranty claim of a company (issue 7): draft → approved → closed. */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    claimNumber: text('claim_number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    requestStatus: text('request_status').notNull().default('draft'),
    /** form or csv */
    source: text('source').notNull(),
    comment: text('comment'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('claims_number_unique').on(t.claimNumber),
    index('claims_company_kind_idx').on(t.companyId, t.kind, t.createdAt),
    index('claims_status_idx').on(t.requestStatus, t.createdAt),
  ],
);

/** One claimed product of an order, with its eligibility as decided when filed and its handling. */
export const claimItems = pgTable(
  'claim_items',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderNumber: text('order_number').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    /** Quantity return: what the customer claims. */
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    demandAction: text('demand_action').notNull(),
    /** What staff decided to do (null while pending). */
    action: text('action'),
    comment: text('comment'),
    eligibility: text('eligibility').notNull(),
    itemStatus: text('item_status').notNull().default('pending'),
    decision: text('decision'),
    staffComment: text('staff_comment'),
    dateOfDelivery: timestamp('date_of_delivery', { withTimezone: true }),
    receivedQuantity: integer('received_quantity'),
    /** How many of the received goods went back into stock (null: none). */
    restockedQuantity: integer('restocked_quantity'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    replacementQuantity: integer('replacement_quantity'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    issueDate: timestamp('issue_date', { withTimezone: true }),
    refundedCents: integer('refunded_cents'),
    refundedShippingCents: integer('refunded_shipping_cents'),
    creditNoteId: uuid('credit_note_id'),
    creditNoteNumber: text('credit_note_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('claim_items_claim_idx').on(t.claimId, t.position),
    index('claim_items_order_product_idx').on(t.orderId, t.productId),
  ],
);

/** Shipping boxes of a claim: tracking code, carrier and number of boxes. */
export const claimBoxes = pgTable(
  'claim_boxes',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    carrier: text('carrier').notNull(),
    trackingCode: text('tracking_code').notNull(),
    numberOfBoxes: integer('number_of_boxes').notNull(),
  },
  (t) => [index('claim_boxes_claim_idx').on(t.claimId, t.position)],
);

/** A photo or file the customer sent with a claim: the bytes, what they are and who sent them. */
export const claimAttachments = pgTable(
  'claim_attachments',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    /** A WebP picture of at most 480 × 480 pixels, for pictures (null for PDF files). */
    thumbnail: bytea('thumbnail'),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_attachments_claim_idx').on(t.claimId, t.createdAt),
    check(
      'claim_attachments_size',
      sql`${t.byteSize} > 0 AND ${t.byteSize} = octet_length(${t.content})`,
    ),
  ],
);

/**
 * A credit note against an invoice (a claim item's refund, or a canceled order credited in full):
 * written once, never updated.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    creditNoteNumber: text('credit_note_number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The claim item refunded; null for the credit note of a canceled order (one per order). */
    claimId: uuid('claim_id').references(() => claims.id),
    claimItemId: uuid('claim_item_id').references(() => claimItems.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Goods and shipping refunded, VAT included; tax is the VAT part of the total. */
    amountCents: integer('amount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    lines: jsonb('lines').$type<InvoiceLineColumn[]>().notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_unique').on(t.creditNoteNumber),
    uniqueIndex('credit_notes_year_sequence_unique').on(t.year, t.sequence),
    uniqueIndex('credit_notes_claim_item_unique').on(t.claimItemId),
    uniqueIndex('credit_notes_order_cancel_unique')
      .on(t.orderId)
      .where(sql`${t.claimId} is null`),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.issuedAt),
    index('credit_notes_company_idx').on(t.companyId, t.issuedAt),
  ],
);

/**
 * Row counts the lists answer with (`total`, `totalPage`), kept by triggers on orders, invoices
 * and notifications in the transaction that changes them (migration 0008): exact, and read in
 * one index lookup instead of counting a company's 10,000 orders on every page.
 */
export const companyOrderCounts = pgTable(
  'company_order_counts',
  {
    companyId: uuid('company_id').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

export const companyInvoiceCounts = pgTable('company_invoice_counts', {
  companyId: uuid('company_id').primaryKey(),
  invoices: integer('invoices').notNull(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const userNotificationCounts = pgTable('user_notification_counts', {
  userId: uuid('user_id').primaryKey(),
  notifications: integer('notifications').notNull(),
  /** Of them not seen yet (seen_at null), kept by the same trigger (migration 0010). */
  unseen: integer('unseen').notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A contact-us message: in the staff's inbox, read, assigned and answered there (migration 0027). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The sender's language: the answer's mail uses it. */
    locale: text('locale').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    assignedTo: uuid('assigned_to').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_messages_unread_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
    index('contact_messages_assigned_idx').on(t.assignedTo, t.createdAt.desc()),
  ],
);

/** A staff answer to a contact-us message, mailed to its sender and kept. */
export const contactMessageAnswers = pgTable(
  'contact_message_answers',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_message_answers_message_idx').on(t.messageId, t.createdAt)],
);

/** Who runs a periodic job's current turn, until when (platform/periodic-job.ts). */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});
