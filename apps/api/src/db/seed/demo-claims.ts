import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { issueInvoice } from '../../modules/invoices';
import { percentOfCents } from '../../platform/money';
import type { Db, Tx } from '../client';
import {
  claimBoxes,
  claimItems,
  claims,
  companies,
  orderEvents,
  orderLines,
  orderShipmentLines,
  orderShipments,
  orders,
  productTranslations,
  products,
  users,
  type AddressSnapshotColumn,
} from '../schema';

const DEMO_CLAIMS_SEED_LOCK = 7_202_607;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

interface DemoOrder {
  orderedDaysAgo: number;
  deliveredDaysAgo: number;
  lines: { product: typeof products.$inferSelect; quantity: number; title: string }[];
}

async function insertCompletedOrder(
  tx: Tx,
  links: Pick<Config, 'appUrl'>,
  companyId: string,
  userId: string,
  address: AddressSnapshotColumn,
  demo: DemoOrder,
) {
  const subtotal = demo.lines.reduce((sum, l) => sum + l.product.priceCents * l.quantity, 0);
  const weight = demo.lines.reduce((sum, l) => sum + l.product.weightGrams * l.quantity, 0);
  const shipping = 1495;
  const tax = percentOfCents(subtotal + shipping, 2100);
  const ordered = daysAgo(demo.orderedDaysAgo);
  const delivered = daysAgo(demo.deliveredDaysAgo);
  const [order] = await tx
    .insert(orders)
    .values({
      companyId,
      userId,
      status: 'completed',
      paymentMethod: 'banktransfer',
      subtotalCents: subtotal,
      shippingCents: shipping,
      taxCents: tax,
      totalCents: subtotal + shipping + tax,
      vatRateBp: 2100,
      vatMode: 'domestic',
      shippingMethod: 'DHL Parcel',
      weightGrams: weight,
      deliveryDays: 2,
      trackingNumber: `JVGL${String(demo.orderedDaysAgo).padStart(10, '0')}`,
      carrier: 'DHL Parcel',
      shippedAt: new Date(delivered.getTime() - DAY),
      deliveryAddress: address,
      invoiceAddress: address,
      locale: 'en',
      paidAt: ordered,
      createdAt: ordered,
      updatedAt: delivered,
    })
    .returning();
  if (!order) throw new Error('demo order not created');
  const lines = await tx
    .insert(orderLines)
    .values(
      demo.lines.map((line, position) => ({
        orderId: order.id,
        productId: line.product.id,
        position,
        sku: line.product.sku,
        title: line.title,
        unitPriceCents: line.product.priceCents,
        quantity: line.quantity,
        subtotalCents: line.product.priceCents * line.quantity,
        weightGrams: line.product.weightGrams,
      })),
    )
    .returning({ id: orderLines.id, quantity: orderLines.quantity });
  const [parcel] = await tx
    .insert(orderShipments)
    .values({
      orderId: order.id,
      carrier: 'DHL Parcel',
      trackingNumbers: [order.trackingNumber ?? ''],
      createdAt: order.shippedAt ?? delivered,
    })
    .returning({ id: orderShipments.id });
  if (!parcel) throw new Error('demo parcel not created');
  await tx.insert(orderShipmentLines).values(
    lines.map((line) => ({
      shipmentId: parcel.id,
      orderLineId: line.id,
      quantity: line.quantity,
    })),
  );
  await tx.insert(orderEvents).values([
    {
      orderId: order.id,
      fromStatus: null,
      status: 'pending',
      actor: 'customer',
      userId,
      createdAt: ordered,
    },
    {
      orderId: order.id,
      fromStatus: 'pending',
      status: 'processing',
      actor: 'staff',
      createdAt: ordered,
    },
    {
      orderId: order.id,
      fromStatus: 'processing',
      status: 'completed',
      actor: 'staff',
      createdAt: delivered,
    },
  ]);
  await issueInvoice(tx, links, order.id);
  return order;
}

/**
 * Demo orders to claim from (issue 7): a completed order delivered 3 days ago (return and
 * warranty both possible) and one delivered 115 days ago (return window passed, still under
 * warranty), invoiced; and one filed return claim so the Returns list is not empty. On a fresh
 * database they are the first orders, 1000000001 (recent) and 1000000002 (older). Runs once:
 * nothing happens when the demo company already has orders.
 */
export async function seedDemoClaims(db: Db, links: Pick<Config, 'appUrl'>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_CLAIMS_SEED_LOCK})`);
    const [company] = await tx.select().from(companies).where(eq(companies.name, 'Demo Energy BV'));
    const [purchaser] = await tx.select().from(users).where(eq(users.email, 'purchaser@demo.test'));
    if (!company || !purchaser) return false;
    const [existing] = await tx
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.companyId, company.id));
    if ((existing?.n ?? 0) > 0) return false;
    const picked = await tx
      .select()
      .from(products)
      .where(and(eq(products.isActive, true), gte(products.warrantyMonths, 12)))
      .orderBy(asc(products.sku))
      .limit(3);
    if (picked.length < 3) return false;
    const [a, b, c] = picked as [
      typeof products.$inferSelect,
      typeof products.$inferSelect,
      typeof products.$inferSelect,
    ];
    const titles = await tx
      .select({ productId: productTranslations.productId, title: productTranslations.title })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.locale, 'en'),
          inArray(
            productTranslations.productId,
            picked.map((product) => product.id),
          ),
        ),
      );
    const titleOf = (product: typeof products.$inferSelect) =>
      titles.find((row) => row.productId === product.id)?.title ?? product.sku;
    const address: AddressSnapshotColumn = {
      company_name: company.name,
      vat_number: company.vatNumber,
      street: company.street,
      house_number: company.houseNumber,
      zip_code: company.postcode,
      city: company.city,
      country: company.country,
      phone: null,
      mobile_phone: null,
      email: 'warehouse@demo.test',
      additional_information: null,
    };
    const recent = await insertCompletedOrder(tx, links, company.id, purchaser.id, address, {
      orderedDaysAgo: 6,
      deliveredDaysAgo: 3,
      lines: [
        { product: a, quantity: 4, title: titleOf(a) },
        { product: b, quantity: 2, title: titleOf(b) },
      ],
    });
    await insertCompletedOrder(tx, links, company.id, purchaser.id, address, {
      orderedDaysAgo: 120,
      deliveredDaysAgo: 115,
      lines: [{ product: c, quantity: 5, title: titleOf(c) }],
    });
    const [claim] = await tx
      .insert(claims)
      .values({
        claimNumber: sql`'RET-' || lpad(nextval('claim_number_seq')::text, 6, '0')`,
        companyId: company.id,
        kind: 'return',
        source: 'form',
        comment: 'One unit arrived with a dented case.',
        createdBy: purchaser.id,
        createdAt: daysAgo(2),
        updatedAt: daysAgo(2),
      })
      .returning();
    if (!claim) throw new Error('demo claim not created');
    await tx.insert(claimItems).values({
      claimId: claim.id,
      position: 0,
      orderId: recent.id,
      orderNumber: recent.orderNumber,
      productId: b.id,
      sku: b.sku,
      title: titleOf(b),
      quantity: 1,
      reason: 'damaged_in_transit',
      demandAction: 'replacement',
      eligibility: 'return_eligible',
      dateOfDelivery: daysAgo(3),
    });
    await tx.insert(claimBoxes).values({
      claimId: claim.id,
      position: 0,
      carrier: 'DHL Parcel',
      trackingCode: 'JVGL0000000042',
      numberOfBoxes: 1,
    });
    return true;
  });
}
