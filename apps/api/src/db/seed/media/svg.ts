import { CATEGORY_ICON_PATHS } from './category-icons';
import { PALETTE, accentOf, el, escapeXml } from './elements';
import type { CategoryIcon, ProductImageKind } from './paths';
import { PRODUCT_DRAWINGS } from './product-drawings';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CANVAS = 240;
/** Declared sizes: the drawing is the same, only the intrinsic size changes. */
export const PRODUCT_IMAGE_SIZE = 480;
export const PRODUCT_THUMBNAIL_SIZE = 120;

const titleOf = (slug: string) => slug.replace(/-/g, ' ');

function document(viewBox: string, size: number, title: string, body: string): string {
  return el(
    'svg',
    { xmlns: SVG_NS, viewBox, width: size, height: size, role: 'img', 'aria-label': title },
    el('title', {}, escapeXml(title)),
    body,
  );
}

/** A product picture: a flat drawing of the kind on a soft card, accent colour per variant. */
export function renderProductImage(
  kind: ProductImageKind,
  variant: number,
  size: number = PRODUCT_IMAGE_SIZE,
): string {
  const background =
    el('rect', { width: CANVAS, height: CANVAS, rx: 24, fill: PALETTE.paper }) +
    el('ellipse', { cx: 120, cy: 214, rx: 92, ry: 10, fill: PALETTE.shadow });
  const drawing = PRODUCT_DRAWINGS[kind](accentOf(variant), variant);
  return document(`0 0 ${CANVAS} ${CANVAS}`, size, titleOf(kind), background + drawing);
}

/** A 24 × 24 line icon for the category tree. */
export function renderCategoryIcon(icon: CategoryIcon): string {
  const strokes = el(
    'g',
    {
      fill: 'none',
      stroke: PALETTE.body,
      'stroke-width': 1.75,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    ...CATEGORY_ICON_PATHS[icon].map((d) => el('path', { d })),
  );
  return document('0 0 24 24', 24, titleOf(icon), strokes);
}
