import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  listingRequest,
  parsePrice,
  readListingState,
  updateListing,
  writeListingState,
  type ListingState,
} from './listing-query';

const read = (query: string) => readListingState(new URLSearchParams(query), 'best_seller');

describe('listing state in the URL', () => {
  it('has defaults for an empty query string', () => {
    expect(read('')).toEqual({
      sort: 'best_seller',
      page: 1,
      manufacturer: null,
      inStock: false,
      priceMin: null,
      priceMax: null,
      search: '',
    });
  });

  it('round-trips every field and leaves defaults out', () => {
    const state: ListingState = {
      sort: 'price_asc',
      page: 3,
      manufacturer: 'Voltiq',
      inStock: true,
      priceMin: 10.5,
      priceMax: 99,
      search: 'dell xps',
    };
    const query = writeListingState(state, 'best_seller').toString();
    expect(query).toBe(
      'sort=price_asc&manufacturer=Voltiq&in_stock=1&price_min=10.5&price_max=99&q=dell+xps&page=3',
    );
    expect(read(query)).toEqual(state);
    expect(writeListingState(read(''), 'best_seller').toString()).toBe('');
  });

  it('falls back on bad values', () => {
    const state = read('sort=cheapest&page=-2&price_min=abc&price_max=2000000&in_stock=yes');
    expect(state.sort).toBe('best_seller');
    expect(state.page).toBe(1);
    expect(state.priceMin).toBeNull();
    expect(state.priceMax).toBeNull();
    expect(state.inStock).toBe(false);
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=999999').page).toBe(1);
  });

  it('parses prices with a comma or a dot, rounded to cents', () => {
    expect(parsePrice('12,345')).toBe(12.35);
    expect(parsePrice(' 7 ')).toBe(7);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
  });

  it('goes back to page 1 when a filter changes, not when the page does', () => {
    const state = { ...read(''), page: 4 };
    expect(updateListing(state, { inStock: true }).page).toBe(1);
    expect(updateListing(state, { page: 5 }).page).toBe(5);
    expect(hasFilters(state)).toBe(false);
    expect(hasFilters(updateListing(state, { search: 'x' }))).toBe(true);
  });

  it('builds the advanced-filter body, ordering a reversed price range', () => {
    const state = read('sort=price_desc&price_min=50&price_max=20&manufacturer=Ampero&page=2');
    expect(listingRequest(state, { category: 'batteries', limit: 24, locale: 'fr' })).toEqual({
      category: 'batteries',
      sort: 'price_desc',
      page: 2,
      limit: 24,
      locale: 'fr',
      manufacturer: 'Ampero',
      price_min: 20,
      price_max: 50,
    });
  });

  it('asks the whole catalog for the search results page (no category)', () => {
    expect(listingRequest(read('q=charger&in_stock=1'), { limit: 24, locale: 'de' })).toEqual({
      sort: 'best_seller',
      page: 1,
      limit: 24,
      locale: 'de',
      in_stock: true,
      search: 'charger',
    });
  });
});
