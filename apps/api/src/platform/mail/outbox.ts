import type { Locale } from '@portal/contract';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailTemplate, MailTemplateVars } from './template-vars';
import { renderMail } from './templates';

export interface OutgoingMail<T extends MailTemplate> {
  to: string;
  template: T;
  locale: Locale;
  vars: MailTemplateVars[T];
}

/**
 * Renders the mail in the recipient's language and writes it to the outbox. Pass the open
 * transaction so the mail exists exactly when the change that causes it is committed.
 */
export async function enqueueMail<T extends MailTemplate>(db: Executor, mail: OutgoingMail<T>) {
  const { subject, text, html } = renderMail(mail.template, mail.locale, mail.vars);
  await db.insert(mailOutbox).values({
    recipient: mail.to,
    template: mail.template,
    locale: mail.locale,
    subject,
    text,
    html,
  });
}
