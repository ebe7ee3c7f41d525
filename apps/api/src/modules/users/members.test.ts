import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, secureKeys, users } from '../../db/schema';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
let demoId: string;
let otherId: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    'owner@demo.test',
    'purchaser@demo.test',
    'accountant@demo.test',
    'owner@other.test',
    'admin@demo.test',
  ]) {
    tokens[email] = await t.signIn(email);
  }
  for (const user of await t.db.select({ id: users.id, email: users.email }).from(users)) {
    ids[user.email] = user.id;
  }
  const rows = await t.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((row) => row.name === 'Demo Energy BV')!.id;
  otherId = rows.find((row) => row.name === 'Other Power GmbH')!.id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, locale = 'en') =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { 'accept-language': locale, ...(token ? bearer(token) : {}) },
  });
const owner = () => tokens['owner@demo.test']!;
const fieldsOf = (body: { details?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]));
const keyFromMail = (text: string) => /[?&]key=([\w-]+)/.exec(text)?.[1] ?? '';

const invite = (payload: Record<string, unknown>, token = owner(), companyId = demoId) =>
  call('POST', `/api/users/invite-new-member/${companyId}`, token, payload);

describe('permissions: owners only, own company only', () => {
  const someone = () => ids['purchaser@demo.test']!;
  const update = () => ({
    first_name: 'Peter',
    last_name: 'Purchaser',
    email: 'purchaser@demo.test',
    role: 'purchaser',
    status: 'active',
  });
  const endpoints = (): [Method, string, unknown?][] => [
    ['GET', `/api/users/company/${demoId}`],
    [
      'POST',
      `/api/users/invite-new-member/${demoId}`,
      { first_name: 'A', last_name: 'B', email: 'x@demo.test', role: 'purchaser' },
    ],
    ['PUT', `/api/users/update/${someone()}`, update()],
    ['GET', `/api/users/${someone()}`],
    ['DELETE', `/api/users/${someone()}`],
  ];

  it.each(['purchaser@demo.test', 'accountant@demo.test', 'admin@demo.test'])(
    '%s is forbidden everywhere',
    async (email) => {
      for (const [method, url, payload] of endpoints()) {
        const response = await call(method, url, tokens[email], payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().type).toBe('FORBIDDEN');
      }
    },
  );

  it('another company’s owner gets 404 for this company and its members', async () => {
    for (const [method, url, payload] of endpoints()) {
      const response = await call(method, url, tokens['owner@other.test'], payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().type).toBe('NOT_FOUND');
    }
    const [purchaser] = await t.db.select().from(users).where(eq(users.id, someone()));
    expect(purchaser?.status).toBe('active');
  });

  it('no token is 401 everywhere', async () => {
    for (const [method, url, payload] of endpoints()) {
      const response = await call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().type).toBe('AUTH_ERROR');
    }
  });
});

describe('GET /api/users/company/{companyId} and GET /api/users/{id}', () => {
  it('lists the members page by page, counted in the database', async () => {
    const first = await call('GET', `/api/users/company/${demoId}?page=1&limit=2`, owner());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, page: 1, totalPage: 2 });
    expect(first.json().items).toHaveLength(2);
    const second = await call('GET', `/api/users/company/${demoId}?page=2&limit=2`, owner());
    expect(second.json().items).toHaveLength(1);
    const emails = [...first.json().items, ...second.json().items].map(
      (m: { email: string }) => m.email,
    );
    expect(emails.sort()).toEqual([
      'accountant@demo.test',
      'owner@demo.test',
      'purchaser@demo.test',
    ]);
    const bad = await call(
      'GET',
      `/api/users/company/${demoId}?limit=500&page=0`,
      owner(),
      undefined,
      'de',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad.json())).sort()).toEqual(['limit', 'page']);
  });

  it('views one member; another company’s member is not found', async () => {
    const response = await call('GET', `/api/users/${ids['accountant@demo.test']}`, owner());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'accountant',
      status: 'active',
      invitation_expires_at: null,
    });
    expect((await call('GET', `/api/users/${ids['owner@other.test']}`, owner())).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/users/nope', owner())).statusCode).toBe(400);
  });
});

