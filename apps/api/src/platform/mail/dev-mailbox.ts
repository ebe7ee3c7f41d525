import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../errors';
import { escapeHtml } from './templates';

const LIMIT = 100;

/** The latest mails, newest first; only those to `to` (any case) when given. */
async function latestMails(db: Db, to?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.recipient})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(LIMIT);
}

type Mail = Awaited<ReturnType<typeof latestMails>>[number];

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Only a request made on this machine, straight to the API: the socket's own address (never a
 * forwarded one), and no proxy in between, which would make everyone's request look local.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * The outbox as a tester sees it, outside production only and to this machine only (its mails
 * hold password reset links): an HTML page to read mails and follow their links, and JSON for
 * browser tests that need a link from a mail. Anyone else finds nothing here (404).
 */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request)) throw notFound();
  });

  app.get('/', async (_request, reply) => {
    const mails = await latestMails(app.db);
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage(mails, Boolean(app.config.smtpUrl)));
  });

  app.get('/messages', async (request, reply) => {
    const { to } = (request.query ?? {}) as Record<string, unknown>;
    const recipient = typeof to === 'string' && to.trim() ? to.trim() : undefined;
    // Answered once the work earlier requests started after answering (a reset mail) has
    // ended: a mail that a finished request causes is then listed, without polling.
    await app.background.idle();
    const mails = await latestMails(app.db, recipient);
    return reply.header('Cache-Control', 'no-store').send({
      items: mails.map((mail) => ({
        id: mail.id,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template,
        locale: mail.locale,
        status: mail.status,
        created_at: mail.createdAt.toISOString(),
      })),
    });
  });
};

/** Plain text with its web links made clickable; everything else escaped. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function renderEntry(mail: Mail, index: number): string {
  const headingId = `mail-${mail.id}`;
  const time = mail.createdAt.toISOString();
  const meta = [
    `<time datetime="${time}">${time.replace('T', ' ').slice(0, 19)} UTC</time>`,
    `to <strong>${escapeHtml(mail.recipient)}</strong>`,
    `${escapeHtml(mail.template)} (${escapeHtml(mail.locale)})`,
    `<span class="status status-${escapeHtml(mail.status)}">${escapeHtml(mail.status)}</span>`,
  ].join(' · ');
  // Only the newest mail starts open: a hundred frames would make the page slow.
  // Links in the mail open in a new tab: the app forbids being framed, so following one inside
  // the frame would show an error. The sandbox gives the mail no scripts and no same-origin.
  const srcdoc = escapeHtml(`<base target="_blank">${mail.html}`);
  const frameTitle = escapeHtml(`HTML version: ${mail.subject}`);
  return `<li>
<article aria-labelledby="${headingId}">
<h2 id="${headingId}">${escapeHtml(mail.subject)}</h2>
<p class="meta">${meta}</p>
<details${index === 0 ? ' open' : ''}>
<summary>HTML version</summary>
<iframe title="${frameTitle}" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${srcdoc}"></iframe>
</details>
<details>
<summary>Text version</summary>
<pre>${linkify(mail.text)}</pre>
</details>
</article>
</li>`;
}

function renderPage(mails: Mail[], smtpConfigured: boolean): string {
  const note = smtpConfigured
    ? 'SMTP_URL is set: these mails are also delivered by the mail worker.'
    : 'SMTP_URL is not set: mails are not delivered and stay pending here.';
  const list = mails.length
    ? `<ol class="mails">\n${mails.map(renderEntry).join('\n')}\n</ol>`
    : '<p>No mails yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f1f3f5; color: #1f2933; }
main { max-width: 960px; margin: 0 auto; padding: 24px 16px; }
.mails { list-style: none; padding: 0; }
article { background: #fff; border-radius: 8px; padding: 16px 20px; margin-bottom: 16px; }
h2 { font-size: 1.15rem; margin: 0 0 4px; }
.meta { margin: 0 0 12px; color: #52606d; }
.status { font-weight: 600; }
.status-sent { color: #2b8a3e; }
.status-failed { color: #c92a2a; }
summary { cursor: pointer; color: #1864ab; margin: 8px 0; }
iframe { width: 100%; height: 520px; border: 1px solid #dee2e6; border-radius: 6px; background: #fff; }
pre { white-space: pre-wrap; word-break: break-word; background: #f8f9fa; padding: 12px; }
a { color: #1864ab; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>The latest ${LIMIT} mails of the outbox, newest first. ${escapeHtml(note)}</p>
<p>This page answers requests from this machine only (the loopback address, not through a proxy),
and never in production: its mails hold password reset and invitation links.</p>
${list}
</main>
</body>
</html>
`;
}
