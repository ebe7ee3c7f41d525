import type {
  CompanyProfile,
  CompanyProfileUpdate,
  Country,
  InvoiceFormat,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { companies } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import type { VatChecker } from '../../platform/vat';
import { inactiveSince, verifiedSince } from './vat';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const dayOf = (value: Date) => value.toISOString().slice(0, 10);

/** The caller's own company; another company's id is not found (never forbidden). */
export async function findOwnCompany(db: Executor, ctx: RequestContext, companyId: string) {
  if (!ctx.companyId || ctx.companyId !== companyId) throw notFound();
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound();
  return company;
}

/** A company's name (mails that name it); empty for an id that is no company. */
export async function companyName(db: Executor, companyId: string): Promise<string> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.name ?? '';
}

function toProfile(company: typeof companies.$inferSelect): CompanyProfile {
  return {
    _id: company.id,
    company: company.name,
    company_register_number: company.companyRegisterNumber,
    vat_number: company.vatNumber,
    vat_number_unactive_at: iso(company.vatNumberUnactiveAt),
    country: company.country as Country,
    city: company.city,
    postcode: company.postcode,
    street: company.street,
    house_number: company.houseNumber,
    registered_day: dayOf(company.registeredAt),
    is_xml_active: company.isXmlActive === 'on' ? 'on' : 'off',
    invoice_format: company.invoiceFormat as InvoiceFormat,
  };
}

/** The company profile of SPEC section 3, for any member of the company. */
export async function getCompanyProfile(db: Db, ctx: RequestContext, companyId: string) {
  return toProfile(await findOwnCompany(db, ctx, companyId));
}

/**
 * Saves the company profile (owners). A changed VAT number is checked at once: the purchase
 * block follows the new number; when the register cannot be asked, the block stays as it was.
 */
export async function updateCompanyProfile(
  db: Db,
  checker: VatChecker,
  ctx: RequestContext,
  companyId: string,
  input: CompanyProfileUpdate,
): Promise<CompanyProfile> {
  const company = await findOwnCompany(db, ctx, companyId);
  const vatChanged = input.vat_number !== company.vatNumber || input.country !== company.country;
  const outcome = vatChanged ? await checker.check(input.vat_number, input.country) : null;
  const unactiveAt = outcome
    ? inactiveSince(outcome, company.vatNumberUnactiveAt)
    : company.vatNumberUnactiveAt;
  // A new number is unverified until the register confirms it.
  const verifiedAt = outcome ? verifiedSince(checker, outcome, null) : company.vatVerifiedAt;
  const [updated] = await db
    .update(companies)
    .set({
      name: input.company,
      companyRegisterNumber: input.company_register_number,
      vatNumber: input.vat_number,
      vatNumberUnactiveAt: unactiveAt,
      vatVerifiedAt: verifiedAt,
      country: input.country,
      city: input.city,
      postcode: input.postcode,
      street: input.street,
      houseNumber: input.house_number,
      ...(input.invoice_format ? { invoiceFormat: input.invoice_format } : {}),
      registeredAt: new Date(`${input.registered_day}T00:00:00Z`),
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, company.id))
    .returning();
  if (!updated) throw notFound();
  return toProfile(updated);
}
