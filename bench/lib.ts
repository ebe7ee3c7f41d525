// Helpers shared by the benchmarks: the process under load runs apart from the load generator.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
