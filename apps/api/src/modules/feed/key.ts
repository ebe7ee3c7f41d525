import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/**
 * The feed link is used by customers' systems without a session, so it carries a key derived
 * from the user id with the JWT secret: knowing a user id is not enough, and no key is stored.
 */
export function xmlFeedKey(secret: Uint8Array, userId: string): string {
  return createHmac('sha256', secret).update(`xml-feed:${userId}`).digest('base64url');
}

/** Compares in constant time so the key cannot be guessed byte by byte. */
export function verifyXmlFeedKey(secret: Uint8Array, userId: string, key: string): boolean {
  const expected = Buffer.from(xmlFeedKey(secret, userId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute feed link shown to owners of companies with is_xml_active on. */
export function xmlFeedUrl(config: Config, userId: string): string {
  return `${config.appUrl}/api/xml/getByUserId/${userId}?key=${xmlFeedKey(config.jwtSecret, userId)}`;
}
