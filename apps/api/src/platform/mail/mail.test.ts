import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { LOCALES } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { openTestDatabase } from '../../test/app';
import { BackgroundWork } from '../background';
import { devMailboxRoutes } from './dev-mailbox';
import { enqueueMail } from './outbox';
import type { MailTemplate, MailTemplateVars } from './template-vars';
import { mailCatalogs, renderMail } from './templates';
import { backoffSeconds, startMailWorker } from './worker';
import type { MailAttachmentRef } from '../../db/schema';

const sampleVars: { [T in MailTemplate]: MailTemplateVars[T] } = {
  registration_received: { first_name: 'Anna', company: 'Sun & Volt BV' },
  registration_staff: {
    company: 'Sun & Volt BV',
    vat_number: 'NL123456789B01',
    country: 'NL',
    applicant_name: 'Anna de Vries',
    applicant_email: 'anna@sunvolt.test',
    review_url: 'https://portal.test/admin/registrations',
  },
  registration_approved: {
    first_name: 'Anna',
    company: 'Sun & Volt BV',
    email: 'anna@sunvolt.test',
    sign_in_url: 'https://portal.test/fr/sign-in',
  },
  registration_rejected: { first_name: 'Anna', company: 'Sun & Volt BV' },
  invitation: {
    first_name: 'Bram',
    company: 'Sun & Volt BV',
    inviter_name: 'Anna de Vries',
    set_password_url: 'https://portal.test/invitation/abc?x=1&y=2',
    expires_days: 7,
  },
  contact_answer: {
    first_name: 'Peter',
    subject: 'Delivery <date>',
    message: 'When does order 1000000004 arrive?',
    answer: 'It leaves our warehouse today.\nTracking follows.',
    staff_name: 'Olivia Operator',
  },
  staff_invitation: {
    first_name: 'Olivia',
    inviter_name: 'Sam Staff',
    set_password_url: 'https://portal.test/set-password?type=invitation&key=abc',
    expires_days: 7,
  },
  account_exists: {
    first_name: 'Anna',
    sign_in_url: 'https://portal.test/sign-in',
    reset_url: 'https://portal.test/forgot-password',
  },
  sign_in_attempts: {
    first_name: 'Anna',
    failures: 100,
    reset_url: 'https://portal.test/forgot-password',
  },
  password_reset: {
    first_name: 'Anna',
    reset_url: 'https://portal.test/reset-password/abc',
    expires_minutes: 60,
  },
  contact_message: {
    subject: 'Delivery <b>question</b>',
    message: 'When will order 1234567890 ship?\nThanks & regards',
    company: 'Sun & Volt BV',
    vat_number: 'NL123456789B01',
    sender_name: 'Anna de Vries',
    sender_email: 'anna@sunvolt.test',
    sender_role: 'purchaser',
    sender_locale: 'nl',
  },
  order_placed: {
    first_name: 'Anna',
    order_number: '1000000042',
    order_value: '€ 1.234,50',
    delivery_days: 2,
    order_url: 'https://portal.test/nl/orders',
  },
  order_placed_bank_transfer: {
    first_name: 'Anna',
    order_number: '1000000042',
    order_value: '€ 1.234,50',
    delivery_days: 5,
    order_url: 'https://portal.test/nl/orders',
    account_holder: 'Wholesale Portal BV',
    iban: 'NL91ABNA0417164300',
    bic: 'ABNANL2A',
  },
  order_paid: {
    first_name: 'Anna',
    order_number: '1000000042',
    order_value: '€ 1.234,50',
    delivery_days: 2,
    order_url: 'https://portal.test/nl/orders',
  },
  notification_new_order: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '2026-000007',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_new_invoice: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '2026-000007',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_order_is_shipped: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '2026-000007',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_replacement_sent: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '2026-000007',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_new_creditmemo: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '2026-000007',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_approval_requested: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_approval_approved: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_approval_declined: {
    first_name: 'Anna',
    buyer_name: 'Pia Purchaser',
    order_number: '1000000042',
    invoice_number: '',
    quote_number: '',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  notification_quote_answered: {
    first_name: 'Anna',
    buyer_name: '',
    order_number: '',
    invoice_number: '',
    quote_number: 'Q100042',
    open_url: 'https://portal.test/nl/orders/00000000-0000-4000-8000-000000000042',
  },
  staff_alert_registration: {
    first_name: 'Sam',
    company: 'Solar Sud SARL',
    country: 'FR',
    review_url: 'https://portal.example/admin/customers?status=pending',
  },
  staff_alert_bank_transfer: {
    first_name: 'Sam',
    order_number: '1000000042',
    company: 'Demo Energy BV',
    amount: '€1,234.56',
    order_url: 'https://portal.example/admin/orders/1',
  },
  staff_alert_claim: {
    first_name: 'Sam',
    claim_number: 'RET-000007',
    company: 'Demo Energy BV',
    claim_url: 'https://portal.example/admin/claims/1',
  },
  staff_alert_quote: {
    first_name: 'Sam',
    quote_number: 'Q100042',
    company: 'Demo Energy BV',
    quote_url: 'https://portal.example/admin/quotes/1',
  },
  staff_alert_message: {
    first_name: 'Sam',
    company: 'Demo Energy BV',
    subject: 'Delivery question',
    message_url: 'https://portal.example/admin/messages/1',
  },
  invoice_available: {
    first_name: 'Anna',
    order_number: '1000000042',
    invoice_number: '2026-000007',
    amount: '€1,234.56',
    invoice_url: 'https://portal.example/invoices/invoice-details/1',
  },
  order_canceled_refunded: {
    first_name: 'Anna',
    order_number: '1000000042',
    amount: '€1,234.56',
    credit_note_number: '2026-000003',
    order_url: 'https://portal.example/orders',
  },
  order_canceled_credit_note: {
    first_name: 'Anna',
    order_number: '1000000042',
    amount: '€1,234.56',
    credit_note_number: '2026-000003',
    order_url: 'https://portal.example/orders',
  },
  order_shipped: {
    first_name: 'Anna',
    order_number: '1000000042',
    carrier: 'DHL',
    tracking_number: 'JVGL0123456789',
    order_url: 'https://portal.test/nl/orders',
  },
  invoice_archive_ready: {
    first_name: 'Anna',
    date_from: '1 oktober 2026',
    date_to: '31 oktober 2026',
    count: 42,
    download_url: 'https://portal.test/api/invoices/archives/1/download?token=abc',
    expires_at: '7 november 2026 10:00',
  },
};
const templates = Object.keys(sampleVars) as MailTemplate[];
const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('mail templates', () => {
  it.each(LOCALES)('renders every template in %s with every variable filled', (locale) => {
    for (const template of templates) {
      const mail = renderMail(template, locale, sampleVars[template]);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part, `${template}/${locale}`).not.toMatch(/\{\w+\}/);
      }
      expect(mail.subject.length).toBeGreaterThan(3);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      for (const value of Object.values(sampleVars[template])) {
        if (String(value).startsWith('https://')) {
          expect(mail.text).toContain(String(value));
          expect(mail.html).toContain(`href="${String(value).replaceAll('&', '&amp;')}"`);
        }
      }
    }
  });

  it('escapes user-given names in the HTML and keeps them readable in the text', () => {
    const name = '<script>alert("x")</script>';
    const mail = renderMail('invitation', 'en', {
      ...sampleVars.invitation,
      inviter_name: name,
      company: 'Evil\r\nBcc: victim@example.test',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain(name);
    expect(mail.subject).toBe('You have been invited to join Evil Bcc: victim@example.test');
  });

  it('says what each mail must say', () => {
    const approved = renderMail('registration_approved', 'en', sampleVars.registration_approved);
    expect(approved.text).toContain('anna@sunvolt.test');
    expect(approved.text).toContain('https://portal.test/fr/sign-in');
    const reset = renderMail('password_reset', 'de', sampleVars.password_reset);
    expect(reset.text).toContain('60 Minuten');
    const invitation = renderMail('invitation', 'en', {
      ...sampleVars.invitation,
      expires_days: 1,
    });
    expect(invitation.text).toContain('Anna de Vries has invited you to join Sun & Volt BV');
    expect(invitation.text).toContain('expires in 1 day.');
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      renderMail('password_reset', 'en', {
        ...sampleVars.password_reset,
        reset_url: 'javascript:x',
      }),
    ).toThrow(/not an http/);
  });
});

