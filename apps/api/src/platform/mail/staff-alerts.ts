import { LOCALES, STAFF_ROLES, type Locale, type StaffAlert } from '@portal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { enqueueMails } from './outbox';
import type { MailTemplateVars } from './template-vars';

/** The mail of each alert a member of staff may ask for. */
const TEMPLATE_OF = {
  registrations: 'staff_alert_registration',
  bank_transfers: 'staff_alert_bank_transfer',
  claims: 'staff_alert_claim',
  messages: 'staff_alert_message',
  quotes: 'staff_alert_quote',
} as const satisfies Record<StaffAlert, string>;

type AlertTemplate<A extends StaffAlert> = (typeof TEMPLATE_OF)[A];

/**
 * Mails the alert to every active member of staff who switched it on, each in their language,
 * in the caller's transaction (the mail exists exactly when what it tells of does). `vars` are
 * made per recipient (links and amounts follow their language), and only when someone asked.
 */
export async function mailStaffAlert<A extends StaffAlert>(
  tx: Executor,
  alert: A,
  vars: (
    locale: Locale,
    firstName: string,
  ) => MailTemplateVars[AlertTemplate<A>] | Promise<MailTemplateVars[AlertTemplate<A>]>,
): Promise<void> {
  const staff = await tx
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(
      and(
        inArray(users.role, [...STAFF_ROLES]),
        eq(users.status, 'active'),
        sql`${alert} = any(${users.staffAlertMails})`,
      ),
    );
  // Nobody asked: nothing else is read (an order or a message pays one query for this).
  if (staff.length === 0) return;
  const mails = await Promise.all(
    staff.map(async (member) => {
      const locale = (LOCALES as readonly string[]).includes(member.locale)
        ? (member.locale as Locale)
        : 'en';
      return {
        to: member.email,
        template: TEMPLATE_OF[alert],
        locale,
        vars: await vars(locale, member.firstName),
      };
    }),
  );
  await enqueueMails(tx, mails);
}
