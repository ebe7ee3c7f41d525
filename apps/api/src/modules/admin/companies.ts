import type {
  BlockRequest,
  CompanyStatus,
  Locale,
  Country,
  OrderStatus,
  Role,
  StaffCompany,
  StaffCompanyList,
  StaffCompanyListQuery,
  StaffCompanyRow,
  StaffCompanyUpdate,
  StaffVatCheckResponse,
  UserStatus,
} from '@portal/contract';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/prefix';
import { companies, companyOrderCounts, orders, priceLists, users } from '../../db/schema';
import { revokeAllSessions } from '../../platform/auth/sessions';
import { voidSecureKeys } from '../../platform/auth/secure-keys';
import { conflict, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { fromCents } from '../../platform/money';
import type { VatChecker } from '../../platform/vat';
import { recordAudit } from '../audit';
import { requestPasswordReset } from '../auth';
import { inactiveSince, recheckCompany, verifiedSince } from '../companies';
import { lastSignIn } from './staff';

/** Members of the company, and its orders as the kept per-status counts add them up. */
const memberCount = sql<number>`(select count(*)::int from ${users} u where u.company_id = ${companies}.id)`;
const orderCount = sql<number>`(select coalesce(sum(c.orders), 0)::int from ${companyOrderCounts} c
  where c.company_id = ${companies.id})`;

function rowOf(
  company: typeof companies.$inferSelect,
  members: number,
  orderTotal: number,
): StaffCompanyRow {
  return {
    _id: company.id,
    name: company.name,
    vat_number: company.vatNumber,
    vat_active: company.vatNumberUnactiveAt === null,
    country: company.country as Country,
    city: company.city,
    status: company.status as CompanyStatus,
    xml_feed: company.isXmlActive === 'on',
    members,
    orders: orderTotal,
    registered_at: company.registeredAt.toISOString(),
  };
}

/** `GET /admin/companies`: newest registrations first, by name or VAT number, status, country. */
export async function listCompanies(
  db: Db,
  query: StaffCompanyListQuery,
): Promise<StaffCompanyList> {
  const q = query.q ? escapeLike(query.q) : undefined;
  const where = and(
    q
      ? or(
          ilike(companies.name, `%${q}%`),
          sql`upper(${companies.vatNumber}) like upper(${q}) || '%'`,
        )
      : undefined,
    query.status ? eq(companies.status, query.status) : undefined,
    query.country ? eq(companies.country, query.country) : undefined,
    query.vat === 'active' ? isNull(companies.vatNumberUnactiveAt) : undefined,
    query.vat === 'inactive' ? isNotNull(companies.vatNumberUnactiveAt) : undefined,
  );
  // The matching companies are found once: counted by a window over them, then sorted and cut.
  const rows = await db
    .select({
      company: companies,
      members: memberCount,
      orders: orderCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companies)
    .where(where)
    .orderBy(desc(companies.registeredAt), desc(companies.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // A page past the last has no row to carry the count: count then.
  const total: number =
    rows[0]?.total ??
    (query.page > 1
      ? await db
          .select({ total: count() })
          .from(companies)
          .where(where)
          .then(([row]) => row?.total ?? 0)
      : 0);
  return {
    items: rows.map((row) => rowOf(row.company, row.members, row.orders)),
    total,
    page: query.page,
    totalPage: Math.ceil(total / query.limit),
  };
}

async function findCompany(db: Db, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('errors.company_not_found');
  return company;
}

/** `GET /admin/companies/{companyId}`: the profile, its members and its ten latest orders. */
export async function companyDetail(db: Db, companyId: string): Promise<StaffCompany> {
  const company = await findCompany(db, companyId);
  const [members, latest, [counted], [priceList]] = await Promise.all([
    db
      .select({
        member: users,
        lastSignInAt: lastSignIn,
      })
      .from(users)
      .where(eq(users.companyId, company.id))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(eq(orders.companyId, company.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(10),
    db
      .select({ orders: sql<number>`coalesce(sum(${companyOrderCounts.orders}), 0)::int` })
      .from(companyOrderCounts)
      .where(eq(companyOrderCounts.companyId, company.id)),
    company.priceListId
      ? db
          .select({ id: priceLists.id, name: priceLists.name })
          .from(priceLists)
          .where(eq(priceLists.id, company.priceListId))
      : [],
  ]);
  return {
    ...rowOf(company, members.length, counted?.orders ?? 0),
    company_register_number: company.companyRegisterNumber,
    postcode: company.postcode,
    street: company.street,
    house_number: company.houseNumber,
    vat_verified_at: company.vatVerifiedAt?.toISOString() ?? null,
    vat_number_unactive_at: company.vatNumberUnactiveAt?.toISOString() ?? null,
    reviewed_at: company.reviewedAt?.toISOString() ?? null,
    price_list: priceList ? { _id: priceList.id, name: priceList.name } : null,
    member_list: members.map(({ member, lastSignInAt }) => ({
      _id: member.id,
      full_name: `${member.firstName} ${member.lastName}`,
      email: member.email,
      phone: member.phone,
      role: member.role as Role,
      status: member.status as UserStatus,
      last_sign_in_at: lastSignInAt?.toISOString() ?? null,
    })),
    latest_orders: latest.map((order) => ({
      _id: order.id,
      order_number: order.orderNumber,
      date: order.createdAt.toISOString(),
      status: order.status as OrderStatus,
      order_value: fromCents(order.totalCents),
    })),
  };
}

/**
 * Blocks an active company or unblocks a blocked one. Blocking ends every session of its members
 * at once (their next call answers 401) and sign-in then says the company is blocked.
 */
export async function setCompanyBlocked(
  db: Db,
  staffUserId: string,
  companyId: string,
  block: BlockRequest | null,
): Promise<StaffCompany> {
  const company = await findCompany(db, companyId);
  const [from, to] = block ? (['active', 'blocked'] as const) : (['blocked', 'active'] as const);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(companies)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(companies.id, company.id), eq(companies.status, from)))
      .returning({ id: companies.id });
    if (!changed) throw conflict('errors.company_status_transition', { from: company.status, to });
    if (block) {
      const members = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.companyId, company.id));
      for (const member of members) await revokeAllSessions(tx, member.id);
    }
    await recordAudit(tx, {
      staffUserId,
      action: block ? 'company.block' : 'company.unblock',
      entityType: 'company',
      entityId: company.id,
      entityLabel: company.name,
      before: { status: from },
      after: { status: to, ...(block ? { reason: block.reason } : {}) },
    });
  });
  return companyDetail(db, company.id);
}

