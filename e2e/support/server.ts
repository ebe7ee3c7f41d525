import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export interface PortalServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the portal as `npm start` does (built web app, embedded database, demo data), in a
 * temporary DATA_DIR on a free port. The web app and the API must be built first (`npm run build`).
 */
export async function startPortal(env: Record<string, string> = {}): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
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
      NODE_ENV: 'development',
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
    throw (error as Error).name === 'AbortError'
      ? new Error(`portal did not start within ${startTimeoutMs / 1000} s`)
      : error;
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  locale: string;
}

/**
 * The latest mail to `to` (optionally of a template) in the dev mailbox, which answers once the
 * work that requests started in the background has ended: call it after the request that mails.
 */
export async function waitForMail(baseUrl: string, to: string, template?: string): Promise<Mail> {
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
