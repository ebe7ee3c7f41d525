// The production topology without a container engine (docs/operations.md): PostgreSQL, the
// migrations run once, two API processes (the built API, as `npm run start:prod` runs it) on
// two ports, and nginx from Debian's packages in front. `npm run cluster` runs it in the
// foreground; ops/cluster.test.ts drives it the same way.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const root = fileURLToPath(new URL('..', import.meta.url));
export const API_ENTRY = path.join(root, 'apps/api/dist/main.js');
const MIGRATE_ENTRY = path.join(root, 'apps/api/dist/migrate.js');

export interface ClusterOptions {
  /** Settings every API process gets (DATABASE_URL, JWT_SECRET, REDIS_URL, …). */
  env: Record<string, string>;
  /** Where nginx's configuration, logs and each process's log go. */
  dir: string;
  /** nginx's port (0: a free one). */
  port?: number;
  /** How many API processes (two by default). */
  processes?: number;
}

export interface ApiProcess {
  port: number;
  url: string;
  child: ChildProcess;
}

export interface Cluster {
  /** nginx's address: where buyers and staff go. */
  url: string;
  apis: ApiProcess[];
  /** The nginx access log so far (one line per request, with the process that answered). */
  accessLog(): string;
  /** Sends `signal` to process `index` and waits for it to exit. */
  stopProcess(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts process `index` again on its port and waits until it is ready. */
  startProcess(index: number): Promise<void>;
  /**
   * Upgrades without a failed request: one process at a time is taken out of nginx (a reload),
   * stopped with SIGTERM (it finishes what it is serving), started again and put back.
   */
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A PostgreSQL server where tests and benches make a database of their own (the local one). */
export const POSTGRES_SERVER =
  process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(server: string, text: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Makes database `name` on `server`; `drop` removes it, connections and all. */
export async function scratchDatabase(name: string, server = POSTGRES_SERVER) {
  await onServer(server, `create database ${name}`);
  return {
    url: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
    drop: () => onServer(server, `drop database if exists ${name} with (force)`),
  };
}

/** The node flags `npm run start:prod` gives the API (package.json), so every process runs alike. */
export function nodeFlags(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const flags = /\bnode ((?:--\S+ )*)apps\/api\/dist\/main\.js/.exec(scripts['start:prod'] ?? '');
  if (!flags) throw new Error('package.json start:prod: node … apps/api/dist/main.js not found');
  return flags[1]!.split(' ').filter(Boolean);
}

/** `npm run db:migrate` with the processes' settings: once per deploy, before they start. */
export async function migrate(env: Record<string, string>, entry = MIGRATE_ENTRY) {
  const { stdout } = await run(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`db:migrate failed:\n${error.stderr ?? error.message}`);
  });
  return stdout.trim();
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the built API (`entry`, with start:prod's node flags) on `port`, its output appended
 * to `log`; resolves once it is ready (listening, database reachable, migrations current,
 * catalog loaded: /api/ready), rejects when it exits first.
 */
export async function startApiProcess(options: {
  entry: string;
  env: Record<string, string>;
  port: number;
  log: string;
  /** Releases before /api/ready existed answer only /api/health. */
  readyPath?: string;
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags(), options.entry], {
    // The release's own folder: relative settings (DATA_DIR) are taken from there.
    cwd: path.resolve(path.dirname(options.entry), '../../..'),
    env: { ...process.env, NODE_ENV: 'production', ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = (chunk: Buffer) => writeFileSync(options.log, chunk, { flag: 'a' });
  child.stdout!.on('data', out);
  child.stderr!.on('data', out);
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`API on port ${options.port} exited with ${String(code)} (${options.log})`);
  });
  exited.catch(() => undefined);
  await Promise.race([
    exited,
    waitUntil(
      `API on port ${options.port} ready`,
      async () =>
        (await fetch(`http://127.0.0.1:${options.port}${options.readyPath ?? '/api/ready'}`)).ok,
      180_000,
    ),
  ]);
  return child;
}

/** nginx's configuration from ops/nginx/nginx.conf.template; `down` processes get no new requests. */
export function nginxConfig(options: {
  prefix: string;
  host: string;
  port: number;
  upstreams: { port: number; down: boolean }[];
}): string {
  const template = readFileSync(path.join(root, 'ops/nginx/nginx.conf.template'), 'utf8');
  const upstreams = options.upstreams
    .map(
      ({ port, down }) =>
        `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s${down ? ' down' : ''};`,
    )
    .join('\n');
  const fields: Record<string, string> = {
    ROOT: root.replace(/\/$/, ''),
    PREFIX: options.prefix,
    HOST: options.host,
    PORT: String(options.port),
    UPSTREAMS: upstreams,
    // Started as root, nginx's workers would run as nobody, who cannot write the prefix.
    USER: process.getuid?.() === 0 ? 'user root;' : '',
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = fields[name];
    if (value === undefined) throw new Error(`nginx.conf.template: unknown field ${name}`);
    return value;
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.processes ?? 2;
  const dir = path.resolve(options.dir);
  const prefix = path.join(dir, 'nginx');
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(prefix, sub), { recursive: true });
  }
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: url,
    // nginx on this machine is the only one whose X-Forwarded-For the processes believe.
    TRUST_PROXY: '127.0.0.1',
    ...options.env,
  };
  const apis: ApiProcess[] = [];
  for (let i = 0; i < count; i++) {
    const apiPort = await freePort();
    apis.push({ port: apiPort, url: `http://127.0.0.1:${apiPort}`, child: undefined! });
  }
  const down = new Set<number>();

