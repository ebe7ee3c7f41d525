import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationPreferences } from '@portal/contract';
import { notifications, userNotificationCounts, users } from '../../db/schema';
import { seekSettings } from '../../db/seek-index';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { notifyCompany } from './service';

// Page boundaries every 2 rows: the pages walked below are read from remembered boundaries.
seekSettings.every = 2;

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, purchaser, accountant, other] = (await Promise.all(
    ['owner@demo.test', 'purchaser@demo.test', 'accountant@demo.test', 'owner@other.test'].map(
      (email) => t.signIn(email),
    ),
  )) as [string, string, string, string];
  const [demoOwner] = await t.db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, 'owner@demo.test'));
  companyId = demoOwner!.companyId!;
  // 12 shipped orders (owner and purchaser hear of them), then 1 invoice (owner and accountant).
  for (let i = 0; i < 12; i++) {
    await notifyCompany(t.db, t.config, companyId, 'order_is_shipped', {
      buyer: { _id: '00000000-0000-4000-8000-000000000001', full_name: 'Pia Purchaser' },
      order: { _id: '00000000-0000-4000-8000-000000000002', order_number: `10000000${10 + i}` },
    });
  }
  await notifyCompany(t.db, t.config, companyId, 'new_invoice', {
    order: { _id: '00000000-0000-4000-8000-000000000002', order_number: '1000000010' },
    invoice: { _id: '00000000-0000-4000-8000-000000000003', invoice_number: '2026-000001' },
  });
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/notifications${query}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/users/notifications', () => {
  it('pages newest first (10 a page) and counts the unseen without marking them', async () => {
    const first = await list('?page=1&limit=10&full_notification=0', owner);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ unseen: 13, page: 1, totalPage: 2 });
    expect(body.notifications).toHaveLength(10);
    expect(body.notifications[0]).toMatchObject({
      type: 'new_invoice',
      seen: false,
      detail: { invoice: { invoice_number: '2026-000001' }, order: { order_number: '1000000010' } },
    });
    expect(body.notifications[1]).toMatchObject({
      type: 'order_is_shipped',
      happened_at: expect.any(String),
      detail: { buyer: { full_name: 'Pia Purchaser' }, order: { order_number: '1000000021' } },
    });
    expect((await list('', owner)).json().unseen).toBe(13);
  });

  it('answers every page as the same slice of the newest-first list', async () => {
    const all = (await list('?page=1&limit=50', purchaser)).json();
    expect(all.notifications.length).toBeGreaterThan(0);
    // Limits of 1 and 3: the pages past the middle are read from the oldest end, the last
    // one partly filled.
    for (const limit of [1, 3]) {
      const pages = Math.ceil(all.notifications.length / limit);
      for (let page = 1; page <= pages + 1; page++) {
        const one = (await list(`?page=${page}&limit=${limit}`, purchaser)).json();
        expect(one).toMatchObject({ unseen: all.unseen, page, totalPage: pages });
        expect(one.notifications).toEqual(
          all.notifications.slice((page - 1) * limit, page * limit),
        );
      }
    }
  });

  it('marks what it returns as seen with full_notification=1, page by page', async () => {
    const opened = (await list('?page=1&full_notification=1', owner)).json();
    expect(opened.notifications).toHaveLength(10);
    expect(opened.unseen).toBe(3);
    const more = (await list('?page=2&full_notification=1', owner)).json();
    expect(more).toMatchObject({ page: 2, totalPage: 2, unseen: 0 });
    expect(more.notifications).toHaveLength(3);
    const again = (await list('?page=1', owner)).json();
    expect(again.notifications.every((n: { seen: boolean }) => n.seen)).toBe(true);
  });

  it('notifies each role as the permission table says, and only its own user', async () => {
    expect((await list('', purchaser)).json()).toMatchObject({ unseen: 12 });
    const accountantList = (await list('', accountant)).json();
    expect(accountantList).toMatchObject({ unseen: 1, totalPage: 1 });
    expect(accountantList.notifications[0].type).toBe('new_invoice');
    expect((await list('', other)).json()).toMatchObject({
      notifications: [],
      unseen: 0,
      totalPage: 0,
    });
    const rows = await t.db.select().from(notifications);
    expect(rows).toHaveLength(12 * 2 + 2);
  });

  it('keeps the unseen count exact through new, seen, unseen again and deleted ones', async () => {
    // The unseen count is kept by a trigger (migration 0010): compare it with a count by hand.
    const counted = async (email: string) => {
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(and(eq(users.email, email), isNull(notifications.seenAt)));
      return row?.n;
    };
    const versionOf = async (email: string) => {
      const [row] = await t.db
        .select({ version: userNotificationCounts.version })
        .from(userNotificationCounts)
        .innerJoin(users, eq(users.id, userNotificationCounts.userId))
        .where(eq(users.email, email));
      return row?.version;
    };
    const unseen = async () => (await list('?page=1&limit=2', accountant)).json().unseen;
    expect(await unseen()).toBe(1);
    for (let i = 0; i < 2; i++) {
      await notifyCompany(t.db, t.config, companyId, 'new_invoice', {
        order: { _id: '00000000-0000-4000-8000-000000000002', order_number: '1000000010' },
        invoice: {
          _id: '00000000-0000-4000-8000-00000000001' + i,
          invoice_number: `2026-00001${i}`,
        },
      });
    }
    expect(await unseen()).toBe(3);
    // Marking seen answers the count after the marks, and leaves the list's version (and so
    // the remembered page boundaries) alone: the rows and their order did not change.
    const version = await versionOf('accountant@demo.test');
    expect((await list('?page=1&limit=2&full_notification=1', accountant)).json().unseen).toBe(1);
    expect(await versionOf('accountant@demo.test')).toBe(version);
    expect(await unseen()).toBe(1);
    // Seen again (a later seen_at) changes nothing; unseen again counts again.
    const [newest] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.email, 'accountant@demo.test'))
      .orderBy(desc(notifications.happenedAt), desc(notifications.id))
      .limit(1);
    await t.db
      .update(notifications)
      .set({ seenAt: sql`now() + interval '1 minute'` })
      .where(eq(notifications.id, newest!.id));
    expect(await unseen()).toBe(1);
    await t.db.update(notifications).set({ seenAt: null }).where(eq(notifications.id, newest!.id));
    expect(await unseen()).toBe(2);
    await t.db.delete(notifications).where(eq(notifications.id, newest!.id));
    expect(await unseen()).toBe(1);
    const members: Array<[string, string]> = [
      ['owner@demo.test', owner],
      ['purchaser@demo.test', purchaser],
      ['accountant@demo.test', accountant],
    ];
    for (const [email, token] of members) {
      expect((await list('', token)).json().unseen).toBe(await counted(email));
    }
  });

  it('refuses no token (401) and bad input (400 naming the field)', async () => {
    expect((await list('')).statusCode).toBe(401);
    const bad = await list('?page=0&limit=500&full_notification=yes&other=1', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('VALIDATION_ERROR');
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['page', 'limit', 'full_notification']),
    );
  });
});

