import { and, eq } from 'drizzle-orm';
import { orderEvents, orders } from '../db/schema';
import { bearer, type TestApp } from './app';
import { markPaid, placeBankTransferOrder } from './orders';

const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

export interface PlacedOrder {
  id: string;
  orderNumber: string;
}

/**
 * A real order of `lines` placed by `token`, then as staff would move it: paid (processing), and
 * completed unless `status` says otherwise. Dates are then set back: ordered `orderedDaysAgo`,
 * delivered (completed) `deliveredDaysAgo`, or no known delivery when that is null.
 */
export async function claimableOrder(
  t: TestApp,
  tokens: { buyer: string; admin: string },
  addressId: string,
  lines: [productId: string, quantity: number][],
  options: {
    status?: 'pending' | 'processing' | 'completed' | 'closed' | 'canceled';
    orderedDaysAgo?: number;
    deliveredDaysAgo?: number | null;
  } = {},
): Promise<PlacedOrder> {
  const status = options.status ?? 'completed';
  const order = await placeBankTransferOrder(t, tokens.buyer, addressId, lines);
  if (status === 'canceled' || status === 'pending') {
    if (status === 'canceled') await setStatus(t, tokens.admin, order.id, 'canceled');
  } else {
    await markPaid(t, tokens.admin, order.id);
    if (status === 'completed' || status === 'closed') {
      await setStatus(t, tokens.admin, order.id, 'completed');
    }
    if (status === 'closed') await setStatus(t, tokens.admin, order.id, 'closed');
  }
  const ordered = options.orderedDaysAgo ?? 2;
  await t.db
    .update(orders)
    .set({ createdAt: daysAgo(ordered) })
    .where(eq(orders.id, order.id));
  const delivered = options.deliveredDaysAgo === undefined ? ordered - 1 : options.deliveredDaysAgo;
  if (delivered === null) {
    await t.db
      .delete(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'completed')));
  } else {
    await t.db
      .update(orderEvents)
      .set({ createdAt: daysAgo(delivered) })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'completed')));
  }
  return order;
}

async function setStatus(t: TestApp, adminToken: string, orderId: string, status: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/status`,
    payload: { status },
    headers: bearer(adminToken),
  });
  if (response.statusCode !== 200) throw new Error(`status ${status}: ${response.body}`);
}

export const box = { carrier: 'DHL', tracking_code: 'JD0001', number_of_boxes: 1 };

/** A multipart/form-data body with a file and text fields, as a browser's FormData sends it. */
export function multipartBody(
  file: { name: string; content: Buffer | string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----claims${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
