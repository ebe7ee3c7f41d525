import type { Locale } from '@portal/contract';
import type { Executor } from '../../db/client';
import { mailOutbox, type MailAttachmentRef } from '../../db/schema';
import type { MailTemplate, MailTemplateVars } from './template-vars';
import { renderMail } from './templates';

export interface OutgoingMail<T extends MailTemplate> {
  to: string;
  template: T;
  locale: Locale;
  vars: MailTemplateVars[T];
  /** Files made and attached when the mail is sent (the worker's `attachmentsOf`). */
  attachments?: MailAttachmentRef[];
}

/**
 * Renders the mail in the recipient's language and writes it to the outbox. Pass the open
 * transaction so the mail exists exactly when the change that causes it is committed.
 */
export async function enqueueMail<T extends MailTemplate>(db: Executor, mail: OutgoingMail<T>) {
  await enqueueMails(db, [mail]);
}

/** Several mails in one statement (a notification to each member of a company). */
export async function enqueueMails(db: Executor, mails: OutgoingMail<MailTemplate>[]) {
  if (mails.length === 0) return;
  await outboxInsert(db, mails);
}

/**
 * The insert of mails into the outbox, rendered in their recipients' languages: awaited, or
 * written into a larger statement with `getSQL()` (a data-modifying CTE) to save a round trip.
 * At least one mail.
 */
export function outboxInsert(db: Executor, mails: OutgoingMail<MailTemplate>[]) {
  return db.insert(mailOutbox).values(
    mails.map((mail) => {
      const { subject, text, html } = renderMail(mail.template, mail.locale, mail.vars);
      return {
        recipient: mail.to,
        template: mail.template,
        locale: mail.locale,
        subject,
        text,
        html,
        attachments: mail.attachments ?? [],
      };
    }),
  );
}
