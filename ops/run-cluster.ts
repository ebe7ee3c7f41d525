// `npm run cluster`: the production topology on this machine, in the foreground (Ctrl-C stops it
// all). PostgreSQL is the machine's own (started when it is not answering; the database made
// when missing), Redis the machine's when it answers, then `npm run db:migrate`, two API
// processes and nginx. Every other setting comes from the environment, as in production
// (docs/operations.md); build first with `npm run build`.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { migrate, root, startCluster } from './cluster';

const LOCAL_DATABASE = 'postgres://postgres@127.0.0.1:5432/portal';

function localPostgres(): string {
  const answering = () =>
    spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']).status === 0;
  if (!answering()) {
    const [version] = readdirSync('/etc/postgresql');
    console.log(`starting PostgreSQL ${version}`);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version!, 'main', 'start']);
  }
  const exists = execFileSync(
    'psql',
    [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-tAc',
      "select 1 from pg_database where datname = 'portal'",
    ],
    { encoding: 'utf8' },
  );
  if (!exists.trim()) {
    execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-c', 'create database portal']);
  }
  return LOCAL_DATABASE;
}

function localRedis(): string | undefined {
  return spawnSync('redis-cli', ['-h', '127.0.0.1', 'ping'], {
    encoding: 'utf8',
  }).stdout?.trim() === 'PONG'
    ? 'redis://127.0.0.1:6379'
    : undefined;
}

const port = Number(process.env.CLUSTER_PORT ?? 8080);
const env: Record<string, string> = {
  DATABASE_URL: process.env.DATABASE_URL || localPostgres(),
  APP_URL: process.env.APP_URL || `http://127.0.0.1:${port}`,
};
const redisUrl = process.env.REDIS_URL || localRedis();
if (redisUrl) env.REDIS_URL = redisUrl;
else console.warn('no Redis answering: each process counts its own rate limits');

console.log(await migrate(env));
const cluster = await startCluster({
  env,
  dir: path.join(root, '.cluster'),
  port,
});
console.log(`portal at ${cluster.url} (nginx) → ${cluster.apis.map((api) => api.url).join(', ')}`);
console.log(`logs in ${path.join(root, '.cluster')}; Ctrl-C stops everything`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
