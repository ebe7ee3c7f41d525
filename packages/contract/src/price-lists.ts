import { z } from 'zod';
import { datesInOrder, isoDate } from './date-range';
import { readDecimal, requiredText } from './validation';

/**
 * Price lists (issue 24). A company may be given one price list; its buyers then see and pay the
 * list's prices everywhere a price is shown or charged (search, listings, product page, quick
 * order, shopping lists, cart, checkout, orders, invoices, quotes), decided on the server:
 *
 * 1. a fixed price of the product in the list, the tier with the most units the line reaches
 *    (`min_quantity` 1 is the product's price in the list; 10, 50, 100… are quantity tiers);
 * 2. else the largest percentage off among the list's discounts for the product's categories
 *    (a category's discount covers the categories under it) and its manufacturer;
 * 3. else the catalog price.
 *
 * Outside its validity dates a list gives catalog prices. Listings sorted or filtered by price
 * use the buyer's price from 1 unit, and so does the company's XML feed.
 *
 * Staff (`price_lists.manage`):
 * - `GET /admin/price-lists?q&page` → priceListPageSchema
 * - `POST /admin/price-lists` body priceListInputSchema → 201 priceListSchema
 * - `GET /admin/price-lists/:id` → priceListSchema
 * - `PUT /admin/price-lists/:id` body priceListInputSchema → priceListSchema
 * - `DELETE /admin/price-lists/:id` → 204 (its companies go back to catalog prices)
 * - `PUT /admin/price-lists/:id/discounts` body priceListDiscountsSchema (all of them)
 * - `PUT /admin/price-lists/:id/prices` body priceListPricesSchema (all of them, by SKU)
 * - `POST /admin/price-lists/:id/prices/file` multipart `file` (CSV or XLSX, columns `sku`,
 *   `min_quantity`, `price`) → priceListFileSchema: the rows read, for the screen to show
 *   before they are saved with the PUT above
 * - `GET /admin/price-lists/:id/export.csv` and `export.xlsx`: the saved prices in those
 *   columns (and the title and catalog price, which reading leaves aside)
 * - `PUT /admin/companies/:id/price-list` body companyPriceListSchema
 */
export const PRICE_LISTS_PAGE_SIZE = 25;
export const PRICE_LIST_MAX_DISCOUNTS = 500;
export const PRICE_LIST_MAX_PRICES = 10_000;
export const PRICE_LIST_MAX_PRICE = 1_000_000;

const day = isoDate.nullable().optional();

export const priceListInputSchema = z
  .strictObject({
    name: requiredText(100),
    valid_from: day,
    valid_until: day,
  })
  .refine(
    (list) =>
      datesInOrder({
        date_from: list.valid_from ?? undefined,
        date_to: list.valid_until ?? undefined,
      }),
    { path: ['valid_until'], message: 'validation.invalid_date' },
  );
export type PriceListInput = z.infer<typeof priceListInputSchema>;

export const priceListParamsSchema = z.strictObject({ id: z.uuid() });

export const priceListListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PriceListListQuery = z.infer<typeof priceListListQuerySchema>;

export const priceListSummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Today is within its dates: its companies get its prices. */
  in_force: z.boolean(),
  discount_count: z.number().int(),
  price_count: z.number().int(),
  company_count: z.number().int(),
  updated_at: z.string(),
});
export type PriceListSummary = z.infer<typeof priceListSummarySchema>;

