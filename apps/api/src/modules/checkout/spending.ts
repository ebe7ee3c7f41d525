import type { ApprovalReason, SpendingCheck } from '@portal/contract';
import { and, eq, gte, inArray, notInArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { fromCents } from '../../platform/money';

/** The first moment of the current calendar month (UTC): what a monthly budget counts from. */
export const monthStart = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;

/**
 * What the given purchasers' orders of this month add up to (cents, VAT included), cancelled
 * and failed orders left out; read from orders_user_idx.
 */
export async function spentThisMonth(
  db: Executor,
  userIds: string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, cents: sum(orders.totalCents).mapWith(Number) })
    .from(orders)
    .where(
      and(
        inArray(orders.userId, userIds),
        gte(orders.createdAt, monthStart),
        notInArray(orders.status, ['canceled', 'failed']),
      ),
    )
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId, row.cents]));
}

/** A spending check in cents, before it is answered in euros. */
export interface Spending {
  required: boolean;
  reason: ApprovalReason | null;
  orderLimitCents: number | null;
  monthlyBudgetCents: number | null;
  budgetRemainingCents: number | null;
}

const NO_LIMITS: Spending = {
  required: false,
  reason: null,
  orderLimitCents: null,
  monthlyBudgetCents: null,
  budgetRemainingCents: null,
};

/**
 * Whether an order of `totalCents` by the caller needs an owner's approval (issue 24): only
 * purchasers have limits; above the order limit, or above what is left of the monthly budget.
 * With `hold`, inside the order's transaction, concurrent orders of the same purchaser wait for
 * each other here, so two orders that together pass the budget cannot both be placed.
 */
export async function checkSpending(
  db: Executor,
  ctx: Pick<RequestContext, 'userId' | 'role'>,
  totalCents: number,
  options: { hold?: boolean } = {},
): Promise<Spending> {
  if (ctx.role !== 'purchaser') return NO_LIMITS;
  const [limits] = await db
    .select({ orderLimit: users.orderLimitCents, monthlyBudget: users.monthlyBudgetCents })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!limits || (limits.orderLimit === null && limits.monthlyBudget === null)) return NO_LIMITS;
  let budgetRemainingCents: number | null = null;
  if (limits.monthlyBudget !== null) {
    if (options.hold) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`budget:${ctx.userId}`}, 0))`,
      );
    }
    const spent = (await spentThisMonth(db, [ctx.userId])).get(ctx.userId) ?? 0;
    budgetRemainingCents = Math.max(0, limits.monthlyBudget - spent);
  }
  const reason: ApprovalReason | null =
    limits.orderLimit !== null && totalCents > limits.orderLimit
      ? 'order_limit'
      : budgetRemainingCents !== null && totalCents > budgetRemainingCents
        ? 'monthly_budget'
        : null;
  return {
    required: reason !== null,
    reason,
    orderLimitCents: limits.orderLimit,
    monthlyBudgetCents: limits.monthlyBudget,
    budgetRemainingCents,
  };
}

const euros = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** A spending check as the contract answers it, in euros. */
export function spendingView(spending: Spending): SpendingCheck {
  return {
    required: spending.required,
    reason: spending.reason,
    order_limit: euros(spending.orderLimitCents),
    monthly_budget: euros(spending.monthlyBudgetCents),
    budget_remaining: euros(spending.budgetRemainingCents),
  };
}