  async function startProcess(index: number) {
    const api = apis[index]!;
    api.child = await startApiProcess({
      entry: API_ENTRY,
      env,
      port: api.port,
      log: path.join(dir, `api-${index + 1}.log`),
    });
  }

  async function stopProcess(index: number, signal: NodeJS.Signals = 'SIGTERM') {
    const { child } = apis[index]!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }

  const confFile = path.join(prefix, 'nginx.conf');
  const writeConfig = () =>
    writeFileSync(
      confFile,
      nginxConfig({
        prefix,
        host: '127.0.0.1',
        port,
        upstreams: apis.map((api, index) => ({ port: api.port, down: down.has(index) })),
      }),
    );
  const accessLog = () => {
    try {
      return readFileSync(path.join(prefix, 'access.log'), 'utf8');
    } catch {
      return '';
    }
  };

  /** Reloads nginx and waits until new requests only reach the processes that are not down. */
  async function reload(nginx: ChildProcess) {
    writeConfig();
    nginx.kill('SIGHUP');
    const serving = new Set(apis.filter((_, i) => !down.has(i)).map((api) => `:${api.port}`));
    let probe = 0;
    await waitUntil(
      'nginx reloaded',
      async () => {
        const tags = Array.from({ length: 4 }, () => `reload-probe-${probe++}`);
        await Promise.all(tags.map((tag) => fetch(`${url}/api/health?${tag}`)));
        const lines = accessLog()
          .split('\n')
          .filter((line) => tags.some((tag) => line.includes(`${tag} `)));
        return (
          lines.length === tags.length &&
          lines.every((line) => [...serving].some((p) => line.includes(`upstream=127.0.0.1${p}`)))
        );
      },
      30_000,
    );
  }

  const started: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  try {
    // Processes start one after the other: a first start that seeds demo data does it alone.
    for (let i = 0; i < count; i++) {
      await startProcess(i);
      started.push(apis[i]!.child);
    }
    writeConfig();
    const check = spawnSync('nginx', ['-t', '-p', prefix, '-c', confFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
    nginx = spawn('nginx', ['-p', prefix, '-c', confFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitUntil('nginx answering', async () => (await fetch(`${url}/api/health`)).ok, 30_000);
  } catch (error) {
    nginx?.kill('SIGQUIT');
    for (const child of started) child.kill('SIGTERM');
    throw error;
  }
  const proxy = nginx;

  return {
    url,
    apis,
    accessLog,
    stopProcess,
    startProcess,
    async rollingRestart() {
      for (let index = 0; index < apis.length; index++) {
        down.add(index);
        await reload(proxy);
        await stopProcess(index, 'SIGTERM');
        await startProcess(index);
        down.delete(index);
        await reload(proxy);
      }
    },
    async stop() {
      const exited = proxy.exitCode === null ? once(proxy, 'exit') : Promise.resolve();
      proxy.kill('SIGQUIT');
      await exited;
      await Promise.all(apis.map((_, index) => stopProcess(index)));
    },
  };
}
