import { LOCALES, type ImportJob, type Locale } from '@portal/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { importJobRows, importJobs, productCategories, products } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit';
import { changes, currentProducts, type CheckedFile, type ImportRow } from './import-rows';
import { explainStockChanges } from './stock-movements';

/** Rows applied per transaction: a batch and the job's progress land together or not at all. */
const IMPORT_BATCH_SIZE = 250;
/**
 * A pause after each batch leaves the cores to buyers' requests (bench:import: search p99 during
 * a 100,000-row import, see docs/benchmarks.md).
 */
const PAUSE_BETWEEN_BATCHES_MS = 25;
/** A running job whose worker has not written for this long is taken over by another. */
const STALE_SECONDS = 30;

type JobRow = typeof importJobs.$inferSelect;
type JobSummary = Omit<JobRow, 'columns' | 'createdBy' | 'heartbeatAt'>;

function jobOf(row: JobSummary): ImportJob {
  return {
    _id: row.id,
    kind: row.kind as ImportJob['kind'],
    file_name: row.fileName,
    status: row.status as ImportJob['status'],
    total: row.total,
    processed: row.processed,
    counts: {
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
    },
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const listed = {
  id: importJobs.id,
  kind: importJobs.kind,
  fileName: importJobs.fileName,
  status: importJobs.status,
  total: importJobs.total,
  processed: importJobs.processed,
  created: importJobs.created,
  updated: importJobs.updated,
  unchanged: importJobs.unchanged,
  error: importJobs.error,
  createdAt: importJobs.createdAt,
  finishedAt: importJobs.finishedAt,
};

/**
 * Queues a checked file's rows (those without errors) as a background import. One import runs
 * at a time: another while one is queued or running is a CONFLICT.
 */
export async function queueImport(
  db: Db,
  staffUserId: string,
  fileName: string,
  file: CheckedFile,
): Promise<ImportJob> {
  return db.transaction(async (tx) => {
    // Two staff members starting imports at once queue one after the other here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal.import_jobs'))`);
    const [open] = await tx
      .select({ id: importJobs.id })
      .from(importJobs)
      .where(inArray(importJobs.status, ['queued', 'running']))
      .limit(1);
    if (open) throw conflict('import.already_running');
    const [row] = await tx
      .insert(importJobs)
      .values({
        kind: file.kind,
        fileName,
        columns: file.columns,
        total: file.rows.length,
        createdBy: staffUserId,
      })
      .returning(listed);
    if (!row) throw new Error('import job not written');
    // One statement for every row, numbered from 0 in file order.
    await tx.execute(sql`insert into ${importJobRows} (job_id, position, row)
      select ${row.id}, ordinality - 1, value
      from jsonb_array_elements(${JSON.stringify(file.rows)}::jsonb) with ordinality`);
    await recordAudit(tx, {
      staffUserId,
      action: 'product.import',
      entityType: 'import',
      entityId: row.id,
      entityLabel: fileName,
      after: { kind: file.kind, rows: file.rows.length, ...file.report.counts },
    });
    return jobOf(row);
  });
}

export async function importJob(db: Db, jobId: string): Promise<ImportJob> {
  const [row] = await db.select(listed).from(importJobs).where(eq(importJobs.id, jobId));
  if (!row) throw notFound('errors.import_not_found');
  return jobOf(row);
}

/** The latest imports, newest first: the page finds a running one after a reload. */
export async function latestImportJobs(db: Db): Promise<{ items: ImportJob[] }> {
  const rows = await db
    .select(listed)
    .from(importJobs)
    .orderBy(desc(importJobs.createdAt))
    .limit(10);
  return { items: rows.map(jobOf) };
}

/** The rows of a batch as JSON records for `jsonb_to_recordset`. */
const records = (rows: object[]) => JSON.stringify(rows);

/** Creates the new products of a batch, their texts and categories follow. */
async function createProducts(tx: Tx, rows: ImportRow[]) {
  if (rows.length === 0) return;
  await explainStockChanges(tx, { reason: 'received' });
  await tx.execute(sql`
    insert into ${products} (sku, reference, ean, slug, price_cents, quantity, is_in_stock,
      weight_grams, box_width_mm, box_height_mm, box_length_mm, manufacturer, state,
      warranty_months, is_active, specifications, images)
    select v.sku, v.reference, v.ean, v.slug, v."priceCents", coalesce(v.quantity, 0), true,
      coalesce(v."weightGrams", 0), coalesce(v."boxWidthMm", 0), coalesce(v."boxHeightMm", 0),
      coalesce(v."boxLengthMm", 0), v.manufacturer, coalesce(v.state, 'new'),
      coalesce(v."warrantyMonths", 24), coalesce(v."isActive", true), '[]'::jsonb, '[]'::jsonb
    from jsonb_to_recordset(${records(rows)}::jsonb) as v(sku text, reference text, ean text,
      slug text, "priceCents" int, quantity int, "weightGrams" int, "boxWidthMm" int,
      "boxHeightMm" int, "boxLengthMm" int, manufacturer text, state text,
      "warrantyMonths" int, "isActive" boolean)`);
}

/**
 * Applies the columns present to existing products in one statement: empty cells keep what is
 * there; only rows that change something are written (their updated_at moves when more than the
 * stock changed). Units arriving for a product that had run out put it back on sale.
 */
async function updateProducts(tx: Tx, rows: ImportRow[]) {
  if (rows.length === 0) return;
  await explainStockChanges(tx, { reason: 'correction' });
  const next = (column: string, field: string, type = '') =>
    sql.raw(`coalesce(v."${field}"${type}, p.${column})`);
  await tx.execute(sql`
    update ${products} p set
      price_cents = ${next('price_cents', 'priceCents')},
      quantity = ${next('quantity', 'quantity')},
      is_in_stock = p.is_in_stock or (p.quantity <= 0 and coalesce(v.quantity, 0) > 0),
      reference = ${next('reference', 'reference')},
      ean = ${next('ean', 'ean')},
      manufacturer = ${next('manufacturer', 'manufacturer')},
      state = ${next('state', 'state')},
      warranty_months = ${next('warranty_months', 'warrantyMonths')},
      weight_grams = ${next('weight_grams', 'weightGrams')},
      box_width_mm = ${next('box_width_mm', 'boxWidthMm')},
      box_height_mm = ${next('box_height_mm', 'boxHeightMm')},
      box_length_mm = ${next('box_length_mm', 'boxLengthMm')},
      is_active = ${next('is_active', 'isActive')},
      updated_at = case when (p.price_cents, p.reference, p.ean, p.manufacturer, p.state,
          p.warranty_months, p.weight_grams, p.box_width_mm, p.box_height_mm, p.box_length_mm,
          p.is_active) is distinct from (${next('price_cents', 'priceCents')},
          ${next('reference', 'reference')}, ${next('ean', 'ean')},
          ${next('manufacturer', 'manufacturer')}, ${next('state', 'state')},
          ${next('warranty_months', 'warrantyMonths')}, ${next('weight_grams', 'weightGrams')},
          ${next('box_width_mm', 'boxWidthMm')}, ${next('box_height_mm', 'boxHeightMm')},
          ${next('box_length_mm', 'boxLengthMm')}, ${next('is_active', 'isActive')})
        then now() else p.updated_at end
    from jsonb_to_recordset(${records(rows)}::jsonb) as v(sku text, "priceCents" int,
      quantity int, reference text, ean text, manufacturer text, state text,
      "warrantyMonths" int, "weightGrams" int, "boxWidthMm" int, "boxHeightMm" int,
      "boxLengthMm" int, "isActive" boolean)
    where p.sku = v.sku`);
}

/** Titles and descriptions of the batch: changed where the language has a row, added with a title. */
async function writeTexts(tx: Tx, rows: ImportRow[]) {
  const texts = rows.flatMap((row) =>
    LOCALES.flatMap((locale: Locale) => {
      const title = row.titles?.[locale];
      const description = row.descriptions?.[locale];
      return title === undefined && description === undefined
        ? []
        : [{ sku: row.sku, locale, title: title ?? null, description: description ?? null }];
    }),
  );
  if (texts.length === 0) return;
  const json = records(texts);
  await tx.execute(sql`
    update product_translations t set title = coalesce(v.title, t.title),
      description = coalesce(v.description, t.description)
    from jsonb_to_recordset(${json}::jsonb) as v(sku text, locale text, title text,
      description text), ${products} p
    where p.sku = v.sku and t.product_id = p.id and t.locale = v.locale
      and (t.title, t.description) is distinct from
        (coalesce(v.title, t.title), coalesce(v.description, t.description))`);
  await tx.execute(sql`
    insert into product_translations (product_id, locale, title, description)
    select p.id, v.locale, v.title, coalesce(v.description, '')
    from jsonb_to_recordset(${json}::jsonb) as v(sku text, locale text, title text,
      description text)
    join ${products} p on p.sku = v.sku
    where v.title is not null
    on conflict do nothing`);
}

/** A row's category becomes the product's only one. */
async function writeCategories(tx: Tx, rows: ImportRow[]) {
  const placed = rows.filter((row) => row.categoryId);
  if (placed.length === 0) return;
  const json = records(placed.map((row) => ({ sku: row.sku, category: row.categoryId })));
  await tx.execute(sql`
    delete from ${productCategories} c using jsonb_to_recordset(${json}::jsonb)
      as v(sku text, category uuid), ${products} p
    where p.sku = v.sku and c.product_id = p.id and c.category_id <> v.category`);
  await tx.execute(sql`
    insert into ${productCategories} (product_id, category_id)
    select p.id, v.category from jsonb_to_recordset(${json}::jsonb) as v(sku text, category uuid)
    join ${products} p on p.sku = v.sku
    on conflict do nothing`);
}

/**
 * Applies one batch of rows as the catalog is now (a row checked as new may exist by now, and
 * the other way round): answers how many it created, updated and left unchanged.
 */
export async function applyImportBatch(tx: Tx, rows: ImportRow[]) {
  const current = await currentProducts(
    tx,
    rows.map((row) => row.sku),
    {
      texts: rows.some((row) => row.titles || row.descriptions),
      categories: rows.some((row) => row.categoryId),
    },
  );
  const created = rows.filter((row) => !current.has(row.sku) && row.slug);
  const changed = rows.filter((row) => {
    const product = current.get(row.sku);
    return product !== undefined && changes(row, product);
  });
  await createProducts(tx, created);
  await updateProducts(tx, changed);
  await writeTexts(tx, [...created, ...changed]);
  await writeCategories(tx, [...created, ...changed]);
  return {
    created: created.length,
    updated: changed.length,
    unchanged: rows.length - created.length - changed.length,
  };
}

/** Takes the oldest queued job, or a running one whose worker stopped answering. */
async function takeJob(db: Db): Promise<JobSummary | null> {
  const [row] = await db
    .execute(
      sql`
    update import_jobs set status = 'running', heartbeat_at = now()
    where id = (select id from import_jobs
      where status = 'queued' or (status = 'running'
        and heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))
      order by created_at for update skip locked limit 1)
    returning id`,
    )
    .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
  if (!row) return null;
  const [job] = await db.select(listed).from(importJobs).where(eq(importJobs.id, row.id));
  return job ?? null;
}

/**
 * Runs one job to its end from where it stands: batch after batch, read by position, each with
 * its progress in one transaction. `onBatch` is told after each (the catalog of this process
 * looks at once).
 */
async function runJob(
  db: Db,
  job: JobSummary,
  onBatch: () => void,
  { batchSize, pauseMs }: { batchSize: number; pauseMs: number },
) {
  for (let start = job.processed; start < job.total; start += batchSize) {
    await db.transaction(async (tx) => {
      const batch = await tx
        .select({ row: importJobRows.row })
        .from(importJobRows)
        .where(
          and(
            eq(importJobRows.jobId, job.id),
            gte(importJobRows.position, start),
            lt(importJobRows.position, start + batchSize),
          ),
        )
        .orderBy(asc(importJobRows.position));
      const rows = batch.map((item) => item.row as unknown as ImportRow);
      const counts = await applyImportBatch(tx, rows);
      await tx
        .update(importJobs)
        .set({
          processed: Math.min(start + batchSize, job.total),
          created: sql`${importJobs.created} + ${counts.created}`,
          updated: sql`${importJobs.updated} + ${counts.updated}`,
          unchanged: sql`${importJobs.unchanged} + ${counts.unchanged}`,
          heartbeatAt: sql`now()`,
        })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.processed, start)));
    });
    onBatch();
    if (pauseMs > 0) await sleep(pauseMs);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(importJobs)
      .set({ status: 'done', finishedAt: sql`now()` })
      .where(eq(importJobs.id, job.id));
    // The rows are applied: the job keeps its counts, not its file.
    await tx.delete(importJobRows).where(eq(importJobRows.jobId, job.id));
  });
}

