import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../db/client';
import { createTestApp, type TestApp } from '../../../../test/app';
import { CatalogIndex } from './catalog-index';

/** The test database, failing every query while `away` is set (the database is away). */
function goingAway(db: Db) {
  const state = { away: false };
  const handle = new Proxy(db, {
    get(target, property) {
      if (state.away) throw new Error('database went away');
      return Reflect.get(target, property, target) as unknown;
    },
  });
  return { db: handle, state };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the catalog index', () => {
  it('builds again after a failed build instead of failing until a restart', async () => {
    const database = goingAway(t.db);
    const index = new CatalogIndex(database.db, t.app.log);
    database.state.away = true;
    await expect(index.snapshot()).rejects.toThrow('database went away');
    database.state.away = false;
    const snapshot = await index.snapshot();
    expect(snapshot.size).toBeGreaterThan(0);

    database.state.away = true;
    await expect(index.rebuild()).rejects.toThrow('database went away');
    database.state.away = false;
    expect((await index.snapshot()).size).toBe(snapshot.size);
  });
});
