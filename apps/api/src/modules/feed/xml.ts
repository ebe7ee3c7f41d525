import { LOCALES, type Availability, type Locale } from '@portal/contract';
import type { FeedProductRow } from './repo';

// XML 1.0 allows tab, newline, carriage return and the ranges below; anything else (other
// control characters, lone surrogates, U+FFFE/U+FFFF) makes the document ill-formed.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const TEXT_SPECIAL = /[&<>"']/g;
// In attributes, whitespace other than a space is normalized away by parsers unless escaped.
const ATTR_SPECIAL = /[&<>"'\t\n\r]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const entity = (char: string) => ENTITIES[char] ?? '';
// Most values need nothing: one test without allocation spares two replaces per value.
const NEEDS_WORK = /[&<>"'\t\n\r]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const escapeText = (value: string) =>
  NEEDS_WORK.test(value) ? value.replace(NOT_XML_CHAR, '').replace(TEXT_SPECIAL, entity) : value;
const escapeAttr = (value: string) =>
  NEEDS_WORK.test(value) ? value.replace(NOT_XML_CHAR, '').replace(ATTR_SPECIAL, entity) : value;
const escapeValue = (value: string | number, escape: (text: string) => string) =>
  typeof value === 'number' ? String(value) : escape(value);

type Attrs = Record<string, string | number>;
const attrs = (values: Attrs | undefined) =>
  Object.entries(values ?? {})
    .map(([name, value]) => ` ${name}="${escapeValue(value, escapeAttr)}"`)
    .join('');

/** One element with escaped text content. */
const el = (name: string, text: string | number, attributes?: Attrs) =>
  `<${name}${attrs(attributes)}>${escapeValue(text, escapeText)}</${name}>`;

/** A list element whose children are already XML. */
const list = (name: string, children: string[]) =>
  children.length ? `<${name}>${children.join('')}</${name}>` : `<${name}/>`;

/** Cents to euros with two decimals and a '.' decimal point, without floating-point steps. */
const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export interface FeedCategory {
  id: string;
  slug: string;
  name: string;
}

export interface FeedProduct extends FeedProductRow {
  titles: Partial<Record<Locale, string>>;
  categories: FeedCategory[];
  /** The price this customer pays, in cents. */
  customerPriceCents: number;
  availability: Availability;
  inStock: boolean;
}

export interface FeedHeader {
  generatedAt: Date;
  company: string;
}

export const feedHead = ({ generatedAt, company }: FeedHeader) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<catalog${attrs({
    generated_at: generatedAt.toISOString(),
    currency: 'EUR',
    company,
  })}>\n`;

export const feedTail = '</catalog>\n';

/** One <product> element; `absolute` turns stored paths into links customers' systems can fetch. */
export function productXml(product: FeedProduct, absolute: (path: string) => string): string {
  // Every language is present: a missing translation falls back to English, as the API does.
  const fallback = product.titles.en ?? product.sku;
  return `<product${attrs({ id: product.id })}>${[
    el('sku', product.sku),
    el('reference', product.reference),
    el('ean', product.ean ?? ''),
    el('slug', product.slug),
    el('url', absolute(`/product/${encodeURIComponent(product.sku)}`)),
    list(
      'titles',
      LOCALES.map((lang) => el('title', product.titles[lang] ?? fallback, { lang })),
    ),
    el('price', euros(product.customerPriceCents), { currency: 'EUR' }),
    el('quantity', product.quantity),
    el('in_stock', String(product.inStock)),
    el('availability', product.availability),
    el('manufacturer', product.manufacturer),
    el('state', product.state),
    el('warranty_months', product.warrantyMonths),
    el('weight_grams', product.weightGrams),
    `<box_size${attrs({
      width_mm: product.boxWidthMm,
      height_mm: product.boxHeightMm,
      length_mm: product.boxLengthMm,
    })}/>`,
    list(
      'images',
      product.images.map((image) =>
        el('image', absolute(image.path), { thumbnail: absolute(image.thumbnail.path) }),
      ),
    ),
    list(
      'categories',
      product.categories.map((category) =>
        el('category', category.name, { id: category.id, slug: category.slug }),
      ),
    ),
    list(
      'replaced_models',
      product.replacedModels.map((model) => el('model', model)),
    ),
    list(
      'suitable_devices',
      product.suitableDevices.map((device) => el('device', device)),
    ),
    list(
      'specifications',
      product.specifications.map((spec) => el('spec', spec.value, { key: spec.key })),
    ),
  ].join('')}</product>\n`;
}