/** The company's details as staff edit them, for the audit log's before and after. */
function detailsOf(company: typeof companies.$inferSelect): StaffCompanyUpdate {
  return {
    name: company.name,
    company_register_number: company.companyRegisterNumber,
    vat_number: company.vatNumber,
    country: company.country as Country,
    city: company.city,
    postcode: company.postcode,
    street: company.street,
    house_number: company.houseNumber,
  };
}

/**
 * Staff correct a company's details; the audit log keeps the fields that changed, before and
 * after. A changed VAT number (or country) is checked with the register first, and is
 * unverified until the register confirms it (no reverse charge before).
 */
export async function updateCompanyDetails(
  db: Db,
  checker: VatChecker,
  staffUserId: string,
  companyId: string,
  input: StaffCompanyUpdate,
): Promise<StaffCompany> {
  const company = await findCompany(db, companyId);
  const before = detailsOf(company);
  const changed = (Object.keys(input) as (keyof StaffCompanyUpdate)[]).filter(
    (key) => input[key] !== before[key],
  );
  if (changed.length === 0) return companyDetail(db, company.id);
  const vatChanged = changed.includes('vat_number') || changed.includes('country');
  const outcome = vatChanged ? await checker.check(input.vat_number, input.country) : null;
  await db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({
        name: input.name,
        companyRegisterNumber: input.company_register_number,
        vatNumber: input.vat_number,
        country: input.country,
        city: input.city,
        postcode: input.postcode,
        street: input.street,
        houseNumber: input.house_number,
        ...(outcome
          ? {
              vatNumberUnactiveAt: inactiveSince(outcome, company.vatNumberUnactiveAt),
              vatVerifiedAt: verifiedSince(checker, outcome, null),
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(companies.id, company.id));
    await recordAudit(tx, {
      staffUserId,
      action: 'company.update',
      entityType: 'company',
      entityId: company.id,
      entityLabel: input.name,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: {
        ...Object.fromEntries(changed.map((key) => [key, input[key]])),
        ...(outcome ? { vat_check: outcome } : {}),
      },
    });
  });
  return companyDetail(db, company.id);
}

/**
 * Staff ask the register (VIES) about the company's VAT number again: active, inactive (the
 * company cannot buy until it is active again) or unavailable (nothing changes). Recorded in the
 * audit log with the answer.
 */
export async function checkCompanyVat(
  db: Db,
  checker: VatChecker,
  staffUserId: string,
  companyId: string,
  locale: Locale,
): Promise<StaffVatCheckResponse> {
  const company = await findCompany(db, companyId);
  const result = await recheckCompany(db, checker, company.id);
  await recordAudit(db, {
    staffUserId,
    action: 'company.vat_check',
    entityType: 'company',
    entityId: company.id,
    entityLabel: company.name,
    after: { vat_number: result.vatNumber, outcome: result.outcome, register: checker.name },
  });
  return {
    message: t(
      locale,
      result.outcome === 'unavailable' ? 'messages.vat_unavailable' : 'messages.vat_checked',
    ),
    outcome: result.outcome,
    company: await companyDetail(db, company.id),
  };
}

/** Switches the company's XML product feed on or off (its owner's feed link works only when on). */
export async function setXmlFeed(
  db: Db,
  staffUserId: string,
  companyId: string,
  active: boolean,
): Promise<StaffCompany> {
  const company = await findCompany(db, companyId);
  const value = active ? 'on' : 'off';
  if (company.isXmlActive !== value) {
    await db.transaction(async (tx) => {
      await tx
        .update(companies)
        .set({ isXmlActive: value, updatedAt: sql`now()` })
        .where(eq(companies.id, company.id));
      await recordAudit(tx, {
        staffUserId,
        action: 'company.xml_feed',
        entityType: 'company',
        entityId: company.id,
        entityLabel: company.name,
        before: { xml_feed: company.isXmlActive === 'on' },
        after: { xml_feed: active },
      });
    });
  }
  return companyDetail(db, company.id);
}

async function findMember(db: Db, companyId: string, userId: string) {
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!member) throw notFound('errors.user_not_found');
  return member;
}

