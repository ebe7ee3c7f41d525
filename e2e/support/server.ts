import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  template: string;
  /** The names of the files it carries. */
  attachments: string[];
}

/**
 * An SMTP server on 127.0.0.1 keeping what the portal sends, as the shop's mail provider would
 * receive it (the template travels in the X-Mail-Template header).
 */
async function startMailCatcher() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        for (const rcpt of session.envelope.rcptTo) {
          received.push({
            to: rcpt.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            template: String(parsed.headers.get('x-mail-template') ?? ''),
            attachments: parsed.attachments.map((attachment) => attachment.filename ?? ''),
          });
        }
        callback();
      }, callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PortalServer {
  url: string;
  /** The latest mail to `to` (optionally of a template); waits for it to be sent. */
  mailTo(to: string, template?: string): Promise<Mail>;
  stop(): Promise<void>;
}

/**
 * Starts the portal as `npm start` does (built web app, embedded database, demo data), in a
 * temporary DATA_DIR on a free port. The web app and the API must be built first (`npm run build`).
 *
 * `production` (the default) runs it as a shop runs it: NODE_ENV=production with the demo
 * acknowledged (ALLOW_DEMO_IN_PRODUCTION), mails sent over SMTP to a catcher here.
 * `development` runs it as `npm start` does, mails kept in the dev mailbox.
 */
export async function startPortal(
  env: Record<string, string> = {},
  mode: 'production' | 'development' = 'production',
): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const catcher = mode === 'production' ? await startMailCatcher() : undefined;
  const modeEnv: Record<string, string> = catcher
    ? {
        NODE_ENV: 'production',
        ALLOW_DEMO_IN_PRODUCTION: '1',
        SEED_DEMO: 'true',
        PAYMENT_PROVIDER: 'simulated',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SMTP_URL: catcher.url,
      }
    : { NODE_ENV: 'development' };
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...modeEnv,
      AUTH_RATE_LIMIT_MAX: '200',
      MAIL_WORKER_INTERVAL_MS: '200',
      // Hashing at the production cost (2^17) made every sign-in of the journeys wait: tests
      // hash cheaply, as the API tests do.
      SCRYPT_COST_LOG2: '12',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A busy machine (shared cores) may need longer: PORTAL_START_TIMEOUT_MS raises the limit.
  const startTimeoutMs = Number(process.env.PORTAL_START_TIMEOUT_MS ?? 180_000);
  // The API says 'ready' on its IPC channel once it listens (main.ts); exiting first fails.
  const ready = once(child, 'message', { signal: AbortSignal.timeout(startTimeoutMs) });
  const exitedFirst = once(child, 'exit').then(([code]) => {
    throw new Error(`portal exited with ${String(code)}`);
  });
  // It also settles when the portal is stopped at the end: heard here, not left unhandled.
  exitedFirst.catch(() => undefined);
  try {
    await Promise.race([ready, exitedFirst]);
  } catch (error) {
    child.kill('SIGTERM');
    await catcher?.close();
    throw (error as Error).name === 'AbortError'
      ? new Error(`portal did not start within ${startTimeoutMs / 1000} s`)
      : error;
  }
  const matches = (to: string, template?: string) => (mail: Mail) =>
    mail.to === to && (!template || mail.template === template);
  return {
    url,
    async mailTo(to, template) {
      if (!catcher) return fromDevMailbox(url, to, template);
      // The mail worker sends every 200 ms: wait for the mail to arrive, up to 30 s.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const mail = catcher.received.findLast(matches(to, template));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no ${template ?? ''} mail to ${to}`);
        await sleep(50);
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await catcher?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The latest mail to `to` in the dev mailbox, which answers once the work that requests
 * started in the background has ended: asked after the request that mails.
 */
async function fromDevMailbox(baseUrl: string, to: string, template?: string): Promise<Mail> {
  const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  const { items } = (await response.json()) as { items: Mail[] };
  const mail = items.find((item) => !template || item.template === template);
  if (!mail) throw new Error(`no ${template ?? ''} mail to ${to}`);
  return mail;
}

/** The first link of a mail's text that points into the portal. */
export function linkIn(mail: Mail, baseUrl: string): string {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no portal link in mail "${mail.subject}"`);
  return match[0];
}
