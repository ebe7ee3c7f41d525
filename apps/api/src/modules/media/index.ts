/** What other modules may use of the media module (eslint.config.js: only through this file). */
export {
  categoryIconPath,
  PRODUCT_IMAGE_VARIANTS,
  productImagePath,
  productThumbnailPath,
  type CategoryIcon,
  type ProductImageKind,
} from './paths';
