import { gunzipSync } from 'node:zlib';
import { PRODUCT_SORT_OPTIONS, type ProductSettings } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { MemoryReadModel } from './memory/memory-read-model';
import { PostgresReadModel } from './postgres/postgres-read-model';
import type { CatalogReadModel, ListingFilter } from './read-model';
import type { SerializedAnswer } from './serialized-answer';

/**
 * The in-memory index checked against the PostgreSQL read model, the reference: the same
 * database, the same calls, the same answers byte for byte.
 */
let t: TestApp;
let memory: MemoryReadModel;
let postgres: PostgresReadModel;
const settings: ProductSettings = {
  low_stock_threshold: 5,
  listing_page_size: 12,
  default_sort: 'best_seller',
} as ProductSettings;

beforeAll(async () => {
  t = await createTestApp();
  memory = new MemoryReadModel(t.db, t.app.log);
  postgres = new PostgresReadModel(t.db);
  await Promise.all([memory.warm(), postgres.warm()]);
});
afterAll(async () => {
  await t.close();
});

const json = (answer: SerializedAnswer) =>
  JSON.parse((answer.json ?? gunzipSync(answer.gzip)).toString()) as unknown;
const both = async (ask: (model: CatalogReadModel) => Promise<SerializedAnswer>) => {
  const [fromMemory, fromPostgres] = await Promise.all([ask(memory), ask(postgres)]);
  return { memory: json(fromMemory), postgres: json(fromPostgres) };
};

describe('the in-memory index against the PostgreSQL read model', () => {
  it('lists the same pages, totals and manufacturer counts for every filter and sort', async () => {
    const tree = await postgres.categories();
    const categories = [undefined, ...[...tree.categoryById.values()].map((node) => node.id)];
    const [any] = await postgres.top('best_seller', 1, 'en', 5);
    const filters: ListingFilter[] = [];
    for (const category of categories) {
      for (const sort of PRODUCT_SORT_OPTIONS) filters.push({ category, sort });
      filters.push({ category, in_stock: true, page: 2 });
      filters.push({ category, price_min: 20, price_max: 150.5, sort: 'price_desc' });
      filters.push({ category, manufacturer: any!.manufacturer.toUpperCase() });
    }
    for (const search of ['bat', 'charger', 'akku', 'batery', 'solar pan', 'li', 'zz', 'BAT-']) {
      filters.push({ search }, { search, sort: 'new_arrival', page: 2, in_stock: true });
    }
    for (const filter of filters) {
      for (const locale of ['en', 'de'] as const) {
        const answers = await both((model) => model.listing(filter, locale, settings));
        expect(answers.memory, JSON.stringify({ filter, locale })).toEqual(answers.postgres);
      }
    }
  });

  it('finds the same products in the same order', async () => {
    const [first] = await postgres.top('most_viewed', 1, 'en', 5);
    const queries = [
      'battery',
      'batterie',
      'Batería',
      'batery',
      'battrey',
      'charg',
      'solar panel',
      'lithium 12',
      'ba',
      'xx',
      first!.sku,
      first!.sku.slice(0, 4),
      first!.reference,
      '',
    ];
    for (const query of queries) {
      for (const limit of [8, 30]) {
        const answers = await both((model) => model.search(query, limit, 'fr', settings));
        expect(answers.memory, `${query} (${limit})`).toEqual(answers.postgres);
      }
    }
  });

  it('answers the same product pages, top lists and rows', async () => {
    const top = await postgres.top('best_seller', 20, 'it', 5);
    expect(await memory.top('best_seller', 20, 'it', 5)).toEqual(top);
    expect(await memory.top('most_viewed', 20, 'nl', 5)).toEqual(
      await postgres.top('most_viewed', 20, 'nl', 5),
    );
    for (const item of top.slice(0, 5)) {
      for (const [key, value] of [
        ['id', item.id],
        ['sku', item.sku],
        ['slug', item.slug],
      ] as const) {
        const answers = await both((model) => model.product(key, value, 'es', settings));
        expect(answers.memory).toEqual(answers.postgres);
      }
    }
    const ids = [...top.map((item) => item.id), crypto.randomUUID()];
    expect(await memory.rows(ids, 'fr', 5)).toEqual(await postgres.rows(ids, 'fr', 5));
  });
});