describe('POST /api/users/invite-new-member/{companyId}', () => {
  it('invites a member who sets a password from the mail and signs in', async () => {
    const response = await invite({
      first_name: 'Ines',
      last_name: 'Invited',
      email: 'Ines@Demo.test',
      role: 'accountant',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toContain('invited');
    expect(response.json().member).toMatchObject({
      email: 'ines@demo.test',
      status: 'pending',
      role: 'accountant',
    });
    expect(response.json().member.invitation_expires_at).not.toBeNull();

    const [mail] = await t.mailsTo('ines@demo.test', 'invitation');
    expect(mail?.text).toContain('Olivia Owner');
    expect(mail?.text).toContain('Demo Energy BV');
    const key = keyFromMail(mail!.text);
    const check = await call('GET', `/api/auth/invitation/check/${key}`);
    expect(check.json()).toMatchObject({ email: 'ines@demo.test', company: 'Demo Energy BV' });
    const set = await call('POST', `/api/auth/invitation/password/${key}`, undefined, {
      password: 'Ines-Password-2026',
      confirm_password: 'Ines-Password-2026',
    });
    expect(set.statusCode).toBe(200);
    const token = await t.signIn('ines@demo.test', 'Ines-Password-2026');
    const me = await call('GET', '/api/auth/me', token);
    expect(me.json()).toMatchObject({ role: 'accountant', company: { _id: demoId } });
  });

  it('inviting again before acceptance sends a new link and voids the old one', async () => {
    const payload = {
      first_name: 'Rita',
      last_name: 'Reinvite',
      email: 'rita@demo.test',
      role: 'purchaser',
    };
    expect((await invite(payload)).statusCode).toBe(201);
    const [firstMail] = await t.mailsTo('rita@demo.test', 'invitation');
    const oldKey = keyFromMail(firstMail!.text);
    const again = await invite({ ...payload, role: 'accountant' });
    expect(again.statusCode).toBe(201);
    expect(again.json().member.role).toBe('accountant');
    const mails = await t.mailsTo('rita@demo.test', 'invitation');
    expect(mails).toHaveLength(2);
    const newKey = keyFromMail(mails[0]!.text);
    expect(newKey).not.toBe(oldKey);
    expect((await call('GET', `/api/auth/invitation/check/${oldKey}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/auth/invitation/check/${newKey}`)).statusCode).toBe(200);
    const list = await call('GET', `/api/users/company/${demoId}?limit=100`, owner());
    expect(
      list.json().items.filter((m: { email: string }) => m.email === 'rita@demo.test'),
    ).toHaveLength(1);
  });

  it.each(['inactive', 'blocked', 'deleted'] as const)(
    'making an invited member %s voids the invitation: the old link cannot activate them',
    async (status) => {
      const email = `void-${status}@demo.test`;
      const payload = { first_name: 'Vic', last_name: 'Void', email, role: 'purchaser' };
      const invited = await invite(payload);
      expect(invited.statusCode).toBe(201);
      const id = invited.json().member.id as string;
      const [mail] = await t.mailsTo(email, 'invitation');
      const key = keyFromMail(mail!.text);
      expect((await call('GET', `/api/auth/invitation/check/${key}`)).statusCode).toBe(200);
      const changed =
        status === 'deleted'
          ? await call('DELETE', `/api/users/${id}`, owner())
          : await call('PUT', `/api/users/update/${id}`, owner(), { ...payload, status });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await call('GET', `/api/auth/invitation/check/${key}`)).statusCode).toBe(404);
      const set = await call('POST', `/api/auth/invitation/password/${key}`, undefined, {
        password: 'Vic-Password-2026',
        confirm_password: 'Vic-Password-2026',
      });
      expect(set.statusCode).toBe(404);
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ status, passwordHash: null });
    },
  );

  it('an invitation expires', async () => {
    await invite({
      first_name: 'Eve',
      last_name: 'Expired',
      email: 'eve@demo.test',
      role: 'purchaser',
    });
    const [mail] = await t.mailsTo('eve@demo.test', 'invitation');
    const key = keyFromMail(mail!.text);
    const eve =
      ids['eve@demo.test'] ??
      (await t.db.select().from(users).where(eq(users.email, 'eve@demo.test')))[0]!.id;
    await t.db
      .update(secureKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(secureKeys.userId, eve), eq(secureKeys.purpose, 'invitation')));
    expect((await call('GET', `/api/auth/invitation/check/${key}`)).statusCode).toBe(404);
    const set = await call('POST', `/api/auth/invitation/password/${key}`, undefined, {
      password: 'Eve-Password-2026',
      confirm_password: 'Eve-Password-2026',
    });
    expect(set.statusCode).toBe(404);
    const view = await call('GET', `/api/users/${eve}`, owner());
    expect(view.json()).toMatchObject({ status: 'pending', invitation_expires_at: null });
  });

  it('refuses an email someone else uses, and names bad fields in the request language', async () => {
    const taken = await invite({
      first_name: 'O',
      last_name: 'O',
      email: 'owner@other.test',
      role: 'owner',
    });
    expect(taken.statusCode).toBe(409);
    const active = await invite({
      first_name: 'P',
      last_name: 'P',
      email: 'purchaser@demo.test',
      role: 'owner',
    });
    expect(active.statusCode).toBe(409);
    const bad = await call(
      'POST',
      `/api/users/invite-new-member/${demoId}`,
      owner(),
      { first_name: '', last_name: 'X', email: 'x', role: 'admin', status: 'active' },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    const fields = fieldsOf(bad.json());
    expect(Object.keys(fields).sort()).toEqual(['email', 'first_name', 'role', 'status']);
    expect(fields.first_name).toBe('Este campo es obligatorio');
  });
});

