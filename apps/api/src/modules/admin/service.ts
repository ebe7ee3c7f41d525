import type {
  Locale,
  Registration,
  RegistrationList,
  VatVerificationRequest,
} from '@portal/contract';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { companies, invoiceAddresses, users } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { webUrl } from '../../platform/urls';
import { recordAudit } from '../audit';

const pendingOwner = and(eq(users.companyId, companies.id), eq(users.role, 'owner'));

/** Company registrations waiting for review, oldest first, paginated in the database. */
export async function listPendingRegistrations(
  db: Db,
  page: number,
  limit: number,
): Promise<RegistrationList> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ company: companies, owner: users })
      .from(companies)
      .innerJoin(users, pendingOwner)
      .where(eq(companies.status, 'pending'))
      .orderBy(asc(companies.createdAt), asc(companies.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(companies).where(eq(companies.status, 'pending')),
  ]);
  const total = totals?.total ?? 0;
  const items: Registration[] = rows.map(({ company, owner }) => ({
    company: {
      _id: company.id,
      company: company.name,
      company_register_number: company.companyRegisterNumber,
      vat_number: company.vatNumber,
      country: company.country as Registration['company']['country'],
      city: company.city,
      postcode: company.postcode,
      street: company.street,
      house_number: company.houseNumber,
      created_at: company.createdAt.toISOString(),
    },
    owner: {
      _id: owner.id,
      full_name: `${owner.firstName} ${owner.lastName}`,
      email: owner.email,
      phone: owner.phone,
    },
  }));
  return { items, total, page, totalPage: Math.max(1, Math.ceil(total / limit)) };
}

type Decision = 'approve' | 'reject';

/**
 * Approves or rejects a pending registration: the company and its owner change status together,
 * and the owner is mailed in their language (approval: the sign-in email and link, no password).
 */
export async function reviewRegistration(
  db: Db,
  config: Config,
  staffUserId: string,
  companyId: string,
  decision: Decision,
) {
  await db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, status: companies.status })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update')
      .limit(1);
    if (!company) throw notFound();
    if (company.status !== 'pending') throw conflict('errors.registration_not_pending');
    await tx
      .update(companies)
      .set({
        status: decision === 'approve' ? 'active' : 'rejected',
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      staffUserId,
      action: decision === 'approve' ? 'company.approve' : 'company.reject',
      entityType: 'company',
      entityId: company.id,
      entityLabel: company.name,
      before: { status: company.status },
      after: { status: decision === 'approve' ? 'active' : 'rejected' },
    });
    const owners = await tx
      .update(users)
      .set({ status: decision === 'approve' ? 'active' : 'inactive', updatedAt: sql`now()` })
      .where(
        and(eq(users.companyId, companyId), eq(users.role, 'owner'), eq(users.status, 'pending')),
      )
      .returning({ email: users.email, firstName: users.firstName, locale: users.locale });
    for (const owner of owners) {
      const locale = owner.locale as Locale;
      if (decision === 'approve') {
        await enqueueMail(tx, {
          to: owner.email,
          template: 'registration_approved',
          locale,
          vars: {
            first_name: owner.firstName,
            company: company.name,
            email: owner.email,
            sign_in_url: webUrl(config, locale, '/sign-in'),
          },
        });
      } else {
        await enqueueMail(tx, {
          to: owner.email,
          template: 'registration_rejected',
          locale,
          vars: { first_name: owner.firstName, company: company.name },
        });
      }
    }
  });
}

/**
 * Staff mark a VAT number verified (now) or unverified: the company's, or one of its invoice
 * entities'. 404 for an unknown company or an entity of another company.
 */
export async function setVatVerification(
  db: Db,
  staffUserId: string,
  companyId: string,
  input: VatVerificationRequest,
): Promise<{ vat_number: string | null; vat_verified_at: string | null }> {
  const verifiedAt = input.verified ? new Date() : null;
  return db.transaction(async (tx) => {
    const [row] = await verifyVatNumber(tx, companyId, input, verifiedAt);
    if (!row) throw notFound();
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      staffUserId,
      action: 'company.vat_verification',
      entityType: 'company',
      entityId: companyId,
      entityLabel: company?.name ?? null,
      after: {
        vat_number: row.vatNumber,
        invoice_address_id: input.invoice_address_id ?? null,
        verified: input.verified,
      },
    });
    return { vat_number: row.vatNumber, vat_verified_at: row.at ? row.at.toISOString() : null };
  });
}

function verifyVatNumber(
  db: Executor,
  companyId: string,
  input: VatVerificationRequest,
  verifiedAt: Date | null,
) {
  return input.invoice_address_id
    ? db
        .update(invoiceAddresses)
        .set({ vatVerifiedAt: verifiedAt, updatedAt: sql`now()` })
        .where(
          and(
            eq(invoiceAddresses.id, input.invoice_address_id),
            eq(invoiceAddresses.companyId, companyId),
            isNotNull(invoiceAddresses.vatNumber),
          ),
        )
        .returning({ vatNumber: invoiceAddresses.vatNumber, at: invoiceAddresses.vatVerifiedAt })
    : db
        .update(companies)
        .set({ vatVerifiedAt: verifiedAt, updatedAt: sql`now()` })
        .where(eq(companies.id, companyId))
        .returning({ vatNumber: companies.vatNumber, at: companies.vatVerifiedAt });
}
