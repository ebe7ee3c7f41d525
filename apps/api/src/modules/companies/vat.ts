import type { Country, VatCheckOutcome, VatCheckResponse } from '@portal/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { companies, invoiceAddresses } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { VatChecker } from '../../platform/vat';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job';

/**
 * The new `vat_number_unactive_at` after a check: cleared when active, kept (or set now) when
 * inactive, unchanged when the register could not be asked.
 */
export function inactiveSince(outcome: VatCheckOutcome, current: Date | null): Date | null {
  if (outcome === 'active') return null;
  if (outcome === 'inactive') return current ?? new Date();
  return current;
}

/**
 * The new `vat_verified_at` after a check: now when the register (VIES) confirmed the number,
 * null when it refused it, unchanged otherwise. The offline checker only checks the format:
 * it verifies nothing.
 */
export function verifiedSince(
  checker: Pick<VatChecker, 'name'>,
  outcome: VatCheckOutcome,
  current: Date | null,
): Date | null {
  if (outcome === 'inactive') return null;
  if (outcome === 'active' && checker.name === 'vies') return new Date();
  return current;
}

function answer(
  ctx: RequestContext,
  outcome: VatCheckOutcome,
  vatNumber: string,
  unactiveAt: Date | null,
): VatCheckResponse {
  return {
    message: t(
      ctx.locale,
      outcome === 'unavailable' ? 'messages.vat_unavailable' : 'messages.vat_checked',
    ),
    outcome,
    vat_number: vatNumber,
    vat_number_unactive_at: unactiveAt ? unactiveAt.toISOString() : null,
  };
}

/** Asks the register about the company's VAT number and keeps the answer (active, verified). */
export async function recheckCompany(db: Db, checker: VatChecker, companyId: string) {
  const [company] = await db
    .select({
      vatNumber: companies.vatNumber,
      country: companies.country,
      unactiveAt: companies.vatNumberUnactiveAt,
      verifiedAt: companies.vatVerifiedAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound();
  const outcome = await checker.check(company.vatNumber, company.country as Country);
  const unactiveAt = inactiveSince(outcome, company.unactiveAt);
  const verifiedAt = verifiedSince(checker, outcome, company.verifiedAt);
  // Only if the number was not changed meanwhile: the check was for this one.
  await db
    .update(companies)
    .set({ vatNumberUnactiveAt: unactiveAt, vatVerifiedAt: verifiedAt, updatedAt: sql`now()` })
    .where(and(eq(companies.id, companyId), eq(companies.vatNumber, company.vatNumber)));
  return { outcome, vatNumber: company.vatNumber, unactiveAt };
}

async function recheckInvoiceEntity(db: Db, checker: VatChecker, companyId: string, id: string) {
  const [entity] = await db
    .select({
      vatNumber: invoiceAddresses.vatNumber,
      country: invoiceAddresses.country,
      unactiveAt: invoiceAddresses.vatNumberUnactiveAt,
      verifiedAt: invoiceAddresses.vatVerifiedAt,
    })
    .from(invoiceAddresses)
    .where(and(eq(invoiceAddresses.id, id), eq(invoiceAddresses.companyId, companyId)))
    .limit(1);
  if (!entity) throw notFound();
  // An invoice entity without a VAT number has nothing that can be inactive (nor verified).
  const outcome = entity.vatNumber
    ? await checker.check(entity.vatNumber, entity.country as Country)
    : 'active';
  const unactiveAt = inactiveSince(outcome, entity.unactiveAt);
  const verifiedAt = entity.vatNumber ? verifiedSince(checker, outcome, entity.verifiedAt) : null;
  await db
    .update(invoiceAddresses)
    .set({ vatNumberUnactiveAt: unactiveAt, vatVerifiedAt: verifiedAt, updatedAt: sql`now()` })
    .where(
      and(
        eq(invoiceAddresses.id, id),
        entity.vatNumber
          ? eq(invoiceAddresses.vatNumber, entity.vatNumber)
          : sql`${invoiceAddresses.vatNumber} is null`,
      ),
    );
  return { outcome, vatNumber: entity.vatNumber ?? '', unactiveAt };
}

/** `POST /companies/check-vat-number`: checks the caller's company number again. */
export async function checkCompanyVatNumber(db: Db, checker: VatChecker, ctx: RequestContext) {
  if (!ctx.companyId) throw notFound();
  const result = await recheckCompany(db, checker, ctx.companyId);
  return answer(ctx, result.outcome, result.vatNumber, result.unactiveAt);
}

/** `POST /companies/check-invoice-vat-number/{invoiceId}`: one invoice entity of the company. */
export async function checkInvoiceVatNumber(
  db: Db,
  checker: VatChecker,
  ctx: RequestContext,
  invoiceId: string,
) {
  if (!ctx.companyId) throw notFound();
  const result = await recheckInvoiceEntity(db, checker, ctx.companyId, invoiceId);
  return answer(ctx, result.outcome, result.vatNumber, result.unactiveAt);
}

export interface RecheckSummary {
  checked: number;
  inactive: number;
  unavailable: number;
}

/** The daily job's work: every active company's number and its invoice entities' numbers, one by one. */
export async function recheckAllVatNumbers(db: Db, checker: VatChecker): Promise<RecheckSummary> {
  const summary: RecheckSummary = { checked: 0, inactive: 0, unavailable: 0 };
  const count = (outcome: VatCheckOutcome) => {
    summary.checked += 1;
    if (outcome === 'inactive') summary.inactive += 1;
    if (outcome === 'unavailable') summary.unavailable += 1;
  };
  const active = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.status, 'active'))
    .orderBy(asc(companies.id));
  for (const company of active) {
    count((await recheckCompany(db, checker, company.id)).outcome);
    const entities = await db
      .select({ id: invoiceAddresses.id })
      .from(invoiceAddresses)
      .where(and(eq(invoiceAddresses.companyId, company.id), isNotNull(invoiceAddresses.vatNumber)))
      .orderBy(asc(invoiceAddresses.id));
    for (const entity of entities) {
      count((await recheckInvoiceEntity(db, checker, company.id, entity.id)).outcome);
    }
  }
  return summary;
}

/** Runs `recheckAllVatNumbers` every `intervalMs` (daily by default), in one API process of all. */
export function startVatRecheckJob(
  db: Db,
  checker: VatChecker,
  intervalMs: number,
  log: FastifyBaseLogger,
): PeriodicJob {
  // One process of several checks at each turn: VIES is asked once per number, not per process.
  return startPeriodicJob(
    db,
    'VAT recheck',
    intervalMs,
    async () => {
      log.info(await recheckAllVatNumbers(db, checker), 'VAT numbers rechecked');
    },
    log,
  );
}
