import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { CatalogIndex } from './catalog-index';
import type * as SnapshotLoaderModule from './snapshot-loader';

// The snapshot loader fails when told to, as when the database is away at the first build.
const loader = vi.hoisted(() => ({ failures: 0 }));
vi.mock('./snapshot-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof SnapshotLoaderModule>();
  return {
    ...actual,
    loadCatalogSnapshot: (...args: Parameters<typeof actual.loadCatalogSnapshot>) => {
      if (loader.failures > 0) {
        loader.failures--;
        return Promise.reject(new Error('database went away'));
      }
      return actual.loadCatalogSnapshot(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the catalog index', () => {
  it('builds again after a failed build instead of failing until a restart', async () => {
    const index = new CatalogIndex(t.db, t.app.log);
    loader.failures = 1;
    await expect(index.snapshot()).rejects.toThrow('database went away');
    const snapshot = await index.snapshot();
    expect(snapshot.size).toBeGreaterThan(0);

    loader.failures = 1;
    await expect(index.rebuild()).rejects.toThrow('database went away');
    expect((await index.snapshot()).size).toBe(snapshot.size);
  });
});