describe('PUT /api/users/update/{id} and DELETE /api/users/{id}', () => {
  const edit = (id: string, body: Record<string, unknown>, token = owner()) =>
    call('PUT', `/api/users/update/${id}`, token, body);

  it('edits names, email and role; the new role applies to the member’s next request', async () => {
    const accountant = await t.signIn('accountant@demo.test');
    const response = await edit(ids['accountant@demo.test']!, {
      first_name: 'Anne',
      last_name: 'Books',
      email: 'anne.books@demo.test',
      role: 'purchaser',
      status: 'active',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().member).toMatchObject({ full_name: 'Anne Books', role: 'purchaser' });
    const me = await call('GET', '/api/auth/me', accountant);
    expect(me.json()).toMatchObject({ role: 'purchaser', email: 'anne.books@demo.test' });
    await edit(ids['accountant@demo.test']!, {
      first_name: 'Anna',
      last_name: 'Accountant',
      email: 'accountant@demo.test',
      role: 'accountant',
      status: 'active',
    });
  });

  it('a blocked member’s tokens stop working at once and they cannot sign in', async () => {
    const purchaser = await t.signIn('purchaser@demo.test');
    expect((await call('GET', '/api/auth/me', purchaser)).statusCode).toBe(200);
    const body = {
      first_name: 'Peter',
      last_name: 'Purchaser',
      email: 'purchaser@demo.test',
      role: 'purchaser',
    };
    expect(
      (await edit(ids['purchaser@demo.test']!, { ...body, status: 'blocked' })).statusCode,
    ).toBe(200);
    const refused = await call('GET', '/api/auth/me', purchaser);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().type).toBe('AUTH_ERROR');
    await expect(t.signIn('purchaser@demo.test')).rejects.toThrow(/403/);
    expect(
      (await edit(ids['purchaser@demo.test']!, { ...body, status: 'active' })).statusCode,
    ).toBe(200);
    const again = await t.signIn('purchaser@demo.test');
    expect((await call('GET', '/api/auth/me', again)).statusCode).toBe(200);
    // The token from before the block stays revoked.
    expect((await call('GET', '/api/auth/me', purchaser)).statusCode).toBe(401);
  });

  it('an owner cannot lock themselves out', async () => {
    const me = ids['owner@demo.test']!;
    const body = { first_name: 'Olivia', last_name: 'Owner', email: 'owner@demo.test' };
    for (const change of [
      { role: 'purchaser', status: 'active' },
      { role: 'owner', status: 'blocked' },
      { role: 'owner', status: 'inactive' },
    ]) {
      const response = await edit(me, { ...body, ...change });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('You cannot remove your own owner access');
    }
    const remove = await call('DELETE', `/api/users/${me}`, owner());
    expect(remove.statusCode).toBe(409);
    expect(
      (await edit(me, { ...body, first_name: 'Liv', role: 'owner', status: 'active' })).statusCode,
    ).toBe(200);
    await edit(me, { ...body, role: 'owner', status: 'active' });
  });

  it('the company always keeps an active owner', async () => {
    // Oscar is the only owner of Other Power: a second owner there cannot take his place away.
    const invited = await invite(
      { first_name: 'Second', last_name: 'Owner', email: 'second@other.test', role: 'owner' },
      tokens['owner@other.test'],
      otherId,
    );
    expect(invited.statusCode).toBe(201);
    const [mail] = await t.mailsTo('second@other.test', 'invitation');
    await call('POST', `/api/auth/invitation/password/${keyFromMail(mail!.text)}`, undefined, {
      password: 'Second-Password-2026',
      confirm_password: 'Second-Password-2026',
    });
    const second = await t.signIn('second@other.test', 'Second-Password-2026');
    const oscar = ids['owner@other.test']!;
    const body = {
      first_name: 'Oscar',
      last_name: 'Other',
      email: 'owner@other.test',
      role: 'owner',
    };
    // With two active owners, one may block the other...
    expect((await edit(oscar, { ...body, status: 'blocked' }, second)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', tokens['owner@other.test'])).statusCode).toBe(401);
    // ...and the one left can neither demote, block nor delete themselves.
    const secondId = invited.json().member.id as string;
    const self = { first_name: 'Second', last_name: 'Owner', email: 'second@other.test' };
    for (const change of [
      { role: 'purchaser', status: 'active' },
      { role: 'owner', status: 'blocked' },
    ]) {
      expect((await edit(secondId, { ...self, ...change }, second)).statusCode).toBe(409);
    }
    expect((await call('DELETE', `/api/users/${secondId}`, second)).statusCode).toBe(409);
    const owners = await t.db
      .select()
      .from(users)
      .where(
        and(eq(users.companyId, otherId), eq(users.role, 'owner'), eq(users.status, 'active')),
      );
    expect(owners.map((o) => o.email)).toEqual(['second@other.test']);
    expect((await edit(oscar, { ...body, status: 'active' }, second)).statusCode).toBe(200);
    tokens['owner@other.test'] = await t.signIn('owner@other.test');
  });

  it('an invited member cannot be made active before accepting; only they can be pending', async () => {
    const invited = await invite({
      first_name: 'Nia',
      last_name: 'New',
      email: 'nia@demo.test',
      role: 'purchaser',
    });
    const id = invited.json().member.id as string;
    const body = { first_name: 'Nia', last_name: 'New', email: 'nia@demo.test', role: 'purchaser' };
    expect((await edit(id, { ...body, status: 'active' })).statusCode).toBe(409);
    const pending = await edit(ids['purchaser@demo.test']!, {
      first_name: 'Peter',
      last_name: 'Purchaser',
      email: 'purchaser@demo.test',
      role: 'purchaser',
      status: 'pending',
    });
    expect(pending.statusCode).toBe(409);
    // A new address for an invited member gets its own link; the old one stops working.
    const [oldMail] = await t.mailsTo('nia@demo.test', 'invitation');
    const moved = await edit(id, { ...body, email: 'nia.new@demo.test', status: 'pending' });
    expect(moved.statusCode).toBe(200);
    const [newMail] = await t.mailsTo('nia.new@demo.test', 'invitation');
    expect(newMail).toBeDefined();
    expect(
      (await call('GET', `/api/auth/invitation/check/${keyFromMail(oldMail!.text)}`)).statusCode,
    ).toBe(404);
  });

  it('refuses an email that is taken and names bad fields', async () => {
    const taken = await edit(ids['accountant@demo.test']!, {
      first_name: 'Anna',
      last_name: 'Accountant',
      email: 'owner@other.test',
      role: 'accountant',
      status: 'active',
    });
    expect(taken.statusCode).toBe(409);
    const bad = await call(
      'PUT',
      `/api/users/update/${ids['accountant@demo.test']}`,
      owner(),
      {
        first_name: 'Anna',
        last_name: 'Accountant',
        email: 'accountant@demo.test',
        role: 'accountant',
        status: 'deleted',
      },
      'it',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad.json()))).toEqual(['status']);
  });

  it('deleting is soft: the member is gone from the list, signed out, and can be invited back', async () => {
    const accountant = await t.signIn('accountant@demo.test');
    const id = ids['accountant@demo.test']!;
    const response = await call('DELETE', `/api/users/${id}`, owner());
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The member has been deleted');
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.status).toBe('deleted');
    expect((await call('GET', '/api/auth/me', accountant)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${id}`, owner())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${id}`, owner())).statusCode).toBe(404);
    const list = await call('GET', `/api/users/company/${demoId}?limit=100`, owner());
    expect(list.json().items.map((m: { id: string }) => m.id)).not.toContain(id);

    const back = await invite({
      first_name: 'Anna',
      last_name: 'Accountant',
      email: 'accountant@demo.test',
      role: 'accountant',
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().member).toMatchObject({ id, status: 'pending' });
    await expect(t.signIn('accountant@demo.test', DEMO_PASSWORD)).rejects.toThrow();
  });
});
