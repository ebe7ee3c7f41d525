import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  INVOICE_ARCHIVE_KEEP_DAYS,
  isLocale,
  DEFAULT_LOCALE,
  type InvoiceArchive,
  type InvoiceArchiveRequest,
  type InvoiceArchiveStatus,
  type Locale,
} from '@portal/contract';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import { creditNotes, invoiceArchives, invoices, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { companyOf } from '../addresses';
import type { DocumentPdfs } from './routes';

/** A running archive whose worker has not written for this long is taken over by another. */
const STALE_SECONDS = 60;
/** A short pause between PDFs leaves the PDF workers to buyers' downloads. */
const PAUSE_BETWEEN_DOCUMENTS_MS = 5;

type ArchiveRow = typeof invoiceArchives.$inferSelect;
const listed = {
  id: invoiceArchives.id,
  dateFrom: invoiceArchives.dateFrom,
  dateTo: invoiceArchives.dateTo,
  status: invoiceArchives.status,
  total: invoiceArchives.total,
  done: invoiceArchives.done,
  sizeBytes: invoiceArchives.sizeBytes,
  error: invoiceArchives.error,
  createdAt: invoiceArchives.createdAt,
  finishedAt: invoiceArchives.finishedAt,
  expiresAt: invoiceArchives.expiresAt,
};
type ListedRow = Pick<ArchiveRow, keyof typeof listed>;

function archiveOf(row: ListedRow): InvoiceArchive {
  return {
    _id: row.id,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    status: row.status as InvoiceArchiveStatus,
    total: row.total,
    done: row.done,
    size_bytes: row.sizeBytes,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** Queues an archive of the company's documents of a period; one at a time per member. */
export async function requestArchive(
  db: Db,
  ctx: RequestContext,
  period: InvoiceArchiveRequest,
): Promise<InvoiceArchive> {
  const companyId = companyOf(ctx);
  return db.transaction(async (tx) => {
    // Two clicks at once queue one archive, not two.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`invoice_archive:${ctx.userId}`}))`,
    );
    const [open] = await tx
      .select({ id: invoiceArchives.id })
      .from(invoiceArchives)
      .where(
        and(
          eq(invoiceArchives.requestedBy, ctx.userId),
          inArray(invoiceArchives.status, ['queued', 'running']),
        ),
      )
      .limit(1);
    if (open) throw conflict('errors.archive_running');
    const [row] = await tx
      .insert(invoiceArchives)
      .values({
        companyId,
        requestedBy: ctx.userId,
        locale: ctx.locale,
        dateFrom: period.date_from,
        dateTo: period.date_to,
      })
      .returning(listed);
    if (!row) throw new Error('archive not queued');
    return archiveOf(row);
  });
}

/** The caller's last archives, newest first. */
export async function listArchives(db: Db, ctx: RequestContext): Promise<InvoiceArchive[]> {
  const companyId = companyOf(ctx);
  const rows = await db
    .select(listed)
    .from(invoiceArchives)
    .where(
      and(eq(invoiceArchives.requestedBy, ctx.userId), eq(invoiceArchives.companyId, companyId)),
    )
    .orderBy(desc(invoiceArchives.createdAt))
    .limit(10);
  return rows.map(archiveOf);
}

/** A ready archive's ZIP, or why there is none (404: unknown, another's, not ready, expired). */
async function readyFile(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      content: invoiceArchives.content,
      dateFrom: invoiceArchives.dateFrom,
      dateTo: invoiceArchives.dateTo,
      tokenHash: invoiceArchives.downloadTokenHash,
    })
    .from(invoiceArchives)
    .where(
      and(where, eq(invoiceArchives.status, 'ready'), sql`${invoiceArchives.expiresAt} > now()`),
    );
  if (!row?.content) throw notFound('errors.archive_not_found');
  return row;
}

const fileNameOf = (row: { dateFrom: string; dateTo: string }) =>
  `invoices-${row.dateFrom}-${row.dateTo}.zip`;

/** The caller's ready archive (signed in). */
export async function archiveFile(db: Db, ctx: RequestContext, id: string) {
  const row = await readyFile(
    db,
    and(
      eq(invoiceArchives.id, id),
      eq(invoiceArchives.requestedBy, ctx.userId),
      eq(invoiceArchives.companyId, companyOf(ctx)),
    ),
  );
  return { fileName: fileNameOf(row), content: row.content as Buffer };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A ready archive by the mailed link's token (no sign-in); a wrong token is 404 too. */
export async function archiveFileByToken(db: Db, id: string, token: string) {
  const row = await readyFile(db, eq(invoiceArchives.id, id));
  const given = Buffer.from(hashOf(token));
  const kept = Buffer.from(row.tokenHash ?? '');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) {
    throw notFound('errors.archive_not_found');
  }
  return { fileName: fileNameOf(row), content: row.content as Buffer };
}

