import type { Locale } from '@portal/contract';
import { PRODUCT_IMAGE_VARIANTS, productImagePath, productThumbnailPath } from '../media/paths';
import type { products } from '../../schema';
import { BATTERY_BUILDERS } from './batteries';
import { DEVICE_CHARGER_BUILDERS } from './device-chargers';
import { INVERTER_BUILDERS } from './inverters';
import { PACK_CHARGER_BUILDERS } from './pack-chargers';
import { POWER_STATION_BUILDERS } from './power-stations';
import type { Random } from './random';
import { SOLAR_ACCESSORY_BUILDERS } from './solar-accessories';
import { SOLAR_PANEL_BUILDERS } from './solar-panels';
import { slugify } from '../../../platform/slug';
import { toEan13 } from './text';
import type { FlatCategory } from './tree';
import type { LeafSpec, ProductDraft, ProductType } from './types';

const BUILDERS: Record<ProductType, (rng: Random, leaf: LeafSpec) => ProductDraft> = {
  ...BATTERY_BUILDERS,
  ...DEVICE_CHARGER_BUILDERS,
  ...PACK_CHARGER_BUILDERS,
  ...SOLAR_PANEL_BUILDERS,
  ...INVERTER_BUILDERS,
  ...SOLAR_ACCESSORY_BUILDERS,
  ...POWER_STATION_BUILDERS,
};

const SKU_PREFIX: Record<ProductType, string> = {
  'laptop-battery': 'BAT-LP',
  'phone-battery': 'BAT-PH',
  'tool-battery': 'BAT-PT',
  'camera-battery': 'BAT-CA',
  'ebike-battery': 'BAT-EB',
  'laptop-charger': 'CHG-LP',
  'phone-charger': 'CHG-PH',
  'tool-charger': 'CHG-PT',
  'camera-charger': 'CHG-CA',
  'ebike-charger': 'CHG-EB',
  'solar-panel': 'SOL-PN',
  inverter: 'SOL-IN',
  controller: 'SOL-CC',
  mounting: 'SOL-MT',
  'power-station': 'PPS-ST',
};

/** EAN-13 in the GS1 Netherlands range; the serial keeps them unique within the catalog. */
const EAN_PREFIX = '8719';
const DAY_MS = 86_400_000;
/** Products were added over the last two years, so new-arrival sorting has something to sort. */
const CATALOG_AGE_DAYS = 730;

export type ProductRow = typeof products.$inferInsert;

export interface GeneratedProduct {
  categoryIndex: number;
  row: ProductRow;
  translations: { locale: Locale; title: string; standoutFeatures: string[] }[];
}

/** Chooses leaf categories by weight; the first products visit every leaf once. */
export function leafPicker(categories: FlatCategory[]) {
  const leaves = categories.filter((c) => c.leaf);
  const total = leaves.reduce((sum, c) => sum + (c.leaf?.weight ?? 0), 0);
  return (rng: Random, serial: number): FlatCategory => {
    const first = leaves[serial - 1];
    if (first) return first;
    let point = rng.next() * total;
    for (const leaf of leaves) {
      point -= leaf.leaf?.weight ?? 0;
      if (point < 0) return leaf;
    }
    return leaves[leaves.length - 1] as FlatCategory;
  };
}

function images(rng: Random, draft: ProductDraft) {
  const first = rng.int(0, PRODUCT_IMAGE_VARIANTS - 1);
  return Array.from({ length: rng.int(1, 3) }, (_, i) => {
    const variant = (first + i * 3) % PRODUCT_IMAGE_VARIANTS;
    return {
      path: productImagePath(draft.image, variant),
      thumbnail: { path: productThumbnailPath(draft.image, variant) },
    };
  });
}

/** One product of a leaf category; `serial` (from 1) makes its SKU and EAN unique. */
export function generateProduct(
  rng: Random,
  category: FlatCategory,
  serial: number,
  today: Date,
): GeneratedProduct {
  const leaf = category.leaf;
  if (!leaf) throw new Error('products belong to leaf categories only');
  const draft = BUILDERS[leaf.type](rng, leaf);
  const sku = `${SKU_PREFIX[leaf.type]}-${draft.skuCode}-${String(serial).padStart(6, '0')}`;
  const quantity = rng.chance(0.08) ? 0 : 1 + rng.skewed(499, 1.8);
  const views = rng.skewed(5000, 3);
  const createdAt = new Date(today.getTime() - rng.next() * CATALOG_AGE_DAYS * DAY_MS);
  const [width, height, length] = draft.box;
  return {
    categoryIndex: category.index,
    row: {
      sku,
      reference: draft.reference,
      slug: `${slugify(draft.titles.en)}-${sku.toLowerCase()}`,
      priceCents: draft.priceCents,
      quantity,
      // A few lines are blocked for sale (quality hold) even with units on the shelf.
      isInStock: quantity > 0 && !rng.chance(0.03),
      backorderable: rng.chance(0.1),
      weightGrams: draft.weightGrams,
      boxWidthMm: width,
      boxHeightMm: height,
      boxLengthMm: length,
      manufacturer: draft.manufacturer,
      state: draft.state,
      warrantyMonths: draft.warrantyMonths,
      replacedModels: draft.replacedModels,
      suitableDevices: draft.suitableDevices,
      specifications: draft.specifications,
      images: images(rng, draft),
      ean: toEan13(`${EAN_PREFIX}${String(serial).padStart(8, '0')}`),
      views,
      // Historic sales: popular products were bought by more companies.
      buyers: Math.min(120, Math.round(rng.skewed(60, 3) + (views / 5000) * 60 * rng.next())),
      createdAt,
      updatedAt: createdAt,
    },
    translations: (Object.keys(draft.titles) as Locale[]).map((locale) => ({
      locale,
      title: draft.titles[locale],
      standoutFeatures: draft.standoutFeatures[locale],
    })),
  };
}
