import type { Locale } from '@portal/contract';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import type { MailTemplate, MailTemplateVars } from './template-vars';

type MailKey = keyof typeof en;
/** Keys translated once per plural form (`_one`, `_other`), named without the suffix. */
type PluralKey = MailKey extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never;
type VarName<T extends MailTemplate, Pattern extends string> = Extract<
  keyof MailTemplateVars[T],
  Pattern
>;

/** A mail is a greeting, then paragraphs and buttons, then the signature. */
type Block<T extends MailTemplate> =
  | MailKey
  | { plural: PluralKey; count: VarName<T, `expires_${string}`> }
  | { button: MailKey; url: VarName<T, `${string}_url`> };

interface Layout<T extends MailTemplate> {
  greeting: MailKey;
  blocks: Block<T>[];
}

const layouts: { [T in MailTemplate]: Layout<T> } = {
  registration_received: {
    greeting: 'common.greeting',
    blocks: ['registration_received.intro', 'registration_received.review'],
  },
  registration_staff: {
    greeting: 'registration_staff.greeting',
    blocks: [
      'registration_staff.intro',
      'registration_staff.details',
      { button: 'registration_staff.action', url: 'review_url' },
    ],
  },
  registration_approved: {
    greeting: 'common.greeting',
    blocks: [
      'registration_approved.intro',
      'registration_approved.sign_in',
      { button: 'registration_approved.action', url: 'sign_in_url' },
      'registration_approved.forgot_password',
    ],
  },
  registration_rejected: {
    greeting: 'common.greeting',
    blocks: ['registration_rejected.intro', 'registration_rejected.contact'],
  },
  invitation: {
    greeting: 'common.greeting',
    blocks: [
      'invitation.intro',
      'invitation.set_password',
      { button: 'invitation.action', url: 'set_password_url' },
      { plural: 'invitation.expiry', count: 'expires_days' },
      'invitation.ignore',
    ],
  },
  contact_answer: {
    greeting: 'common.greeting',
    blocks: ['contact_answer.intro', 'contact_answer.answer', 'contact_answer.question'],
  },
  staff_invitation: {
    greeting: 'common.greeting',
    blocks: [
      'staff_invitation.intro',
      'invitation.set_password',
      { button: 'invitation.action', url: 'set_password_url' },
      { plural: 'invitation.expiry', count: 'expires_days' },
      'invitation.ignore',
    ],
  },
  order_placed: {
    greeting: 'common.greeting',
    blocks: [
      'order_placed.intro',
      'order_placed.payment',
      { button: 'order_placed.action', url: 'order_url' },
    ],
  },
  order_placed_bank_transfer: {
    greeting: 'common.greeting',
    blocks: [
      'order_placed.intro',
      'order_placed_bank_transfer.transfer',
      'order_placed_bank_transfer.delivery',
      { button: 'order_placed.action', url: 'order_url' },
    ],
  },
  order_paid: {
    greeting: 'common.greeting',
    blocks: [
      'order_paid.intro',
      'order_paid.delivery',
      { button: 'order_placed.action', url: 'order_url' },
    ],
  },
  notification_new_order: {
    greeting: 'common.greeting',
    blocks: [
      'notification_new_order.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_new_invoice: {
    greeting: 'common.greeting',
    blocks: [
      'notification_new_invoice.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_order_is_shipped: {
    greeting: 'common.greeting',
    blocks: [
      'notification_order_is_shipped.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_replacement_sent: {
    greeting: 'common.greeting',
    blocks: [
      'notification_replacement_sent.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_new_creditmemo: {
    greeting: 'common.greeting',
    blocks: [
      'notification_new_creditmemo.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_approval_requested: {
    greeting: 'common.greeting',
    blocks: [
      'notification_approval_requested.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_approval_approved: {
    greeting: 'common.greeting',
    blocks: [
      'notification_approval_approved.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_approval_declined: {
    greeting: 'common.greeting',
    blocks: [
      'notification_approval_declined.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  notification_quote_answered: {
    greeting: 'common.greeting',
    blocks: [
      'notification_quote_answered.intro',
      { button: 'notification.open', url: 'open_url' },
      'notification.preferences',
    ],
  },
  staff_alert_registration: {
    greeting: 'common.greeting',
    blocks: [
      'staff_alert_registration.intro',
      { button: 'staff_alert_registration.action', url: 'review_url' },
      'staff_alert.preferences',
    ],
  },
  staff_alert_bank_transfer: {
    greeting: 'common.greeting',
    blocks: [
      'staff_alert_bank_transfer.intro',
      { button: 'staff_alert_bank_transfer.action', url: 'order_url' },
      'staff_alert.preferences',
    ],
  },
  staff_alert_claim: {
    greeting: 'common.greeting',
    blocks: [
      'staff_alert_claim.intro',
      { button: 'staff_alert_claim.action', url: 'claim_url' },
      'staff_alert.preferences',
    ],
  },
  staff_alert_quote: {
    greeting: 'common.greeting',
    blocks: [
      'staff_alert_quote.intro',
      { button: 'staff_alert_quote.action', url: 'quote_url' },
      'staff_alert.preferences',
    ],
  },
  staff_alert_message: {
    greeting: 'common.greeting',
    blocks: [
      'staff_alert_message.intro',
      { button: 'staff_alert_message.action', url: 'message_url' },
      'staff_alert.preferences',
    ],
  },
  invoice_available: {
    greeting: 'common.greeting',
    blocks: ['invoice_available.intro', { button: 'invoice_available.action', url: 'invoice_url' }],
  },
  order_canceled_refunded: {
    greeting: 'common.greeting',
    blocks: [
      'order_canceled.intro',
      'order_canceled_refunded.refund',
      { button: 'order_placed.action', url: 'order_url' },
    ],
  },
  order_canceled_credit_note: {
    greeting: 'common.greeting',
    blocks: [
      'order_canceled.intro',
      'order_canceled_credit_note.refund',
      { button: 'order_placed.action', url: 'order_url' },
    ],
  },
  order_shipped: {
    greeting: 'common.greeting',
    blocks: ['order_shipped.intro', { button: 'order_placed.action', url: 'order_url' }],
  },
  invoice_archive_ready: {
    greeting: 'common.greeting',
    blocks: [
      'invoice_archive_ready.intro',
      { button: 'invoice_archive_ready.action', url: 'download_url' },
      'invoice_archive_ready.expires',
    ],
  },
  account_exists: {
    greeting: 'common.greeting',
    blocks: [
      'account_exists.intro',
      { button: 'account_exists.sign_in', url: 'sign_in_url' },
      'account_exists.forgot',
      { button: 'account_exists.reset', url: 'reset_url' },
      'account_exists.ignore',
    ],
  },
  sign_in_attempts: {
    greeting: 'common.greeting',
    blocks: [
      'sign_in_attempts.intro',
      'sign_in_attempts.paused',
      { button: 'account_exists.reset', url: 'reset_url' },
      'sign_in_attempts.ignore',
    ],
  },
  password_reset: {
    greeting: 'common.greeting',
    blocks: [
      'password_reset.intro',
      { button: 'password_reset.action', url: 'reset_url' },
      { plural: 'password_reset.expiry', count: 'expires_minutes' },
      'password_reset.ignore',
    ],
  },
  contact_message: {
    greeting: 'contact_message.greeting',
    blocks: ['contact_message.intro', 'contact_message.details', 'contact_message.body'],
  },
};

export const mailCatalogs: Record<Locale, Record<string, string>> = { en, fr, es, de, nl, it };

type Rendered =
  { kind: 'paragraph'; text: string } | { kind: 'button'; label: string; url: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Renders a mail in `locale` (falling back to English per key) as subject, plain text and HTML. */
export function renderMail<T extends MailTemplate>(
  template: T,
  locale: Locale,
  vars: MailTemplateVars[T],
): { subject: string; text: string; html: string } {
  const values = vars as Record<string, string | number>;
  const translate = (key: MailKey) =>
    (mailCatalogs[locale][key] ?? en[key]).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  const plurals = new Intl.PluralRules(locale);
  const layout = layouts[template] as Layout<MailTemplate>;

  const sequence: Block<MailTemplate>[] = [layout.greeting, ...layout.blocks, 'common.signature'];
  const blocks = sequence.map((block): Rendered => {
    if (typeof block === 'string') return { kind: 'paragraph', text: translate(block) };
    if ('plural' in block) {
      const form = plurals.select(Number(values[block.count])) === 'one' ? 'one' : 'other';
      return { kind: 'paragraph', text: translate(`${block.plural}_${form}`) };
    }
    return { kind: 'button', label: translate(block.button), url: safeUrl(values[block.url]) };
  });
  // Names in the subject come from users: a line break there would start a new header line.
  const subject = translate(`${template}.subject` as MailKey)
    .replace(/\s+/g, ' ')
    .trim();
  return {
    subject,
    text: toText(blocks),
    html: toHtml(blocks, subject, locale, translate('common.link_fallback')),
  };
}

/** Only web links go into a mail: anything else (javascript:, data:) is a bug upstream. */
function safeUrl(value: string | number | undefined): string {
  const url = String(value);
  if (!/^https?:\/\//i.test(url)) throw new Error(`Mail link is not an http(s) URL: ${url}`);
  return url;
}

function toText(blocks: Rendered[]): string {
  const parts = blocks.map((block) =>
    block.kind === 'paragraph' ? block.text : `${block.label}:\n${block.url}`,
  );
  return `${parts.join('\n\n')}\n`;
}

const font = 'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2933';
const linkColor = '#1864ab';

function toHtml(blocks: Rendered[], subject: string, locale: Locale, fallback: string): string {
  const paragraph = (text: string, style = 'margin:0 0 16px') =>
    `<p style="${style}">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const body = blocks
    .map((block) => {
      if (block.kind === 'paragraph') return paragraph(block.text);
      const href = escapeHtml(block.url);
      return [
        `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;`,
        `background:${linkColor};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">`,
        `${escapeHtml(block.label)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(fallback)}<br>`,
        `<a href="${href}" style="color:${linkColor};word-break:break-all">${href}</a></p>`,
      ].join('');
    })
    .join('\n');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px;${font}">
${body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
