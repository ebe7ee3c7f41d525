import {
  DASHBOARD_MOST_BOUGHT_DEFAULT_LIMIT,
  type Locale,
  type MonthlySpend,
  type ProductListItem,
} from '@portal/contract';
import type { RequestContext } from '../../platform/auth/guard';
import { fromCents } from '../../platform/money';
import { companyOf } from '../addresses';
import { productsByIds, type CatalogDeps } from '../catalog';
import { monthlySpendCents, mostBoughtProductIds } from '../orders';

/** The caller's company's most bought products, as catalog rows in `locale` at today's prices. */
export async function mostBoughtProducts(
  deps: CatalogDeps,
  ctx: RequestContext,
  locale: Locale,
  limit: number = DASHBOARD_MOST_BOUGHT_DEFAULT_LIMIT,
): Promise<ProductListItem[]> {
  const ranked = await mostBoughtProductIds(deps.db, companyOf(ctx), limit);
  return productsByIds(
    deps,
    ranked.map((row) => row.productId),
    locale,
  );
}

/** The caller's company's paid order values per month, the last 12 months including empty ones. */
export async function monthlySpend(
  deps: Pick<CatalogDeps, 'db'>,
  ctx: RequestContext,
  now: Date = new Date(),
): Promise<MonthlySpend> {
  const rows = await monthlySpendCents(deps.db, companyOf(ctx), now);
  return {
    months: rows.map((row) => ({
      month: row.month,
      amount: fromCents(row.cents),
      orders: row.orders,
    })),
    total: fromCents(rows.reduce((sum, row) => sum + row.cents, 0)),
    currency: 'EUR',
  };
}
