// Load on the authenticated hot path: GET /api/auth/me checks the JWT and its session row on every
// request. Boots the real app on a fresh embedded database, or on BENCH_DATABASE_URL.
// Run: npm run auth -w bench   (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { buildApp } from '../apps/api/src/server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'memory://',
  DATA_DIR: path.join(tmpdir(), 'portal-bench'),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  PORT: '0',
});
const database = await openDatabase(config.databaseUrl, config.dataDir);
await database.migrate();
await seedDemo(database.db, config.scryptCostLog2);
const app = await buildApp({ config, db: database.db });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const signin = await fetch(`${address}/api/auth/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD }),
});
const { access_token: token } = (await signin.json()) as { access_token: string };

async function run(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url: `${address}${url}`,
    connections,
    duration: seconds,
    headers,
  });
  console.log(
    `${title}: ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
  return result;
}

console.log(`${database.kind}, ${connections} connections, ${seconds} s each`);
await run('GET /api/health', '/api/health');
const me = await run('GET /api/auth/me', '/api/auth/me', { authorization: `Bearer ${token}` });

await app.close();
await database.close();
process.exit(me.non2xx > 0 || me.errors > 0 ? 1 : 0);
