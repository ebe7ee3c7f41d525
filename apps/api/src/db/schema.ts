import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    country: text('country').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    /** pending until staff approve the registration; rejected registrations are kept. */
    status: text('status').notNull().default('pending'),
    isXmlActive: text('is_xml_active').notNull().default('off'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('companies_status_idx').on(t.status, t.createdAt)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** null for the shop's own staff (role admin). */
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
    standoutFeatures: text('standout_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

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
