/** Generated product pictures: one drawing per kind, in a few colour variants. */
export const PRODUCT_IMAGE_KINDS = [
  'laptop-battery',
  'phone-battery',
  'tool-battery',
  'camera-battery',
  'ebike-battery',
  'charger',
  'phone-charger',
  'tool-charger',
  'solar-panel',
  'inverter',
  'controller',
  'mounting',
  'power-station',
] as const;
export type ProductImageKind = (typeof PRODUCT_IMAGE_KINDS)[number];

/** Variants 0 … PRODUCT_IMAGE_VARIANTS - 1 exist for every kind. */
export const PRODUCT_IMAGE_VARIANTS = 8;

/** Line icons of the category tree. */
export const CATEGORY_ICONS = [
  'battery',
  'charger',
  'sun',
  'power-station',
  'laptop',
  'phone',
  'drill',
  'camera',
  'bike',
  'solar-panel',
  'inverter',
  'controller',
  'mounting',
  'wireless',
  'car',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

const MEDIA_BASE = '/api/media';

export const productImagePath = (kind: ProductImageKind, variant: number) =>
  `${MEDIA_BASE}/products/${kind}/${variant}.svg`;

export const productThumbnailPath = (kind: ProductImageKind, variant: number) =>
  `${MEDIA_BASE}/products/${kind}/${variant}/thumb.svg`;

export const categoryIconPath = (icon: CategoryIcon) => `${MEDIA_BASE}/categories/${icon}.svg`;

export const isProductImageKind = (value: string): value is ProductImageKind =>
  (PRODUCT_IMAGE_KINDS as readonly string[]).includes(value);

export const isCategoryIcon = (value: string): value is CategoryIcon =>
  (CATEGORY_ICONS as readonly string[]).includes(value);
