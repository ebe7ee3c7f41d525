import {
  checkoutSettingsSchema,
  dashboardSliderSchema,
  type DashboardSliderSettingResponse,
  claimSettingsSchema,
  shopPictureIdOf,
  type ClaimSettingResponse,
  type DashboardSlider,
  type ClaimSettings,
  invoiceSettingsSchema,
  productSettingsSchema,
  type CheckoutSettingResponse,
  type CheckoutSettings,
  type InvoiceSettingResponse,
  type InvoiceSettings,
  type ProductSettings,
  type SettingResponse,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { settings } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { RequestValidationError } from '../../platform/validation';
import { recordAudit } from '../audit';
import { deleteUnusedShopPictures, storedShopPictures } from '../media';
import { DEFAULT_DASHBOARD_SLIDER } from './dashboard-slider-default';

/** Every setting code and the schema its value follows. */
const settingSchemas = {
  product_settings: productSettingsSchema,
  checkout_settings: checkoutSettingsSchema,
  invoice_settings: invoiceSettingsSchema,
  dashboard_slider: dashboardSliderSchema,
  claim_settings: claimSettingsSchema,
} satisfies Record<string, z.ZodType>;
type Code = keyof typeof settingSchemas;
type AnySettingResponse =
  | SettingResponse
  | CheckoutSettingResponse
  | InvoiceSettingResponse
  | DashboardSliderSettingResponse
  | ClaimSettingResponse;

/**
 * Defaults of settings added after the first migrations: written on first read, so no migration
 * is needed (older codes are seeded by their migration).
 */
const lazyDefaults: Partial<{ [C in Code]: z.infer<(typeof settingSchemas)[C]> }> = {
  dashboard_slider: DEFAULT_DASHBOARD_SLIDER,
};

const isCode = (code: string): code is Code => Object.hasOwn(settingSchemas, code);
/** Bumped by every update, so this process's cached readers see the change at once. */
const versions = new WeakMap<Db, number>();

async function readValue<C extends Code>(
  db: Db,
  code: C,
): Promise<{ value: z.infer<(typeof settingSchemas)[C]>; updatedAt: Date }> {
  let [row] = await db.select().from(settings).where(eq(settings.code, code)).limit(1);
  const fallback = lazyDefaults[code];
  if (!row && fallback) {
    await db.insert(settings).values({ code, value: fallback }).onConflictDoNothing();
    [row] = await db.select().from(settings).where(eq(settings.code, code)).limit(1);
  }
  if (!row) throw notFound();
  return { value: settingSchemas[code].parse(row.value) as never, updatedAt: row.updatedAt };
}

/** A setting by code; 404 for a code that does not exist. */
export async function getSetting(db: Db, code: string): Promise<AnySettingResponse> {
  if (!isCode(code)) throw notFound();
  const { value, updatedAt } = await readValue(db, code);
  return { code, value, updated_at: updatedAt.toISOString() } as AnySettingResponse;
}

/**
 * A stable id for a settings code in the audit log (whose entries name a uuid): the code's
 * SHA-1 shaped as a name-based uuid (version 5).
 */
export function settingEntityId(code: string): string {
  const hex = createHash('sha1').update(`setting:${code}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The fields of a value that differ, before and after (whole values when it is not an object). */
function changedFields(before: unknown, after: unknown) {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, from[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, to[key] ?? null])),
  };
}

/**
 * A slider names only pictures uploaded as banners (or drawn by the demo seed); the uploaded
 * pictures it no longer names are deleted, with those uploaded a day ago and never used.
 */
async function keepBannerPictures(
  tx: Tx,
  before: DashboardSlider | undefined,
  after: DashboardSlider,
) {
  const paths = after.banners.map((banner) => banner.image);
  const stored = await storedShopPictures(tx, 'banner', paths);
  const missing = after.banners.flatMap((banner, index) =>
    shopPictureIdOf(banner.image) && !stored.has(banner.image) ? [index] : [],
  );
  if (missing.length) {
    throw new RequestValidationError(
      missing.map((index) => ({
        code: 'custom',
        input: after.banners[index]?.image,
        message: 'validation.banner_picture',
        path: ['value', 'banners', index, 'image'],
      })),
    );
  }
  await deleteUnusedShopPictures(tx, 'banner', {
    kept: paths,
    dropped: before?.banners.map((banner) => banner.image) ?? [],
  });
}

/**
 * Replaces a setting's value (staff only). The value is checked against its code's schema;
 * problems name the field under `value.`. The audit log keeps the fields that changed, before
 * and after, in the same transaction.
 */
export async function updateSetting(
  db: Db,
  staffUserId: string,
  code: string,
  input: unknown,
): Promise<AnySettingResponse> {
  if (!isCode(code)) throw notFound();
  const parsed = settingSchemas[code].safeParse(input);
  if (!parsed.success) {
    throw new RequestValidationError(
      parsed.error.issues.map((issue) => ({ ...issue, path: ['value', ...issue.path] })),
    );
  }
  const value = parsed.data;
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.code, code))
      .for('update');
    const changes = changedFields(previous?.value, value);
    if (Object.keys(changes.after).length === 0) return;
    if (code === 'dashboard_slider') {
      await keepBannerPictures(
        tx,
        previous?.value as DashboardSlider | undefined,
        value as DashboardSlider,
      );
    }
    await tx
      .insert(settings)
      .values({ code, value })
      .onConflictDoUpdate({ target: settings.code, set: { value, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      staffUserId,
      action: 'settings.update',
      entityType: 'setting',
      entityId: settingEntityId(code),
      entityLabel: code,
      ...changes,
    });
  });
  versions.set(db, (versions.get(db) ?? 0) + 1);
  return getSetting(db, code);
}

/** A setting read often: kept for two seconds (other processes' changes show within `ttlMs`). */
function cachedReader<C extends Code>(db: Db, code: C, ttlMs: number) {
  let cached: { value: z.infer<(typeof settingSchemas)[C]>; at: number; version: number } | null =
    null;
  return async (): Promise<z.infer<(typeof settingSchemas)[C]>> => {
    const version = versions.get(db) ?? 0;
    if (cached && cached.version === version && Date.now() - cached.at < ttlMs) {
      return cached.value;
    }
    const { value } = await readValue(db, code);
    cached = { value, at: Date.now(), version };
    return value;
  };
}

/** The catalog and cart settings. */
export function productSettingsReader(db: Db, ttlMs = 2_000): () => Promise<ProductSettings> {
  return cachedReader(db, 'product_settings', ttlMs);
}

/** Shipping rates, VAT rates, seller country and payment methods. */
export function checkoutSettingsReader(db: Db, ttlMs = 2_000): () => Promise<CheckoutSettings> {
  return cachedReader(db, 'checkout_settings', ttlMs);
}

/** The shop's legal details printed on invoices. */
export function invoiceSettingsReader(db: Db, ttlMs = 2_000): () => Promise<InvoiceSettings> {
  return cachedReader(db, 'invoice_settings', ttlMs);
}

/** The return window of claims. */
export function claimSettingsReader(db: Db, ttlMs = 2_000): () => Promise<ClaimSettings> {
  return cachedReader(db, 'claim_settings', ttlMs);
}
