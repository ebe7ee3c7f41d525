import { can, isLocale, type Me } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { companies, invoiceAddresses, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { xmlFeedUrl } from '../feed';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Finds a user by email, case-insensitively. */
export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

/** The signed-in user as SPEC section 3 describes it: company and invoice entities included. */
export async function getMe(db: Executor, config: Config, userId: string): Promise<Me> {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const { user, company } = row;
  const role = user.role as Me['role'];
  const feedOn = company?.isXmlActive === 'on' && company.status === 'active';
  const invoices = company
    ? await db
        .select({
          id: invoiceAddresses.id,
          companyName: invoiceAddresses.companyName,
          vatNumber: invoiceAddresses.vatNumber,
          vatNumberUnactiveAt: invoiceAddresses.vatNumberUnactiveAt,
        })
        .from(invoiceAddresses)
        .where(eq(invoiceAddresses.companyId, company.id))
        .orderBy(asc(invoiceAddresses.createdAt))
    : [];
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    role,
    status: user.status as Me['status'],
    locale: isLocale(user.locale) ? user.locale : 'en',
    company: company
      ? {
          _id: company.id,
          company: company.name,
          vat_number: company.vatNumber,
          vat_number_unactive_at: iso(company.vatNumberUnactiveAt),
          is_xml_active: company.isXmlActive === 'on' ? 'on' : 'off',
          country: company.country as NonNullable<Me['company']>['country'],
        }
      : null,
    invoices: invoices.map((invoice) => ({
      _id: invoice.id,
      company_name: invoice.companyName,
      vat_number: invoice.vatNumber,
      vat_number_unactive_at: iso(invoice.vatNumberUnactiveAt),
    })),
    xml_feed_url:
      feedOn && can(role, 'xml_feed.view') ? xmlFeedUrl(config, user.id, user.xmlFeedKey) : null,
  };
}
