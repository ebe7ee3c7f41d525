import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';

/** Real API processes on a test's database (PostgreSQL only: TEST_DATABASE_URL; CI runs them). */
const root = fileURLToPath(new URL('../../../..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `npm start`'s API (no demo seeding) on the test's database, `env` changing its
 * settings; waits for /api/health.
 */
export async function startApi(
  t: { config: Pick<Config, 'databaseUrl' | 'jwtSecret'> },
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: 'http://portal.test',
      DATABASE_URL: t.config.databaseUrl,
      JWT_SECRET: new TextDecoder().decode(t.config.jwtSecret),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, child };
    if (Date.now() > deadline) throw new Error('API did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopApi(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
