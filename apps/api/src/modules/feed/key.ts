import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { appUrl } from '../../platform/urls';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Compares a link's key with the stored one in constant time (as digests of equal length), so
 * the key cannot be guessed byte by byte.
 */
export function sameXmlFeedKey(stored: string, given: string): boolean {
  return timingSafeEqual(digest(stored), digest(given));
}

/** The absolute feed link shown to owners of companies with is_xml_active on. */
export function xmlFeedUrl(config: Pick<Config, 'appUrl'>, userId: string, key: string): string {
  return `${appUrl(config)}/api/xml/getByUserId/${userId}?key=${key}`;
}

/** Gives the user a new random key: the old link stops working at once. Answers the new key. */
export async function replaceXmlFeedKey(db: Executor, userId: string): Promise<string> {
  const key = randomBytes(32).toString('hex');
  await db.update(users).set({ xmlFeedKey: key }).where(eq(users.id, userId));
  return key;
}
