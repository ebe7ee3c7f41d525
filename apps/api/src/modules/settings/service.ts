import {
  productSettingsSchema,
  SETTING_CODES,
  type ProductSettings,
  type SettingCode,
  type SettingResponse,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { notFound } from '../../platform/errors';

const isSettingCode = (code: string): code is SettingCode =>
  (SETTING_CODES as readonly string[]).includes(code);

/** A setting by code; 404 for a code that does not exist. */
export async function getSetting(db: Db, code: string): Promise<SettingResponse> {
  if (!isSettingCode(code)) throw notFound();
  const [row] = await db.select().from(settings).where(eq(settings.code, code)).limit(1);
  if (!row) throw notFound();
  return {
    code,
    value: productSettingsSchema.parse(row.value),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Replaces a setting's value (staff only; the value was validated by the route's schema). */
export async function updateSetting(
  db: Db,
  code: string,
  value: ProductSettings,
): Promise<SettingResponse> {
  if (!isSettingCode(code)) throw notFound();
  await db
    .insert(settings)
    .values({ code, value })
    .onConflictDoUpdate({ target: settings.code, set: { value, updatedAt: sql`now()` } });
  return getSetting(db, code);
}

/** The catalog and cart settings, read often: kept for a few seconds. */
export function productSettingsReader(db: Db, ttlMs = 5_000) {
  let cached: { value: ProductSettings; at: number } | null = null;
  return async (): Promise<ProductSettings> => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    const { value } = await getSetting(db, 'product_settings');
    cached = { value, at: Date.now() };
    return value;
  };
}
