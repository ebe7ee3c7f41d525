import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BANNER_IMAGES, bannerImagePath } from '@portal/contract';
import { renderBanner } from './banners';
import {
  CATEGORY_ICONS,
  PRODUCT_IMAGE_KINDS,
  PRODUCT_IMAGE_VARIANTS,
  categoryIconPath,
  productImagePath,
  productThumbnailPath,
} from './paths';
import { PRODUCT_THUMBNAIL_SIZE, renderCategoryIcon, renderProductImage } from './svg';

/** Every demo picture as its path under /api/media and its SVG. */
function* demoMedia(): Generator<[string, () => string]> {
  for (const kind of PRODUCT_IMAGE_KINDS) {
    for (let variant = 0; variant < PRODUCT_IMAGE_VARIANTS; variant++) {
      yield [productImagePath(kind, variant), () => renderProductImage(kind, variant)];
      yield [
        productThumbnailPath(kind, variant),
        () => renderProductImage(kind, variant, PRODUCT_THUMBNAIL_SIZE),
      ];
    }
  }
  for (const icon of CATEGORY_ICONS) yield [categoryIconPath(icon), () => renderCategoryIcon(icon)];
  for (const banner of BANNER_IMAGES) {
    yield [bannerImagePath(banner), () => renderBanner(banner)];
  }
}

/**
 * Draws the demo catalog's pictures (products, category icons, dashboard banners) into the media
 * directory the API serves files from, as an upload would put them there: once, leaving files
 * that exist alone. Answers how many it wrote.
 */
export async function writeDemoMedia(mediaDir: string): Promise<number> {
  let written = 0;
  for (const [urlPath, draw] of demoMedia()) {
    const file = path.join(mediaDir, urlPath.replace(/^\/api\/media\//, ''));
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await writeFile(file, draw(), { flag: 'wx' });
      written++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return written;
}
