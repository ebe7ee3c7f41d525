import type { Locale } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { t, type MessageKey } from './i18n';

/** The picture kinds the app takes, recognised by their first bytes. */
export type PictureType = 'image/jpeg' | 'image/png' | 'image/webp';

/** What the first bytes say a picture is; the name and the browser's type are not trusted. */
export function pictureTypeOf(bytes: Buffer): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/**
 * Pictures a phone takes have about 12 million pixels; a picture claiming far more is refused
 * before it is decoded (a small file can announce a huge one).
 */
export const MAX_PICTURE_PIXELS = 100_000_000;

/**
 * The one file of a multipart upload (field `file`), read up to `maxBytes`: the file, or why
 * there is none to take (`missing`: no multipart body, no file, an empty one or more than one;
 * `too_large`).
 */
export async function readOneFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ name: string; bytes: Buffer } | 'missing' | 'too_large'> {
  if (!request.isMultipart()) return 'missing';
  let file: { name: string; bytes: Buffer } | null = null;
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 0 } });
  try {
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === 'file') {
        file = { name: part.filename, bytes: await part.toBuffer() };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return 'too_large';
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return 'missing';
    throw error;
  }
  if (!file || file.bytes.length === 0) return 'missing';
  return file;
}

/** A VALIDATION_ERROR on the upload's `file` field, in the staff member's or buyer's language. */
export function fileProblem(
  locale: Locale,
  key: MessageKey,
  vars: Record<string, string | number> = {},
  status = 400,
): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'errors.validation_failed',
    {},
    [{ field: 'file', message: t(locale, key, vars) }],
    status,
  );
}

/**
 * The picture of a multipart upload (field `file`): a JPEG, PNG or WebP picture by its content,
 * of at most `maxBytes`; else a VALIDATION_ERROR on `file` saying why (413 when too large).
 * Whether it can be decoded is for the caller's `sharp` to find (`picture_type` when not).
 */
export async function readPictureUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<Buffer> {
  const locale = request.locale;
  const file = await readOneFile(request, maxBytes);
  const max = maxBytes / 1_048_576;
  if (file === 'too_large') throw fileProblem(locale, 'validation.picture_too_large', { max }, 413);
  if (file === 'missing') throw fileProblem(locale, 'validation.file_required');
  if (!pictureTypeOf(file.bytes)) throw fileProblem(locale, 'validation.picture_type');
  return file.bytes;
}