describe('mail locale files', () => {
  const english = mailCatalogs.en;

  it.each(LOCALES)('%s has the English keys, filled, with the same placeholders', (locale) => {
    const catalog = mailCatalogs[locale];
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(catalog)) {
      expect(value.trim(), `${locale}: ${key}`).not.toBe('');
      expect(placeholders(value), `${locale}: ${key}`).toEqual(placeholders(english[key] ?? ''));
    }
  });
});

interface ReceivedMail {
  /** The message as received (headers and MIME parts). */
  raw: string;
  to: string[];
  subject: string;
  body: string;
}

/** Decodes what nodemailer writes: RFC 2047 words in the subject, quoted-printable parts. */
function decodeMessage(raw: string): Pick<ReceivedMail, 'subject' | 'body'> {
  const fromQ = (value: string) =>
    Buffer.from(
      value
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const [head = '', ...body] = raw.split('\r\n\r\n');
  const subjectLine = /^Subject: (.*)$/im.exec(head.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';
  const subject = subjectLine.replace(
    /=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : fromQ(data.replace(/_/g, ' ')),
  );
  return { subject, body: fromQ(body.join('\r\n\r\n')) };
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const raw = Buffer.concat(chunks).toString('latin1');
        received.push({ to, raw, ...decodeMessage(raw) });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port where nothing listens: connections are refused as when the SMTP server is down. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('mail worker and dev mailbox', () => {
  let database: Database;
  let config: Config;
  const log = Fastify({ logger: false }).log;
  const rows = () => database.db.select().from(mailOutbox);
  const approvalFor = (to: string, locale: 'en' | 'fr' = 'fr') =>
    enqueueMail(database.db, {
      to,
      template: 'registration_approved',
      locale,
      vars: { ...sampleVars.registration_approved, email: to },
    });

  beforeAll(async () => {
    database = await openTestDatabase('migrated');
    config = loadConfig({
      ...process.env,
      DATABASE_URL: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SMTP_URL: undefined,
    });
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    await database.db.delete(mailOutbox);
  });

  it('delivers an outbox mail to a real SMTP server in the recipient language', async () => {
    const smtp = await startSmtp();
    const worker = startMailWorker(
      database.db,
      {
        ...config,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailFrom: 'Portal <shop@portal.test>',
      },
      log,
    );
    try {
      await approvalFor('owner@sunvolt.test');
      expect(await worker.drain()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(['owner@sunvolt.test']);
      expect(mail?.subject).toBe('Votre compte a été approuvé');
      expect(mail?.body).toContain('Connectez-vous avec votre adresse e-mail owner@sunvolt.test');
      expect(mail?.body).toContain('https://portal.test/fr/sign-in');
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(await worker.drain()).toBe(0);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('attaches the files an outbox mail names, made when it is sent', async () => {
    const smtp = await startSmtp();
    const made: { ref: MailAttachmentRef; locale: string }[] = [];
    const ref: MailAttachmentRef = {
      document: 'invoice',
      id: '00000000-0000-4000-8000-000000000001',
      companyId: '00000000-0000-4000-8000-000000000002',
      format: 'ubl',
    };
    const worker = startMailWorker(
      database.db,
      { ...config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
      log,
      async (wanted, locale) => {
        made.push({ ref: wanted, locale });
        return {
          filename: 'invoice-2026-000001.xml',
          content: Buffer.from('<Invoice/>'),
          contentType: 'application/xml',
        };
      },
    );
    try {
      await enqueueMail(database.db, {
        to: 'accountant@sunvolt.test',
        template: 'registration_approved',
        locale: 'de',
        vars: { ...sampleVars.registration_approved, email: 'accountant@sunvolt.test' },
        attachments: [ref],
      });
      expect(await worker.drain()).toBe(1);
      expect(made).toEqual([{ ref, locale: 'de' }]);
      const raw = smtp.received[0]?.raw ?? '';
      expect(raw).toMatch(/Content-Type: application\/xml; name=invoice-2026-000001\.xml/);
      expect(raw).toMatch(/Content-Disposition: attachment; filename=invoice-2026-000001\.xml/);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps a mail whose file cannot be made now, and tries again later', async () => {
    const smtp = await startSmtp();
    const worker = startMailWorker(
      database.db,
      { ...config, smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
      log,
      () => Promise.reject(new Error('PDF workers busy')),
    );
    try {
      await enqueueMail(database.db, {
        to: 'accountant@sunvolt.test',
        template: 'registration_approved',
        locale: 'en',
        vars: { ...sampleVars.registration_approved, email: 'accountant@sunvolt.test' },
        attachments: [
          {
            document: 'credit-note',
            id: '00000000-0000-4000-8000-000000000003',
            companyId: '00000000-0000-4000-8000-000000000002',
            format: 'pdf',
          },
        ],
      });
      expect(await worker.drain()).toBe(0);
      expect(smtp.received).toEqual([]);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'PDF workers busy' });
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps a mail through an SMTP outage and sends it once the server is back', async () => {
    const port = await closedPort();
    const worker = startMailWorker(
      database.db,
      { ...config, smtpUrl: `smtp://127.0.0.1:${port}` },
      log,
    );
    let server: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      await approvalFor('outage@sunvolt.test');
      const before = Date.now();
      expect(await worker.drain()).toBe(0);
      const [failed] = await rows();
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(failed?.lastError).toMatch(/ECONNREFUSED/);
      const wait = (failed?.nextAttemptAt.getTime() ?? 0) - before;
      expect(wait).toBeGreaterThan((backoffSeconds(1) - 2) * 1000);
      expect(wait).toBeLessThan((backoffSeconds(1) + 5) * 1000);

      server = await startSmtp(port);
      expect(await worker.drain()).toBe(0); // not due yet: the backoff holds
      await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
      expect(await worker.drain()).toBe(1);
      expect(server.received.map((mail) => mail.to)).toEqual([['outage@sunvolt.test']]);
      const [sent] = await rows();
      expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await worker.stop();
      await server?.close();
    }
  });

  it('gives up after the tenth failed attempt', async () => {
    const port = await closedPort();
    const worker = startMailWorker(
      database.db,
      { ...config, smtpUrl: `smtp://127.0.0.1:${port}` },
      log,
    );
    await approvalFor('never@sunvolt.test');
    await database.db.update(mailOutbox).set({ attempts: 9 });
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 10 });
    expect(backoffSeconds(1)).toBe(10);
    expect(backoffSeconds(12)).toBe(3600);
  });

  it('sends on its own timer, and does nothing without SMTP_URL', async () => {
    const idle = startMailWorker(database.db, config, log);
    await approvalFor('timer@sunvolt.test');
    expect(await idle.drain()).toBe(0);
    expect(await rows()).toMatchObject([{ status: 'pending', attempts: 0 }]);
    await idle.stop();

    const smtp = await startSmtp();
    const worker = startMailWorker(
      database.db,
      { ...config, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailWorkerIntervalMs: 20 },
      log,
    );
    try {
      await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    } finally {
      await worker.stop();
      await smtp.close();
    }
    expect(await rows()).toMatchObject([{ status: 'sent' }]);
  });

  it('shows mails on the dev mailbox page and as JSON by recipient', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', database.db);
    app.decorate('config', config);
    app.decorate('background', new BackgroundWork(app.log));
    await app.register(devMailboxRoutes, { prefix: '/dev/mailbox' });
    try {
      await approvalFor('first@sunvolt.test', 'en');
      await enqueueMail(database.db, {
        to: 'Second@SunVolt.test',
        template: 'registration_received',
        locale: 'en',
        vars: { first_name: '<script>alert(1)</script>', company: 'Sun & Volt BV' },
      });
      await approvalFor('second@sunvolt.test', 'en');
      await database.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - interval '1 minute'` })
        .where(eq(mailOutbox.template, 'registration_received'));

      const json = await app.inject({ url: '/dev/mailbox/messages?to=SECOND@sunvolt.test' });
      expect(json.statusCode).toBe(200);
      const { items } = json.json<{ items: { to: string; template: string; text: string }[] }>();
      expect(items.map((item) => item.template)).toEqual([
        'registration_approved',
        'registration_received',
      ]);
      expect(items[0]?.text).toContain('https://portal.test/fr/sign-in');
      const all = await app.inject({ url: '/dev/mailbox/messages?to=&to=x' });
      expect(all.json<{ items: unknown[] }>().items).toHaveLength(3);

      const page = await app.inject({ url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('<title>Dev mailbox</title>');
      expect(page.body).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
      expect(page.body).not.toContain('<script>');
      expect(page.body).toContain('<a href="https://portal.test/fr/sign-in">');
    } finally {
      await app.close();
    }
  });
});
