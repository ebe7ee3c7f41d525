import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { documentCounters } from '../db/schema';

/** The documents numbered without gaps per year. */
export type DocumentSeries = (typeof documentCounters.$inferSelect)['series'];

const PREFIX: Record<DocumentSeries, string> = { invoice: '', credit_note: 'CN-' };

/**
 * Takes the next number of `series` for the year of `issuedAt` (UTC), in the caller's
 * transaction: the year's counter row stays locked until that transaction ends, so numbers follow
 * each other without gaps (a rolled-back transaction gives its number back). The number is the
 * year, then the year's sequence from 1: `2026-000042`, `CN-2026-000042`.
 */
export async function takeDocumentNumber(tx: Executor, series: DocumentSeries, issuedAt: Date) {
  const year = issuedAt.getUTCFullYear();
  const [counter] = await tx
    .insert(documentCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ sequence: documentCounters.lastNumber });
  if (!counter) throw new Error(`takeDocumentNumber: no ${series} counter`);
  const number = `${PREFIX[series]}${year}-${String(counter.sequence).padStart(6, '0')}`;
  return { number, year, sequence: counter.sequence };
}
