import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { prepared, preparedSql } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const planCacheMode = sql<string>`current_setting('plan_cache_mode')`;

describe('prepared statements', () => {
  it('keep their generic plan on PostgreSQL; one-off queries plan for their values', async () => {
    const expected = process.env.TEST_DATABASE_URL ? 'force_generic_plan' : 'auto';
    const built = prepared(t.db, 'test_plan_cache_mode', (db) =>
      db
        .select({ mode: planCacheMode })
        .from(sql`(select 1) as one`)
        .prepare('test_plan_cache_mode'),
    );
    expect(await built.execute()).toEqual([{ mode: expected }]);
    const handWritten = preparedSql<{ mode: string }>(
      t.db,
      'test_plan_cache_mode_sql',
      () => sql`select ${planCacheMode} as mode`,
    );
    expect(await handWritten({})).toEqual([{ mode: expected }]);
    expect(await t.db.select({ mode: planCacheMode }).from(sql`(select 1) as one`)).toEqual([
      { mode: 'auto' },
    ]);
  });
});
