import { bearer, type TestApp } from './app';
import { putInCart } from './checkout';

/** Places a bank transfer order of `lines` as `token`; answers the order id and number. */
export async function placeBankTransferOrder(
  t: TestApp,
  token: string,
  deliveryAddressId: string,
  lines: [productId: string, quantity: number][],
): Promise<{ id: string; orderNumber: string }> {
  await t.app.inject({ method: 'DELETE', url: '/api/carts/clear-my-cart', headers: bearer(token) });
  for (const [productId, quantity] of lines) await putInCart(t, token, productId, quantity);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { delivery_address_id: deliveryAddressId, payment_method: 'banktransfer' },
    headers: bearer(token),
  });
  if (response.statusCode !== 201) throw new Error(`order: ${response.body}`);
  const { order } = response.json<{ order: { _id: string; order_number: string } }>();
  return { id: order._id, orderNumber: order.order_number };
}

/** Staff mark a bank transfer order paid (it moves to processing and gets its invoice). */
export async function markPaid(t: TestApp, adminToken: string, orderId: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/mark-paid`,
    headers: bearer(adminToken),
  });
  if (response.statusCode !== 200) throw new Error(`mark paid: ${response.body}`);
}
