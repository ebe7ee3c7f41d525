import { DEFAULT_LOCALE, type ContactMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, contactMessages, users } from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailStaffAlert } from '../../platform/mail/staff-alerts';
import { webUrl } from '../../platform/urls';

/**
 * Files a contact-us message in the staff's inbox and mails it to the shop's support address,
 * with the company and the sender.
 */
export async function sendContactMessage(
  db: Db,
  config: Config,
  ctx: RequestContext,
  input: ContactMessage,
) {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, ctx.userId))
    .limit(1);
  if (!row) throw notFound();
  const { user, company } = row;
  // The staff's inbox keeps it; the support address still gets the mail, both or neither.
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        companyId: company.id,
        userId: user.id,
        subject: input.subject,
        message: input.message,
        locale: ctx.locale,
      })
      .returning({ id: contactMessages.id });
    if (!stored) throw new Error('contact message not stored');
    await mailStaffAlert(tx, 'messages', (locale, firstName) => ({
      first_name: firstName,
      company: company.name,
      subject: input.subject,
      message_url: webUrl(config, locale, `/admin/messages/${stored.id}`),
    }));
    await enqueueMail(tx, {
      to: config.supportEmail,
      template: 'contact_message',
      locale: DEFAULT_LOCALE,
      vars: {
        subject: input.subject,
        message: input.message,
        company: company.name,
        vat_number: company.vatNumber,
        sender_name: `${user.firstName} ${user.lastName}`.trim(),
        sender_email: user.email,
        sender_role: user.role,
        sender_locale: ctx.locale,
      },
    });
  });
}