/**
 * Blocks an active member (their sessions and open links end at once) or unblocks a blocked one.
 */
export async function setMemberBlocked(
  db: Db,
  staffUserId: string,
  companyId: string,
  userId: string,
  block: BlockRequest | null,
): Promise<StaffCompany> {
  const member = await findMember(db, companyId, userId);
  const [from, to] = block ? (['active', 'blocked'] as const) : (['blocked', 'active'] as const);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(users.id, member.id), eq(users.status, from)))
      .returning({ id: users.id });
    if (!changed) throw conflict('errors.member_status_transition', { from: member.status, to });
    if (block) {
      await revokeAllSessions(tx, member.id);
      await voidSecureKeys(tx, member.id);
    }
    await recordAudit(tx, {
      staffUserId,
      action: block ? 'member.block' : 'member.unblock',
      entityType: 'member',
      entityId: member.id,
      entityLabel: member.email,
      before: { status: from },
      after: { status: to, ...(block ? { reason: block.reason } : {}) },
    });
  });
  return companyDetail(db, companyId);
}

/** Mails an active member a password reset link, as the forgotten-password page would. */
export async function sendMemberPasswordReset(
  deps: { db: Db; config: Config },
  staffUserId: string,
  companyId: string,
  userId: string,
): Promise<void> {
  const member = await findMember(deps.db, companyId, userId);
  if (member.status !== 'active' || !member.passwordHash) {
    throw conflict('errors.member_not_active');
  }
  await requestPasswordReset(deps, member.email);
  await recordAudit(deps.db, {
    staffUserId,
    action: 'member.password_reset',
    entityType: 'member',
    entityId: member.id,
    entityLabel: member.email,
  });
}