describe('e-mail notification preferences', () => {
  const preferences = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/notification-preferences',
      headers: token ? bearer(token) : {},
    });
  const update = (payload: object, token?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/update-notification-preferences',
      payload,
      headers: token ? bearer(token) : {},
    });
  const allOn = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, true]),
  ) as NotificationPreferences;

  it('starts with every mail on and keeps each user its own switches', async () => {
    for (const token of [owner, purchaser, accountant]) {
      expect((await preferences(token)).json()).toEqual({ preferences: allOn });
    }
    const changed = await update({ ...allOn, new_order: false }, accountant);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().preferences).toEqual({ ...allOn, new_order: false });
    expect((await preferences(accountant)).json().preferences.new_order).toBe(false);
    expect((await preferences(owner)).json().preferences.new_order).toBe(true);
  });

  it('mails each notified member in their language, except who switched the type off', async () => {
    await t.db.update(users).set({ locale: 'de' }).where(eq(users.email, 'owner@demo.test'));
    await notifyCompany(t.db, t.config, companyId, 'new_order', {
      buyer: { _id: '00000000-0000-4000-8000-000000000001', full_name: 'Pia Purchaser' },
      order: { _id: '00000000-0000-4000-8000-000000000004', order_number: '1000000099' },
    });
    const [ownerMail] = await t.mailsTo('owner@demo.test', 'notification_new_order');
    expect(ownerMail?.locale).toBe('de');
    expect(ownerMail?.text).toContain('Pia Purchaser hat die Bestellung 1000000099 aufgegeben.');
    // A button to the order, in the member's language, as the notification list links it.
    const orderUrl = `${t.config.appUrl}/de/orders/00000000-0000-4000-8000-000000000004`;
    expect(ownerMail?.text).toContain(`Im Portal öffnen:\n${orderUrl}`);
    expect(ownerMail?.html).toContain(`href="${orderUrl}"`);
    const [purchaserMail] = await t.mailsTo('purchaser@demo.test', 'notification_new_order');
    expect(purchaserMail?.text).toContain(
      `Open it in the portal:\n${t.config.appUrl}/orders/00000000-0000-4000-8000-000000000004`,
    );
    expect(await t.mailsTo('purchaser@demo.test', 'notification_new_order')).toHaveLength(1);
    // The accountant switched new_order off above: the notification, but no mail.
    expect(await t.mailsTo('accountant@demo.test', 'notification_new_order')).toHaveLength(0);
    expect((await list('', accountant)).json().notifications[0]).toMatchObject({
      type: 'new_order',
      detail: { order: { order_number: '1000000099' } },
    });
  });

  it('refuses no token (401) and bad input (400 naming the field)', async () => {
    expect((await preferences()).statusCode).toBe(401);
    expect((await update(allOn)).statusCode).toBe(401);
    const bad = await update(
      { ...allOn, new_order: 'no', extra: true, new_invoice: undefined },
      owner,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['new_order', 'new_invoice']),
    );
  });
});
