import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLeases } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { startPeriodicJob, takeTurn } from './periodic-job';

/** Several API processes on one database: each periodic job's turn goes to one of them. */
describe('periodic jobs across processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each turn to one process, and to another once the holder is gone', async () => {
    const ask = (holder: string) => takeTurn(t.db, 'reconcile-test', 60_000, holder);
    const first = await Promise.all([ask('a:1'), ask('b:2'), ask('c:3')]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await ask('b:2')).toBe(false);
    // The holder died: its lease runs out and the next process to ask takes the job.
    await t.db
      .update(jobLeases)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobLeases.name, 'reconcile-test'));
    expect(await ask('b:2')).toBe(true);
    const [lease] = await t.db.select().from(jobLeases).where(eq(jobLeases.name, 'reconcile-test'));
    expect(lease!.holder).toBe('b:2');
  });

  it('runs the work of a turn it takes and stops cleanly', async () => {
    let runs = 0;
    const job = startPeriodicJob(
      t.db,
      'work-test',
      50,
      async () => {
        runs++;
      },
      t.app.log,
    );
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThan(0);
    await job.stop();
    // Its lease is let go: another process takes the next turn at once.
    expect(await takeTurn(t.db, 'work-test', 60_000, 'other:1')).toBe(true);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toBe(after);
  });
});