/** Takes the oldest queued archive (or one whose worker stopped writing), for this worker. */
async function takeArchive(db: Db): Promise<ArchiveRow | undefined> {
  const [row] = await db
    .update(invoiceArchives)
    .set({ status: 'running', heartbeatAt: sql`now()` })
    .where(
      eq(
        invoiceArchives.id,
        sql`(select id from ${invoiceArchives}
          where ${invoiceArchives.status} = 'queued'
            or (${invoiceArchives.status} = 'running'
              and ${invoiceArchives.heartbeatAt} < now() - make_interval(secs => ${STALE_SECONDS}))
          order by ${invoiceArchives.createdAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/** The documents of the archive's company and period, oldest first: invoices, then credit notes. */
async function documentsOf(db: Db, archive: ArchiveRow) {
  const from = sql`${archive.dateFrom}::date`;
  const until = sql`(${archive.dateTo}::date + interval '1 day')`;
  const [invoiceRows, creditNoteRows] = await Promise.all([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, archive.companyId),
          gte(invoices.issuedAt, from),
          lt(invoices.issuedAt, until),
        ),
      )
      .orderBy(asc(invoices.issuedAt), asc(invoices.sequence)),
    db
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(
        and(
          eq(creditNotes.companyId, archive.companyId),
          gte(creditNotes.issuedAt, from),
          lt(creditNotes.issuedAt, until),
        ),
      )
      .orderBy(asc(creditNotes.issuedAt)),
  ]);
  return [
    ...invoiceRows.map((row) => ({ kind: 'invoice' as const, id: row.id })),
    ...creditNoteRows.map((row) => ({ kind: 'credit-note' as const, id: row.id })),
  ];
}

/** The ZIP's bytes as yazl writes them. */
function zipBytes(zip: ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const dayIn = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Builds one archive: each document's PDF in the requester's language into the ZIP (progress
 * written as it goes), then the file, its expiry and the hashed link token in one transaction
 * with the requester's mail.
 */
async function buildArchive(
  db: Db,
  documents: DocumentPdfs,
  appUrl: string,
  archive: ArchiveRow,
  pauseMs: number,
  stopping: () => boolean,
) {
  const locale: Locale = isLocale(archive.locale) ? archive.locale : DEFAULT_LOCALE;
  const list = await documentsOf(db, archive);
  await db
    .update(invoiceArchives)
    .set({ total: list.length, done: 0, heartbeatAt: sql`now()` })
    .where(eq(invoiceArchives.id, archive.id));
  const zip = new ZipFile();
  const bytes = zipBytes(zip);
  for (const [index, document] of list.entries()) {
    if (stopping()) throw new Interrupted();
    const file =
      document.kind === 'invoice'
        ? await documents.invoice(archive.companyId, document.id, locale)
        : await documents.creditNote(archive.companyId, document.id, locale);
    zip.addBuffer(
      Buffer.from(file.pdf),
      `${document.kind === 'invoice' ? 'invoices' : 'credit-notes'}/${file.fileName}`,
    );
    await db
      .update(invoiceArchives)
      .set({ done: index + 1, heartbeatAt: sql`now()` })
      .where(eq(invoiceArchives.id, archive.id));
    if (pauseMs > 0) await sleep(pauseMs);
  }
  zip.end();
  const content = await bytes;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [ready] = await tx
      .update(invoiceArchives)
      .set({
        status: 'ready',
        content,
        sizeBytes: content.length,
        downloadTokenHash: hashOf(token),
        finishedAt: sql`now()`,
        expiresAt: sql`now() + make_interval(days => ${INVOICE_ARCHIVE_KEEP_DAYS})`,
      })
      .where(eq(invoiceArchives.id, archive.id))
      .returning({ expiresAt: invoiceArchives.expiresAt });
    const [requester] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, archive.requestedBy));
    if (!ready?.expiresAt || !requester) return;
    await enqueueMail(tx, {
      to: requester.email,
      template: 'invoice_archive_ready',
      locale,
      vars: {
        first_name: requester.firstName,
        date_from: dayIn(archive.dateFrom, locale),
        date_to: dayIn(archive.dateTo, locale),
        count: list.length,
        download_url: `${appUrl}/api/invoices/archives/${archive.id}/download?token=${token}`,
        expires_at: new Intl.DateTimeFormat(locale, {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone: 'UTC',
        }).format(ready.expiresAt),
      },
    });
  });
}

/** Ready archives past their expiry lose their file. */
async function expireArchives(db: Db) {
  await db
    .update(invoiceArchives)
    .set({ status: 'expired', content: null, downloadTokenHash: null })
    .where(and(eq(invoiceArchives.status, 'ready'), sql`${invoiceArchives.expiresAt} <= now()`));
}

/** The process is stopping: the archive goes back to the queue for any process to build. */
class Interrupted extends Error {}

export interface ArchiveWorker {
  stop(): Promise<void>;
  /** Builds every queued archive now (tests, and the timer). */
  drain(): Promise<void>;
}

/**
 * Builds queued archives one after the other, in any number of processes (a job is taken with
 * SKIP LOCKED; one whose worker died is taken over after STALE_SECONDS), and expires old ones.
 */
export function startArchiveWorker(
  db: Db,
  documents: DocumentPdfs,
  appUrl: string,
  log: FastifyBaseLogger,
  { intervalMs = 2_000, pauseMs = PAUSE_BETWEEN_DOCUMENTS_MS } = {},
): ArchiveWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const drain = async () => {
    await expireArchives(db);
    for (
      let archive = stopped ? undefined : await takeArchive(db);
      archive;
      archive = stopped ? undefined : await takeArchive(db)
    ) {
      try {
        await buildArchive(db, documents, appUrl, archive, pauseMs, () => stopped);
        log.info({ archive: archive.id }, 'invoice archive ready');
      } catch (error) {
        if (error instanceof Interrupted) {
          await db
            .update(invoiceArchives)
            .set({ status: 'queued', done: 0, heartbeatAt: null })
            .where(eq(invoiceArchives.id, archive.id));
          return;
        }
        log.error({ err: error, archive: archive.id }, 'invoice archive failed');
        await db
          .update(invoiceArchives)
          .set({
            status: 'failed',
            error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
            finishedAt: sql`now()`,
          })
          .where(eq(invoiceArchives.id, archive.id));
      }
    }
  };
  const tick = () => {
    running ??= drain()
      .catch((error: unknown) => log.error({ err: error }, 'invoice archive worker failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    drain: async () => {
      await running;
      await drain();
    },
  };
}
