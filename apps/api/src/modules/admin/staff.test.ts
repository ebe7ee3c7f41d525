import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog, StaffMember, StaffMemberList } from '@portal/contract';
import { users } from '../../db/schema';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app';
import { updateStaff } from './staff';

let t: TestApp;
let owner: string;
let admin: string;
let operator: string;
let adminId: string;
let operatorId: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, admin, operator] = (await Promise.all(
    ['owner@demo.test', 'admin@demo.test', 'operator@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  adminId = await idOf('admin@demo.test');
  operatorId = await idOf('operator@demo.test');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PATCH', url: string, payload: object, token: string) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

describe('the shop staff, managed by admins', () => {
  it('lists the staff for admins only', async () => {
    const response = await get('/api/admin/staff', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<StaffMemberList>().items).toMatchObject([
      { email: 'operator@demo.test', role: 'operator', status: 'active' },
      { email: 'admin@demo.test', role: 'admin', status: 'active' },
    ]);
    expect(response.body).not.toMatch(/password|hash/i);
    expect((await get('/api/admin/staff', operator)).statusCode).toBe(403);
    expect((await get('/api/admin/staff', owner)).statusCode).toBe(403);
    expect((await get('/api/admin/staff')).statusCode).toBe(401);
  });

  it('invites a member of staff, who sets a password and signs in with the role given', async () => {
    const bad = await send(
      'POST',
      '/api/admin/staff',
      { first_name: 'Nina', last_name: 'New', email: 'nina@shop.test', role: 'owner' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('role');
    const taken = await send(
      'POST',
      '/api/admin/staff',
      { first_name: 'Nina', last_name: 'New', email: 'OWNER@demo.test', role: 'operator' },
      admin,
    );
    expect(taken.statusCode).toBe(409);
    expect(
      (
        await send(
          'POST',
          '/api/admin/staff',
          { first_name: 'Nina', last_name: 'New', email: 'nina@shop.test', role: 'operator' },
          operator,
        )
      ).statusCode,
    ).toBe(403);

    const invited = await send(
      'POST',
      '/api/admin/staff',
      { first_name: 'Nina', last_name: 'New', email: 'nina@shop.test', role: 'operator' },
      admin,
    );
    expect(invited.statusCode).toBe(201);
    expect(invited.json<StaffMember>()).toMatchObject({ status: 'pending', role: 'operator' });
    const [mail] = await t.mailsTo('nina@shop.test', 'staff_invitation');
    expect(mail?.text).toContain('back office');
    const key = /[?&]key=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(key).toBeDefined();
    const check = await get(`/api/auth/invitation/check/${key}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ email: 'nina@shop.test', company: null });
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/auth/invitation/password/${key}`,
      payload: { password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
    });
    expect(accept.statusCode).toBe(200);
    const nina = await t.signIn('nina@shop.test');
    expect((await get('/api/admin/orders', nina)).statusCode).toBe(200);
    expect((await get('/api/admin/audit-log', nina)).statusCode).toBe(403);
  });

  it('changes a role at the next request, and deactivates a member at once', async () => {
    const promoted = await send(
      'PATCH',
      `/api/admin/staff/${operatorId}`,
      { role: 'admin' },
      admin,
    );
    expect(promoted.statusCode).toBe(200);
    expect((await get('/api/admin/audit-log', operator)).statusCode).toBe(200);
    await send('PATCH', `/api/admin/staff/${operatorId}`, { role: 'operator' }, admin);
    expect((await get('/api/admin/audit-log', operator)).statusCode).toBe(403);

    const off = await send(
      'PATCH',
      `/api/admin/staff/${operatorId}`,
      { status: 'inactive' },
      admin,
    );
    expect(off.statusCode).toBe(200);
    expect((await get('/api/admin/orders', operator)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'operator@demo.test', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/admin/staff/${operatorId}`, { status: 'active' }, admin))
        .statusCode,
    ).toBe(200);
    operator = await t.signIn('operator@demo.test');
  });

  it('never lets an admin lock themselves out, nor the shop lose its last admin', async () => {
    const self = await send('PATCH', `/api/admin/staff/${adminId}`, { role: 'operator' }, admin);
    expect(self.statusCode).toBe(409);
    expect(
      (await send('PATCH', `/api/admin/staff/${adminId}`, { status: 'inactive' }, admin))
        .statusCode,
    ).toBe(409);
    // Two admins demoting each other at once: one wins, the other is told the shop needs one.
    await send('PATCH', `/api/admin/staff/${operatorId}`, { role: 'admin' }, admin);
    const as = (userId: string) =>
      ({ userId, sessionId: userId, companyId: null, role: 'admin', locale: 'en' }) as const;
    const outcomes = await Promise.allSettled([
      updateStaff(t.db, as(adminId), operatorId, { role: 'operator' }),
      updateStaff(t.db, as(operatorId), adminId, { role: 'operator' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ key: 'errors.last_admin' });
    const [admins] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    expect(admins?.n).toBe(1);
  });

  it('records invitations and changes in the audit log', async () => {
    const [someAdmin] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, 'admin'));
    const token = await t.signIn(someAdmin!.email);
    const log = (await get('/api/admin/audit-log?entity_type=staff', token)).json<AuditLog>();
    expect(log.items.map((entry) => entry.action)).toContain('staff.invite');
    expect(log.items.find((entry) => entry.after?.status === 'inactive')).toMatchObject({
      action: 'staff.update',
      entity_label: 'operator@demo.test',
      before: { status: 'active' },
    });
  });
});
