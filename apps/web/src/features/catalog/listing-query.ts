import {
  CATALOG_LIMITS,
  PRODUCT_SORT_OPTIONS,
  type AdvancedFilterRequest,
  type Locale,
  type ProductSort,
} from '@portal/contract';

/** A listing's filters, sort and page (category page, search results): kept in the URL. */
export interface ListingState {
  sort: ProductSort;
  page: number;
  manufacturer: string | null;
  inStock: boolean;
  priceMin: number | null;
  priceMax: number | null;
  search: string;
}

const MAX_PAGE = 100_000;
const MAX_PRICE = 1_000_000;

export const LISTING_PARAMS = {
  sort: 'sort',
  page: 'page',
  manufacturer: 'manufacturer',
  inStock: 'in_stock',
  priceMin: 'price_min',
  priceMax: 'price_max',
  search: 'q',
} as const;

const isSort = (value: string | null): value is ProductSort =>
  value !== null && (PRODUCT_SORT_OPTIONS as readonly string[]).includes(value);

/** A price from the URL or an input: a number from 0 to 1,000,000 with 2 decimals, or null. */
export function parsePrice(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const amount = Math.round(Number(text) * 100) / 100;
  return Number.isFinite(amount) && amount <= MAX_PRICE ? amount : null;
}

function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export const normalizeText = (value: string) =>
  value.trim().slice(0, CATALOG_LIMITS.searchMaxLength);

/** Reads the state from the query string; unknown or bad values fall back to the defaults. */
export function readListingState(params: URLSearchParams, defaultSort: ProductSort): ListingState {
  const sort = params.get(LISTING_PARAMS.sort);
  const manufacturer = params.get(LISTING_PARAMS.manufacturer)?.trim().slice(0, 100);
  return {
    sort: isSort(sort) ? sort : defaultSort,
    page: parsePage(params.get(LISTING_PARAMS.page)),
    manufacturer: manufacturer || null,
    inStock: params.get(LISTING_PARAMS.inStock) === '1',
    priceMin: parsePrice(params.get(LISTING_PARAMS.priceMin)),
    priceMax: parsePrice(params.get(LISTING_PARAMS.priceMax)),
    search: normalizeText(params.get(LISTING_PARAMS.search) ?? ''),
  };
}

/** The query string of a state; defaults are left out so that plain URLs stay plain. */
export function writeListingState(state: ListingState, defaultSort: ProductSort): URLSearchParams {
  const params = new URLSearchParams();
  if (state.sort !== defaultSort) params.set(LISTING_PARAMS.sort, state.sort);
  if (state.manufacturer) params.set(LISTING_PARAMS.manufacturer, state.manufacturer);
  if (state.inStock) params.set(LISTING_PARAMS.inStock, '1');
  if (state.priceMin !== null) params.set(LISTING_PARAMS.priceMin, String(state.priceMin));
  if (state.priceMax !== null) params.set(LISTING_PARAMS.priceMax, String(state.priceMax));
  if (state.search) params.set(LISTING_PARAMS.search, state.search);
  if (state.page > 1) params.set(LISTING_PARAMS.page, String(state.page));
  return params;
}

/** A change of filters or sort starts again at page 1; a page change keeps the filters. */
export function updateListing(state: ListingState, patch: Partial<ListingState>): ListingState {
  return { ...state, page: 1, ...patch };
}

/** True when any filter (not the sort or page) is set. */
export function hasFilters(state: ListingState): boolean {
  return Boolean(
    state.manufacturer ||
    state.inStock ||
    state.priceMin !== null ||
    state.priceMax !== null ||
    state.search,
  );
}

/** The advanced-filter body for a state; a reversed price range is put in order. */
export function listingRequest(
  state: ListingState,
  options: { category?: string; limit: number; locale: Locale },
): AdvancedFilterRequest {
  let { priceMin, priceMax } = state;
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    [priceMin, priceMax] = [priceMax, priceMin];
  }
  return {
    ...(options.category ? { category: options.category } : {}),
    sort: state.sort,
    page: state.page,
    limit: options.limit,
    locale: options.locale,
    ...(state.manufacturer ? { manufacturer: state.manufacturer } : {}),
    ...(state.inStock ? { in_stock: true } : {}),
    ...(priceMin !== null ? { price_min: priceMin } : {}),
    ...(priceMax !== null ? { price_max: priceMax } : {}),
    ...(state.search ? { search: state.search } : {}),
  };
}