export const priceListPageSchema = z.object({
  items: z.array(priceListSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type PriceListPage = z.infer<typeof priceListPageSchema>;

const percent = z.number().min(0.01).max(100).multipleOf(0.01);

/** One discount: a category (and those under it) or a manufacturer, and the percentage off. */
export const priceListDiscountSchema = z.object({
  category: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  manufacturer: z.string().nullable(),
  percent: z.number(),
});
export type PriceListDiscount = z.infer<typeof priceListDiscountSchema>;

export const priceListPriceSchema = z.object({
  product_id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  /** The catalog price now, to compare with. */
  list_price: z.number(),
  min_quantity: z.number().int(),
  price: z.number(),
});
export type PriceListPrice = z.infer<typeof priceListPriceSchema>;

export const priceListSchema = priceListSummarySchema.extend({
  discounts: z.array(priceListDiscountSchema),
  prices: z.array(priceListPriceSchema),
  companies: z.array(z.object({ _id: z.uuid(), name: z.string() })),
});
export type PriceList = z.infer<typeof priceListSchema>;

/** `PUT /admin/price-lists/:id/discounts`: every discount of the list, each target once. */
export const priceListDiscountsSchema = z.strictObject({
  discounts: z
    .array(
      z.union([
        z.strictObject({ category_id: z.uuid(), percent }),
        z.strictObject({ manufacturer: requiredText(100), percent }),
      ]),
    )
    .max(PRICE_LIST_MAX_DISCOUNTS),
});
export type PriceListDiscounts = z.infer<typeof priceListDiscountsSchema>;

/** `PUT /admin/price-lists/:id/prices`: every fixed price and tier of the list, by SKU. */
export const priceListPricesSchema = z.strictObject({
  prices: z
    .array(
      z.strictObject({
        sku: requiredText(100),
        min_quantity: z.number().int().min(1).max(1_000_000),
        price: z.number().min(0).max(PRICE_LIST_MAX_PRICE).multipleOf(0.01),
      }),
    )
    .max(PRICE_LIST_MAX_PRICES),
});
export type PriceListPrices = z.infer<typeof priceListPricesSchema>;

/** `PUT /admin/companies/:id/price-list`: the company's price list, or none. */
export const companyPriceListSchema = z.strictObject({ price_list_id: z.uuid().nullable() });
export type CompanyPriceList = z.infer<typeof companyPriceListSchema>;

/** A row of a price file as read, for the screen to show: what it could not read stays text. */
export const priceListFileRowSchema = z.object({
  sku: z.string(),
  min_quantity: z.union([z.number(), z.string()]),
  price: z.union([z.number(), z.string()]),
});
export type PriceListFileRow = z.infer<typeof priceListFileRowSchema>;
export const priceListFileSchema = z.object({ prices: z.array(priceListFileRowSchema) });
export type PriceListFile = z.infer<typeof priceListFileSchema>;

/** The columns of a price file, as the export writes them and reading looks for them. */
export const PRICE_FILE_COLUMNS = ['sku', 'min_quantity', 'price', 'title', 'list_price'] as const;

/**
 * The prices of a file's records (CSV or the first sheet of an XLSX, cells as text): the columns
 * `sku`, `min_quantity` and `price` by their header, else the first three in that order; an
 * empty `min_quantity` is 1, numbers as people write them (`12.5`, `12,50`, `1.234,50`, `€ 9`).
 * Empty rows are left out; a cell that is no number stays text, for the save to name.
 */
export function readPriceRows(records: string[][]): PriceListFileRow[] {
  const [first = []] = records;
  const header = first.map((cell) => cell.trim().toLowerCase());
  const hasHeader = header.includes('sku');
  const column = (name: string, fallback: number) => (hasHeader ? header.indexOf(name) : fallback);
  const [sku, minQuantity, price] = [
    column('sku', 0),
    column('min_quantity', 1),
    column('price', 2),
  ];
  const cell = (cells: string[], index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
  return records
    .slice(hasHeader ? 1 : 0)
    .filter((cells) => cells.some((value) => value.trim() !== ''))
    .map((cells) => {
      const quantity = cell(cells, minQuantity);
      const amount = cell(cells, price);
      return {
        sku: cell(cells, sku),
        min_quantity: quantity === '' ? 1 : (readDecimal(quantity) ?? quantity),
        price: readDecimal(amount) ?? amount,
      };
    });
}
