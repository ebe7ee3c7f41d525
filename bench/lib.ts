// Helpers shared by the benchmarks: the process under load runs apart from the load generator.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon, { type Options } from 'autocannon';
import { freePort, nodeFlags, root } from '../ops/cluster';

export { freePort, root };

/**
 * Starts `file` in a child process (TypeScript under tsx) and waits until `readyPath` answers
 * 200. `nodeArgs` go to node before the file (e.g. `--cpu-prof`).
 */
export async function startChild(
  file: string,
  env: Record<string, string>,
  readyPath: string,
  nodeArgs: string[] = [],
) {
  const port = await freePort();
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, file], {
    cwd: root,
    env: { ...process.env, APP_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    const ok = await fetch(`${base}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${file} did not answer ${readyPath}`);
}

/** Stops a child with SIGTERM (the API shuts down cleanly) and waits for it to exit. */
export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const apiEntry = 'apps/api/dist/main.js';

/**
 * Node flags for the API child: those of `npm start` and `npm run start:prod`, then BENCH_NODE_ARGS (space-separated),
 * e.g. --cpu-prof.
 */
export const benchNodeArgs = [
  ...nodeFlags(),
  ...(process.env.BENCH_NODE_ARGS ?? '').split(' '),
].filter(Boolean);

/**
 * Compiles the API (unless `build` is false) and starts it as `npm start` does (apps/api/dist,
 * the same node flags), with `env`; answers once its health check does, with when it was spawned.
 */
export async function startApi(env: Record<string, string>, { build = true } = {}) {
  if (build) {
    const compiled = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (compiled.status !== 0) throw new Error('the API did not compile');
  }
  const spawnedAt = performance.now();
  return { ...(await startChild(apiEntry, env, '/api/health', benchNodeArgs)), spawnedAt };
}

/**
 * Autocannon's untimed warm-up before a measured run (code compiled, caches filled), as long as
 * BENCH_WARMUP_SECONDS (default 2; 0 for none), at the run's connections.
 */
export function warmupFor(connections: number) {
  const seconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
  return seconds > 0 ? { warmup: { connections, duration: seconds } } : {};
}

/** A process's resident memory in MB, from /proc (Linux). */
export function vmRssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Clock ticks per second of /proc's CPU times (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system) a process has used, from /proc, with those of its children that
 * ended (PostgreSQL's backends of closed connections); 0 once it is gone.
 */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: utime, stime, cutime and cstime are
    // the 12th to the 15th.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 15);
    return fields.reduce((sum, ticks) => sum + Number(ticks), 0) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The CPU seconds used so far by each of PostgreSQL's processes on this machine (none when remote). */
function postgresCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return seconds;
}

/**
 * Where a run's CPU went, per request: the API process's and PostgreSQL's (when local) CPU
 * milliseconds over the requests answered, read from /proc around the run. On a shared machine
 * with few cores this tells a change's cost apart from the load's noise better than req/s: the
 * API, the database and the load generator share the cores.
 */
export function cpuMeter(apiPid: number) {
  const start = { api: cpuSecondsOf(apiPid), db: postgresCpuSeconds() };
  return (requests: number) => {
    const per = (seconds: number) => (requests > 0 ? (seconds * 1000) / requests : 0);
    // A backend that ended during the run adds its whole time to the server process's (its
    // children's time): what it had used before the run is taken off. One that started during
    // the run counts from zero.
    const end = postgresCpuSeconds();
    let db = 0;
    for (const [pid, seconds] of end) db += seconds - (start.db.get(pid) ?? 0);
    for (const [pid, seconds] of start.db) if (!end.has(pid)) db -= seconds;
    return { apiMs: per(cpuSecondsOf(apiPid) - start.api), dbMs: per(db) };
  };
}

/**
 * An autocannon run of `seconds` after a warm-up of its own (`warmupFor`), with the CPU per
 * request (`cpuMeter`) of the run alone: the warm-up runs apart so that it is not counted.
 */
export async function measuredRun(
  options: Omit<Options, 'duration' | 'warmup'> & { connections: number },
  seconds: number,
  apiPid: number,
) {
  const { warmup } = warmupFor(options.connections);
  if (warmup) await autocannon({ ...options, duration: warmup.duration });
  const meter = cpuMeter(apiPid);
  const result = await autocannon({ ...options, duration: seconds });
  return { result, cpu: meter(result.requests.total) };
}
