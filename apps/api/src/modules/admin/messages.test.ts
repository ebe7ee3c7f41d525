import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog, StaffMessage, StaffMessageList } from '@portal/contract';
import { users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { placeBankTransferOrder } from '../../test/orders';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let operator: string;
let operatorId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, purchaser, accountant, other, admin, operator } = await t.signInEach());
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'operator@demo.test'));
  operatorId = row!.id;
  for (const [token, subject, locale] of [
    [purchaser, 'Delivery of 1000000004', 'fr'],
    [other, 'Invoice copy', 'de'],
  ] as const) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/contact-us',
      payload: { subject, message: `About: ${subject}` },
      headers: { ...bearer(token), 'accept-language': locale },
    });
    expect(response.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token: string) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

async function inbox(query = '', token = operator): Promise<StaffMessageList> {
  const response = await get(`/api/admin/messages${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffMessageList>();
}

describe('what waits for staff', () => {
  it('counts pending registrations, bank transfers to match, draft claims, unread messages and quotes to answer', async () => {
    const response = await get('/api/admin/alerts', operator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      registrations: 1,
      bank_transfers: 0,
      claims: 0,
      messages: 2,
      quotes: 0,
    });
    expect((await get('/api/admin/alerts', owner)).statusCode).toBe(403);
    expect((await get('/api/admin/alerts')).statusCode).toBe(401);
  });
});

describe('the contact-us inbox', () => {
  it('keeps every contact-us message, unread first, and still mails the support address', async () => {
    const page = await inbox();
    expect(page).toMatchObject({ total: 2, unread: 2 });
    expect(page.items.map((item) => item.subject)).toEqual([
      'Invoice copy',
      'Delivery of 1000000004',
    ]);
    expect(page.items[1]).toMatchObject({
      company: { name: 'Demo Energy BV' },
      sender: { email: 'purchaser@demo.test' },
      read: false,
      assigned_to: null,
    });
    expect(await t.mailsTo(t.config.supportEmail, 'contact_message')).toHaveLength(2);
  });

  it('marks read and unread, assigns and answers by e-mail in the sender language', async () => {
    const id = (await inbox()).items.find((item) => item.subject.startsWith('Delivery'))!._id;
    const read = await send('PUT', `/api/admin/messages/${id}/read`, { read: true }, operator);
    expect(read.json<StaffMessage>().read).toBe(true);
    expect((await inbox()).unread).toBe(1);
    await send('PUT', `/api/admin/messages/${id}/read`, { read: false }, operator);
    expect((await inbox()).unread).toBe(2);

    const assigned = await send(
      'PUT',
      `/api/admin/messages/${id}/assignee`,
      { staff_user_id: operatorId },
      admin,
    );
    expect(assigned.json<StaffMessage>().assigned_to).toMatchObject({
      full_name: 'Olivia Operator',
    });
    expect((await inbox('?filter=mine')).items.map((item) => item._id)).toEqual([id]);
    expect((await inbox('?filter=mine', admin)).total).toBe(0);
    const notStaff = await send(
      'PUT',
      `/api/admin/messages/${id}/assignee`,
      { staff_user_id: randomUUID() },
      admin,
    );
    expect(notStaff.statusCode).toBe(404);

    const empty = await send('POST', `/api/admin/messages/${id}/answers`, { body: ' ' }, operator);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('body');
    const answered = await send(
      'POST',
      `/api/admin/messages/${id}/answers`,
      { body: 'Elle part aujourd’hui.' },
      operator,
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.json<StaffMessage>()).toMatchObject({
      read: true,
      answered_at: expect.any(String),
      answers: [{ body: 'Elle part aujourd’hui.', by: { full_name: 'Olivia Operator' } }],
    });
    const [mail] = await t.mailsTo('purchaser@demo.test', 'contact_answer');
    expect(mail).toMatchObject({ locale: 'fr', subject: 'Re : Delivery of 1000000004' });
    expect(mail?.text).toContain('Elle part aujourd’hui.');
    const log = (await get('/api/admin/audit-log?entity_type=message', admin)).json<AuditLog>();
    expect(log.items.map((entry) => entry.action)).toEqual(['message.answer', 'message.assign']);
  });

  it('answers 404 for an unknown message and 400 for a bad filter', async () => {
    expect((await get(`/api/admin/messages/${randomUUID()}`, operator)).statusCode).toBe(404);
    const bad = await get('/api/admin/messages?filter=spam', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('filter');
  });

  it('is for staff only', async () => {
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await get('/api/admin/messages', token)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/messages')).statusCode).toBe(401);
  });
});

describe('alert e-mails for staff', () => {
  it('mails each alert to the staff who switched it on, in their language, and to no one else', async () => {
    const none = await get('/api/admin/alert-mails', operator);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      registrations: false,
      bank_transfers: false,
      claims: false,
      messages: false,
      quotes: false,
    });
    const bad = await send('PUT', '/api/admin/alert-mails', { messages: 'yes' }, operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('messages');
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await get('/api/admin/alert-mails', token)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/alert-mails')).statusCode).toBe(401);

    await t.db.update(users).set({ locale: 'nl' }).where(eq(users.id, operatorId));
    const set = await send(
      'PUT',
      '/api/admin/alert-mails',
      { registrations: false, bank_transfers: true, claims: false, messages: true, quotes: false },
      operator,
    );
    expect(set.json()).toMatchObject({ bank_transfers: true, messages: true, claims: false });

    const before = (await t.mailsTo('operator@demo.test', 'staff_alert_message')).length;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/users/contact-us',
      payload: { subject: 'Pallet size', message: 'Do you ship on EUR pallets?' },
      headers: bearer(purchaser),
    });
    expect(contact.statusCode).toBe(200);
    const mails = await t.mailsTo('operator@demo.test', 'staff_alert_message');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toContain('Pallet size');
    expect(mails.at(-1)?.text).toMatch(/\/nl\/admin\/messages\/[0-9a-f-]{36}/);
    // The admin did not switch it on.
    expect(await t.mailsTo('admin@demo.test', 'staff_alert_message')).toHaveLength(0);

    // A bank-transfer order: the amount in the operator's language, a link to the order.
    const product = await stockProduct(t, 0, { priceCents: 10_000, quantity: 50 });
    const address = await addAddress(t, purchaser, 'delivery');
    const order = await placeBankTransferOrder(t, purchaser, address, [[product, 5]]);
    const [transfer] = await t.mailsTo('operator@demo.test', 'staff_alert_bank_transfer');
    expect(transfer?.subject).toContain(order.orderNumber);
    expect(transfer?.text).toContain('Demo Energy BV');
    expect(transfer?.text).toMatch(/€\s?\d/);
    expect(transfer?.text).toContain(`/nl/admin/orders/${order.id}`);
  });
});
