import type { Locale, ProductState } from '@portal/contract';
import type { ProductImageKind } from '../media/paths';

export const PRODUCT_TYPES = [
  'laptop-battery',
  'phone-battery',
  'tool-battery',
  'camera-battery',
  'ebike-battery',
  'laptop-charger',
  'phone-charger',
  'tool-charger',
  'camera-charger',
  'ebike-charger',
  'solar-panel',
  'inverter',
  'controller',
  'mounting',
  'power-station',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** What the products of a leaf category are. */
export interface LeafSpec {
  type: ProductType;
  /** The device brand for batteries and chargers. */
  brand?: string;
  /** A sub-kind: mono, micro, mppt, wireless, small… */
  variant?: string;
  /** Relative share of the catalog's products. */
  weight: number;
}

export interface Spec {
  key: string;
  value: string;
}

/** The type-specific part of a product, before stock, popularity and identifiers are added. */
export interface ProductDraft {
  reference: string;
  titles: Record<Locale, string>;
  standoutFeatures: Record<Locale, string[]>;
  specifications: Spec[];
  manufacturer: string;
  state: ProductState;
  priceCents: number;
  weightGrams: number;
  /** width, height, length in mm */
  box: [number, number, number];
  warrantyMonths: number;
  replacedModels: string[];
  suitableDevices: string[];
  image: ProductImageKind;
  /** Two upper-case letters in the SKU after the type code: brand or sub-kind. */
  skuCode: string;
}
