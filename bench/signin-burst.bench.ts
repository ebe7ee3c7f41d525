// A burst of failed sign-ins at the production scrypt cost (2^17, 128 MiB each): how long until
// every one is answered, how the API's memory grows, and how long a health check waits meanwhile.
// Boots the compiled API on a fresh embedded database, as `npm start` does.
// Run: npm run signin-burst -w bench   (BENCH_BURST=40 sign-ins at once by default)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApi, stopChild } from './lib';

const burst = Number(process.env.BENCH_BURST ?? 40);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-burst-'));

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

const api = await startApi({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0001',
  SEED_DEMO: 'true',
  SEED_CATALOG_PRODUCTS: '200',
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  AUTH_RATE_LIMIT_MAX: '100000',
  DATA_DIR: dataDir,
});
const pid = api.child.pid ?? 0;
try {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const healthWaits: number[] = [];
  let bursting = true;
  const probe = (async () => {
    while (bursting) {
      const started = performance.now();
      await fetch(`${api.base}/api/health`);
      healthWaits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: burst }, async (_, i) => {
      const response = await fetch(`${api.base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@burst.test`, password: 'not-the-password-1' }),
      });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    }),
  );
  bursting = false;
  await probe;
  clearInterval(sampler);
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const slowestHealth = Math.max(...healthWaits);
  console.log(`${burst} failed sign-ins at once, scrypt 2^17, compiled API, PGlite`);
  console.log(
    `| answers | first answer | last answer | RSS before → peak | slowest health check meanwhile |`,
  );
  console.log(`| --- | --- | --- | --- | --- |`);
  console.log(
    `| ${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')} ` +
      `| ${Math.round(times[0] ?? 0)} ms | ${Math.round(times.at(-1) ?? 0)} ms ` +
      `| ${before} → ${peak} MB | ${Math.round(slowestHealth)} ms |`,
  );
} finally {
  await stopChild(api.child);
  rmSync(dataDir, { recursive: true, force: true });
}
