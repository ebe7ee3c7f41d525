import type {
  Address,
  AddressKind,
  AddressRequest,
  AddressSnapshot,
  Country,
} from '@portal/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { deliveryAddresses, invoiceAddresses } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { forbidden, notFound } from '../../platform/errors';

const tables = { delivery: deliveryAddresses, invoice: invoiceAddresses } as const;

/** An address row of either book; delivery addresses have no VAT status. */
export type AddressRow = typeof deliveryAddresses.$inferSelect & {
  vatNumberUnactiveAt?: Date | null;
  vatVerifiedAt?: Date | null;
};

/** The caller's company; staff have none and no address book. */
export function companyOf(ctx: RequestContext): string {
  if (!ctx.companyId) throw forbidden();
  return ctx.companyId;
}

export function toAddress(kind: AddressKind, row: AddressRow): Address {
  return {
    _id: row.id,
    kind,
    company_name: row.companyName,
    vat_number: row.vatNumber,
    vat_number_unactive_at: row.vatNumberUnactiveAt?.toISOString() ?? null,
    street: row.street,
    house_number: row.houseNumber,
    zip_code: row.zipCode,
    city: row.city,
    country: row.country as Country,
    phone: row.phone,
    mobile_phone: row.mobilePhone,
    email: row.email,
    additional_information: row.additionalInformation,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The address as copied onto an order. */
export function snapshotOf(row: AddressRow): AddressSnapshot {
  return {
    company_name: row.companyName,
    vat_number: row.vatNumber,
    street: row.street,
    house_number: row.houseNumber,
    zip_code: row.zipCode,
    city: row.city,
    country: row.country as Country,
    phone: row.phone,
    mobile_phone: row.mobilePhone,
    email: row.email,
    additional_information: row.additionalInformation,
  };
}

function columnsOf(input: AddressRequest) {
  return {
    companyName: input.company_name,
    vatNumber: input.vat_number ?? null,
    street: input.street,
    houseNumber: input.house_number,
    zipCode: input.zip_code,
    city: input.city,
    country: input.country,
    phone: input.phone || null,
    mobilePhone: input.mobile_phone || null,
    email: input.email ?? null,
    additionalInformation: input.additional_information || null,
  };
}

/** One address of the company's book; 404 for an unknown id or another company's. */
export async function findAddress(
  db: Executor,
  kind: AddressKind,
  companyId: string,
  id: string,
): Promise<AddressRow> {
  const table = tables[kind];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)));
  if (!row) throw notFound('errors.address_not_found');
  return row;
}

/** The company's default address of a kind, or null. */
export async function findDefaultAddress(
  db: Executor,
  kind: AddressKind,
  companyId: string,
): Promise<AddressRow | null> {
  const table = tables[kind];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.isDefault, true)))
    .limit(1);
  return row ?? null;
}

export async function listAddresses(
  db: Db,
  ctx: RequestContext,
  kind: AddressKind,
): Promise<Address[]> {
  const table = tables[kind];
  const rows = await db
    .select()
    .from(table)
    .where(eq(table.companyId, companyOf(ctx)))
    .orderBy(desc(table.isDefault), desc(table.createdAt));
  return rows.map((row) => toAddress(kind, row));
}

/** Makes `id` the only default of its book. */
async function makeDefault(tx: Executor, kind: AddressKind, companyId: string, id: string) {
  const table = tables[kind];
  await tx
    .update(table)
    .set({ isDefault: false })
    .where(and(eq(table.companyId, companyId), ne(table.id, id), eq(table.isDefault, true)));
  await tx.update(table).set({ isDefault: true }).where(eq(table.id, id));
}

/** Adds an address; the first of its book becomes the default. */
export async function createAddress(
  db: Db,
  ctx: RequestContext,
  kind: AddressKind,
  input: AddressRequest,
): Promise<Address> {
  const companyId = companyOf(ctx);
  const table = tables[kind];
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(table)
      .values({ companyId, ...columnsOf(input) })
      .returning({ id: table.id });
    if (!created) throw new Error('address not created');
    const current = await findDefaultAddress(tx, kind, companyId);
    if (input.is_default || !current) await makeDefault(tx, kind, companyId, created.id);
    return created.id;
  });
  return toAddress(kind, await findAddress(db, kind, companyId, id));
}

/** Replaces an address's fields; `is_default: true` makes it the default. */
export async function updateAddress(
  db: Db,
  ctx: RequestContext,
  kind: AddressKind,
  id: string,
  input: AddressRequest,
): Promise<Address> {
  const companyId = companyOf(ctx);
  const table = tables[kind];
  await db.transaction(async (tx) => {
    const current = await findAddress(tx, kind, companyId, id);
    await tx
      .update(table)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(table.id, id));
    // Another VAT number (or member state) is unverified until the register confirms it.
    const vatChanged =
      (input.vat_number ?? null) !== current.vatNumber || input.country !== current.country;
    if (kind === 'invoice' && vatChanged) {
      await tx
        .update(invoiceAddresses)
        .set({ vatVerifiedAt: null })
        .where(eq(invoiceAddresses.id, id));
    }
    if (input.is_default === true) await makeDefault(tx, kind, companyId, id);
    if (input.is_default === false) {
      await tx.update(table).set({ isDefault: false }).where(eq(table.id, id));
    }
  });
  return toAddress(kind, await findAddress(db, kind, companyId, id));
}

/** Deletes an address; when it was the default, the newest remaining one takes over. */
export async function deleteAddress(
  db: Db,
  ctx: RequestContext,
  kind: AddressKind,
  id: string,
): Promise<void> {
  const companyId = companyOf(ctx);
  const table = tables[kind];
  await db.transaction(async (tx) => {
    const row = await findAddress(tx, kind, companyId, id);
    await tx.delete(table).where(eq(table.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.companyId, companyId))
      .orderBy(desc(table.createdAt))
      .limit(1);
    if (next) await makeDefault(tx, kind, companyId, next.id);
  });
}
