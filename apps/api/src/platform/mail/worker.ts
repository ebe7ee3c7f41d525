import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox, type MailAttachmentRef } from '../../db/schema';

const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 10;
const BASE_BACKOFF_SECONDS = 5;
const MAX_BACKOFF_SECONDS = 3600;
/**
 * A claimed mail is hidden from other workers this long. It must outlast sending a batch (the
 * SMTP timeouts below bound each message); if the process dies mid-send, the mail is retried
 * once the lease runs out.
 */
const LEASE_SECONDS = 600;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

type ClaimedMail = typeof mailOutbox.$inferSelect;

/** A file to attach, made from what an outbox entry names. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Makes the files an entry names, in the mail's language (server.ts gives the documents' maker). */
export type AttachmentMaker = (ref: MailAttachmentRef, locale: string) => Promise<MailAttachment>;

export interface MailWorker {
  /** Clears the timer and waits for the tick in progress. */
  stop(): Promise<void>;
  /** Sends every mail due now, once; resolves with how many were sent. */
  drain(): Promise<number>;
}

/** Wait before the next try after `attempts` failures: 10 s, 20 s, 40 s … capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(2 ** attempts * BASE_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS);
}

/**
 * Drains the mail outbox every `config.mailWorkerIntervalMs` through SMTP, making the files a
 * mail names with `attachmentsOf` (a file it cannot make now is a failed attempt, tried again). Without
 * `config.smtpUrl` it does nothing: mails stay pending and the dev mailbox shows them.
 * Several processes may run one each: claims skip rows another worker has locked or leased.
 */
export function startMailWorker(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  attachmentsOf?: AttachmentMaker,
): MailWorker {
  const smtpUrl = config.smtpUrl;
  if (!smtpUrl) {
    const level = config.env === 'production' ? 'warn' : 'info';
    log[level]('mail worker: SMTP_URL is not set, mails stay pending in the outbox');
    return { stop: async () => {}, drain: async () => 0 };
  }
  // Pooled: a batch goes out over a few reused connections instead of one each. nodemailer is
  // loaded only here, in a process that sends mail.
  const transport = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({ url: smtpUrl, pool: true, ...SMTP_TIMEOUTS }),
  );

  async function deliver(mail: ClaimedMail): Promise<boolean> {
    try {
      const mailer = await transport;
      if (mail.attachments.length > 0 && !attachmentsOf) {
        throw new Error('mail outbox: this process cannot make attachments');
      }
      const attachments = attachmentsOf
        ? await Promise.all(mail.attachments.map((ref) => attachmentsOf(ref, mail.locale)))
        : [];
      await mailer.sendMail({
        from: config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Which mail this is, for the provider's logs and for a test reading what was sent.
        headers: { 'X-Mail-Template': mail.template },
        attachments,
      });
    } catch (error) {
      await recordFailure(db, mail, error, log);
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    return true;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    // Leased and backed-off mails are no longer due, so each batch is new and the loop ends.
    for (let batch = await claimDue(db); batch.length; batch = await claimDue(db)) {
      const results = await Promise.allSettled(batch.map(deliver));
      for (const result of results) {
        if (result.status === 'fulfilled') sent += Number(result.value);
        // The row could not be updated after the attempt: when the lease runs out the mail
        // goes again, so delivery is at least once.
        else log.error({ err: result.reason }, 'mail outbox: could not record a send');
      }
    }
    return sent;
  }

  // One run at a time in this process: drain() and the timer queue behind each other.
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    const result = running.then(sendDue);
    running = result.catch(() => undefined);
    return result;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => void tick(), config.mailWorkerIntervalMs);
    // The worker alone must not keep the process (or a test run) alive.
    timer.unref();
  };
  const tick = async () => {
    try {
      const sent = await run();
      if (sent) log.info({ sent }, 'mail outbox: sent');
    } catch (error) {
      log.error({ err: error }, 'mail outbox: tick failed');
    }
    if (!stopped) schedule();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      (await transport).close();
    },
    drain: run,
  };
}

/**
 * Claims up to a batch of due mails in one statement (one transaction): the rows are locked
 * with SKIP LOCKED and leased by pushing `next_attempt_at` out, so the lock is released before
 * the slow SMTP conversation starts and no other worker picks them up meanwhile.
 */
async function claimDue(db: Db): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

async function recordFailure(db: Db, mail: ClaimedMail, error: unknown, log: FastifyBaseLogger) {
  const attempts = mail.attempts + 1;
  const failed = attempts >= MAX_ATTEMPTS;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  await db
    .update(mailOutbox)
    .set({
      attempts,
      lastError: message,
      status: failed ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
    })
    .where(eq(mailOutbox.id, mail.id));
  const details = { mailId: mail.id, attempts, error: message };
  if (failed) log.error(details, 'mail outbox: giving up on a mail');
  else log.warn(details, 'mail outbox: send failed, will retry');
}
