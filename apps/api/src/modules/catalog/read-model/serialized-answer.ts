import { gunzipSync, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/**
 * A catalog answer serialized: its JSON, or (from this many bytes on) the gzip of its JSON. A
 * listing page shrinks about five times and a product page twice, so the cache holds that many
 * more answers per byte, and a browser (which accepts gzip) is sent the compressed bytes as they
 * are.
 */
export const GZIP_FROM_BYTES = 1024;

/**
 * The products whose prices an answer shows (a product page's, a search's or a listing's items),
 * kept beside its bytes: a buyer whose price list prices none of them is sent the answer as it is,
 * without reading it.
 */
type Priced = { productIds: readonly string[] };

/** An answer just serialized: its JSON, and its gzip from GZIP_FROM_BYTES on. */
export type ComputedAnswer = Priced & { json: Buffer; gzip?: Buffer };

/**
 * The JSON when it is at hand (an answer under GZIP_FROM_BYTES, or one just computed), the gzip
 * of the JSON for answers of at least GZIP_FROM_BYTES: one of the two or both.
 */
export type SerializedAnswer = ComputedAnswer | (Priced & { json?: never; gzip: Buffer });

/** The ids of a product page (`_id`) or of an answer's `items`. */
function productIdsOf(value: unknown): readonly string[] {
  const answer = value as { _id?: unknown; items?: { _id: string }[] };
  if (typeof answer._id === 'string') return [answer._id];
  return answer.items?.map((item) => item._id) ?? [];
}

/**
 * Serializes a catalog answer once: its JSON, and its gzip when large enough to gain from it
 * (at zlib's default level unless told).
 */
export function serializeAnswer(value: unknown, gzip: { level?: number } = {}): ComputedAnswer {
  return answerOfJson(Buffer.from(JSON.stringify(value)), productIdsOf(value), gzip);
}

/** An answer whose JSON is written already, with its gzip from GZIP_FROM_BYTES on. */
export function answerOfJson(
  json: Buffer,
  productIds: readonly string[],
  gzip: { level?: number } = {},
): ComputedAnswer {
  return json.byteLength >= GZIP_FROM_BYTES
    ? { json, gzip: gzipSync(json, gzip), productIds }
    : { json, productIds };
}

/**
 * The bytes to send for an answer to a request with this Accept-Encoding: the gzip as it is
 * when the client takes gzip, else the JSON (decompressed if only the gzip is kept).
 */
export function answerBody(
  answer: SerializedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; gzipped: boolean } {
  if (answer.gzip && acceptEncoding && negotiate(acceptEncoding, ['gzip', 'identity']) === 'gzip') {
    return { body: answer.gzip, gzipped: true };
  }
  return { body: answer.json ?? gunzipSync(answer.gzip), gzipped: false };
}