export interface ImportWorker {
  stop(): Promise<void>;
  /** Runs every job waiting now, to its end. */
  drain(): Promise<void>;
}

/**
 * Runs imports in the background, every `intervalMs` looking for a job (SKIP LOCKED: several
 * processes may run one worker each, one job is run by one of them). A job that fails is marked
 * failed with the reason; the batches applied before stay applied.
 */
export function startImportWorker(
  db: Db,
  log: FastifyBaseLogger,
  onBatch: () => void,
  { intervalMs = 1_000, batchSize = IMPORT_BATCH_SIZE, pauseMs = PAUSE_BETWEEN_BATCHES_MS } = {},
): ImportWorker {
  let running: Promise<void> | null = null;
  const drain = async () => {
    for (let job = await takeJob(db); job; job = await takeJob(db)) {
      try {
        await runJob(db, job, onBatch, { batchSize, pauseMs });
        log.info({ job: job.id, rows: job.total }, 'import finished');
      } catch (error) {
        log.error({ err: error, job: job.id }, 'import failed');
        await db
          .update(importJobs)
          .set({
            status: 'failed',
            error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
            finishedAt: sql`now()`,
          })
          .where(eq(importJobs.id, job.id));
      }
    }
  };
  const tick = () => {
    running ??= drain()
      .catch((error: unknown) => log.error({ err: error }, 'import worker failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
    drain: async () => {
      await running;
      await drain();
    },
  };
}
