import { STAFF_ALERTS, type StaffAlertMails } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

const choiceOf = (alerts: string[]): StaffAlertMails => ({
  registrations: alerts.includes('registrations'),
  bank_transfers: alerts.includes('bank_transfers'),
  claims: alerts.includes('claims'),
  messages: alerts.includes('messages'),
  quotes: alerts.includes('quotes'),
});

/** `GET /admin/alert-mails`: which alerts the caller also gets by e-mail. */
export async function alertMailsOf(db: Db, userId: string): Promise<StaffAlertMails> {
  const [row] = await db
    .select({ alerts: users.staffAlertMails })
    .from(users)
    .where(eq(users.id, userId));
  return choiceOf(row?.alerts ?? []);
}

/** `PUT /admin/alert-mails`: the caller's own choice, every switch at once. */
export async function setAlertMails(
  db: Db,
  userId: string,
  choice: StaffAlertMails,
): Promise<StaffAlertMails> {
  const alerts = STAFF_ALERTS.filter((alert) => choice[alert]);
  const [row] = await db
    .update(users)
    .set({ staffAlertMails: alerts, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ alerts: users.staffAlertMails });
  return choiceOf(row?.alerts ?? []);
}
