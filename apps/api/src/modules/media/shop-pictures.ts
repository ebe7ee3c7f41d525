import { SHOP_PICTURE_BASE, SHOP_PICTURE_LIMITS, shopPictureIdOf } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client';
import { shopPictures } from '../../db/schema';
import { fileProblem, MAX_PICTURE_PIXELS, readPictureUpload } from '../../platform/uploads';

export type ShopPicturePurpose = (typeof shopPictures.$inferSelect)['purpose'];

/** A banner fills the slider's 2:1 frame (cropped around its centre); an icon fits its square. */
function shaped(bytes: Buffer, purpose: ShopPicturePurpose): Promise<Buffer> {
  const picture = sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS }).rotate();
  if (purpose === 'banner') {
    return picture
      .resize({ ...SHOP_PICTURE_LIMITS.banner, fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  }
  const size = SHOP_PICTURE_LIMITS.iconSize;
  return picture
    .resize({
      width: size,
      height: size,
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .webp({ quality: 90 })
    .toBuffer();
}

/**
 * The picture of a multipart upload (field `file`), checked and shaped for `purpose`. A file that
 * is not a JPEG, PNG or WebP picture by its content, cannot be read as one, or is over 10 MB
 * gets a VALIDATION_ERROR on `file` in the staff member's language.
 */
export async function readShopPictureUpload(
  request: FastifyRequest,
  purpose: ShopPicturePurpose,
): Promise<Buffer> {
  const bytes = await readPictureUpload(request, SHOP_PICTURE_LIMITS.maxBytes);
  try {
    return await shaped(bytes, purpose);
  } catch {
    throw fileProblem(request.locale, 'validation.picture_type');
  }
}

/** Stores a shaped picture; answers the path it is served at. */
export async function storeShopPicture(
  db: Db | Tx,
  purpose: ShopPicturePurpose,
  content: Buffer,
  uploadedBy: string,
): Promise<string> {
  const [row] = await db
    .insert(shopPictures)
    .values({ purpose, content, uploadedBy })
    .returning({ id: shopPictures.id });
  if (!row) throw new Error('picture not written');
  return `${SHOP_PICTURE_BASE}/${row.id}.webp`;
}

/** Of `paths`, those naming a stored picture uploaded for `purpose`. */
export async function storedShopPictures(
  db: Db | Tx,
  purpose: ShopPicturePurpose,
  paths: string[],
): Promise<Set<string>> {
  const ids = paths.map(shopPictureIdOf).filter((id): id is string => id !== null);
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: shopPictures.id })
    .from(shopPictures)
    .where(and(eq(shopPictures.purpose, purpose), inArray(shopPictures.id, ids)));
  return new Set(rows.map((row) => `${SHOP_PICTURE_BASE}/${row.id}.webp`));
}

/** Deletes the uploaded picture `path` names (nothing for a seeded picture or none). */
export async function deleteShopPicture(db: Db | Tx, path: string | null): Promise<void> {
  const id = path ? shopPictureIdOf(path) : null;
  if (id) await db.delete(shopPictures).where(eq(shopPictures.id, id));
}

/**
 * Deletes the `purpose` pictures no longer in use: those `dropped` (in use before a change) and
 * those uploaded more than a day ago and never put in use, whatever `kept` still names.
 */
export async function deleteUnusedShopPictures(
  db: Db | Tx,
  purpose: ShopPicturePurpose,
  { kept, dropped }: { kept: string[]; dropped: string[] },
): Promise<void> {
  const ids = (paths: string[]) =>
    paths.map(shopPictureIdOf).filter((id): id is string => id !== null);
  const keptIds = ids(kept);
  const droppedIds = ids(dropped).filter((id) => !keptIds.includes(id));
  await db
    .delete(shopPictures)
    .where(
      and(
        eq(shopPictures.purpose, purpose),
        keptIds.length ? notInArray(shopPictures.id, keptIds) : undefined,
        or(
          droppedIds.length ? inArray(shopPictures.id, droppedIds) : undefined,
          lt(shopPictures.createdAt, sql`now() - interval '1 day'`),
        ),
      ),
    );
}

/** The stored bytes of an uploaded shop picture, or null. */
export async function shopPictureBytes(db: Db, pictureId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: shopPictures.content })
    .from(shopPictures)
    .where(eq(shopPictures.id, pictureId));
  return row?.bytes ?? null;
}
