import { MONTHLY_SPEND_MONTHS, SPENDING_ORDER_STATUSES } from '@portal/contract';
import { and, asc, desc, eq, inArray, max, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema';

/**
 * The company's most bought active products by quantity over its paid orders (processing,
 * completed, closed), most bought first; ties go to the one ordered last. The company's orders
 * come from orders_company_idx, their lines from order_lines_order_idx.
 */
export async function mostBoughtProductIds(
  db: Executor,
  companyId: string,
  limit: number,
): Promise<{ productId: string; quantity: number }[]> {
  const quantity = sql<number>`${sum(orderLines.quantity)}::int`;
  return db
    .select({ productId: orderLines.productId, quantity })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(products, and(eq(products.id, orderLines.productId), eq(products.isActive, true)))
    .where(and(eq(orders.companyId, companyId), inArray(orders.status, SPENDING_ORDER_STATUSES)))
    .groupBy(orderLines.productId)
    .orderBy(desc(quantity), desc(max(orders.createdAt)), asc(orderLines.productId))
    .limit(limit);
}

/**
 * The company's paid order values (in cents) and order counts per UTC month of payment, for the
 * last `MONTHLY_SPEND_MONTHS` months up to the one of `now`, oldest first, with 0 for months
 * without orders: one query, grouped with date_trunc and joined to a series of months.
 */
export async function monthlySpendCents(
  db: Executor,
  companyId: string,
  now: Date,
): Promise<{ month: string; cents: number; orders: number }[]> {
  const current = sql`date_trunc('month', (${now.toISOString()}::timestamptz at time zone 'UTC'))`;
  const first = sql`(${current} - make_interval(months => ${MONTHLY_SPEND_MONTHS - 1}))`;
  const statuses = sql.join(
    SPENDING_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // Both drivers (pg, PGlite) answer raw queries with `rows`.
  const result = (await db.execute(sql`
    with spend as (
      select date_trunc('month', ${orders.paidAt} at time zone 'UTC') as month,
             sum(${orders.totalCents}) as cents,
             count(*) as orders
        from ${orders}
       where ${orders.companyId} = ${companyId}
         and ${orders.status} in (${statuses})
         and ${orders.paidAt} >= (${first} at time zone 'UTC')
         and ${orders.paidAt} < ((${current} + interval '1 month') at time zone 'UTC')
       group by 1
    )
    select to_char(series.month, 'YYYY-MM') as month,
           coalesce(spend.cents, 0)::bigint as cents,
           coalesce(spend.orders, 0)::int as orders
      from generate_series(${first}, ${current}, interval '1 month') as series(month)
      left join spend on spend.month = series.month
     order by series.month`)) as unknown as {
    rows: { month: string; cents: string | number; orders: string | number }[];
  };
  return result.rows.map((row) => ({
    month: row.month,
    cents: Number(row.cents),
    orders: Number(row.orders),
  }));
}
