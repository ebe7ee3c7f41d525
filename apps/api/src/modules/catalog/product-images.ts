import { PRODUCT_IMAGE_LIMITS, type Locale, type ProductImageOrder } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client';
import { productImages, products } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { fileProblem, MAX_PICTURE_PIXELS, readPictureUpload } from '../../platform/uploads';
import { recordAudit } from '../audit';

/** Where an uploaded picture is served (catalog/product-image-routes.ts). */
export const PRODUCT_IMAGE_BASE = '/api/media/product-images';

type ProductImage = { path: string; thumbnail: { path: string } };

/** A picture resized to `size` on its longest side (never enlarged), turned as shot, as WebP. */
function resized(bytes: Buffer, size: number, quality: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}

/**
 * The picture of a multipart upload, checked and resized for the product page and the lists. A
 * file that is not a JPEG, PNG or WebP picture (by its content), cannot be read as one, or is
 * over 10 MB gets a VALIDATION_ERROR on `file` in the staff member's language.
 */
export async function readProductImageUpload(request: FastifyRequest) {
  const bytes = await readPictureUpload(request, PRODUCT_IMAGE_LIMITS.maxBytes);
  try {
    const [detail, thumbnail] = await Promise.all([
      resized(bytes, PRODUCT_IMAGE_LIMITS.detailSize, 82),
      resized(bytes, PRODUCT_IMAGE_LIMITS.thumbnailSize, 75),
    ]);
    return { detail, thumbnail };
  } catch {
    throw fileProblem(request.locale, 'validation.picture_type');
  }
}

/** The product's pictures, its row locked while they change; NOT_FOUND for an unknown product. */
async function lockedImages(tx: Tx, productId: string) {
  const [product] = await tx
    .select({ images: products.images, sku: products.sku })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw notFound('errors.product_not_found');
  return product;
}

/** Writes a locked product's pictures and records the change in the audit log. */
async function saveImages(
  tx: Tx,
  staffUserId: string,
  productId: string,
  product: Awaited<ReturnType<typeof lockedImages>>,
  images: ProductImage[],
) {
  await tx
    .update(products)
    .set({ images, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
  await recordAudit(tx, {
    staffUserId,
    action: 'product.images',
    entityType: 'product',
    entityId: productId,
    entityLabel: product.sku,
    before: { images: product.images.length },
    after: { images: images.length },
  });
}

const uploadedId = (image: ProductImage) =>
  image.path.startsWith(`${PRODUCT_IMAGE_BASE}/`)
    ? image.path.slice(PRODUCT_IMAGE_BASE.length + 1).replace(/\.webp$/, '')
    : null;

/**
 * `POST /admin/products/{id}/images`: adds an uploaded picture after the product's others. The
 * product row is locked, so uploads at once cannot pass the limit together.
 */
export async function addProductImage(
  db: Db,
  staffUserId: string,
  productId: string,
  picture: { detail: Buffer; thumbnail: Buffer },
  locale: Locale,
): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await lockedImages(tx, productId);
    if (product.images.length >= PRODUCT_IMAGE_LIMITS.maxPerProduct) {
      throw fileProblem(locale, 'validation.pictures_full', {
        max: PRODUCT_IMAGE_LIMITS.maxPerProduct,
      });
    }
    const [row] = await tx
      .insert(productImages)
      .values({ productId, ...picture, uploadedBy: staffUserId })
      .returning({ id: productImages.id });
    if (!row) throw new Error('picture not written');
    const image: ProductImage = {
      path: `${PRODUCT_IMAGE_BASE}/${row.id}.webp`,
      thumbnail: { path: `${PRODUCT_IMAGE_BASE}/${row.id}/thumb.webp` },
    };
    await saveImages(tx, staffUserId, productId, product, [...product.images, image]);
  });
}

/**
 * `PUT /admin/products/{id}/images`: the pictures in a new order (the first is the one lists
 * show); uploaded pictures left out are deleted. Paths that are not the product's own are
 * refused, each may come once.
 */
export async function orderProductImages(
  db: Db,
  staffUserId: string,
  productId: string,
  order: ProductImageOrder,
  locale: Locale,
): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await lockedImages(tx, productId);
    const byPath = new Map(product.images.map((image) => [image.path, image]));
    const kept = order.paths.map((path) => byPath.get(path));
    if (kept.some((image) => !image) || new Set(order.paths).size !== order.paths.length) {
      throw new AppError('VALIDATION_ERROR', 'errors.validation_failed', {}, [
        { field: 'paths', message: t(locale, 'validation.picture_order') },
      ]);
    }
    const images = kept as ProductImage[];
    const removed = product.images
      .filter((image) => !order.paths.includes(image.path))
      .map(uploadedId)
      .filter((id): id is string => id !== null);
    if (removed.length) {
      await tx.delete(productImages).where(inArray(productImages.id, removed));
    }
    await saveImages(tx, staffUserId, productId, product, images);
  });
}

/** The stored bytes of an uploaded picture, or null. */
export async function productImageBytes(
  db: Db,
  imageId: string,
  size: 'detail' | 'thumbnail',
): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: size === 'detail' ? productImages.detail : productImages.thumbnail })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  return row?.bytes ?? null;
}
