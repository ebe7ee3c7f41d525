// What the security headers cost per answer: the same route served bare, with @fastify/helmet
// registered, and with the API's precomputed headers (platform/security-headers.ts), each in its
// own process, one after another. Decision 011 rests on this table.
import autocannon from 'autocannon';
import { startChild, stopChild, warmupFor } from './lib';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const variants: Array<{ name: string; env: Record<string, string> }> = [
  { name: 'no security headers', env: {} },
  { name: '@fastify/helmet (plugin)', env: { HELLO_HEADERS: 'plugin' } },
  { name: 'precomputed (the API)', env: { HELLO_HEADERS: 'precomputed' } },
];

const results = new Map<string, { rps: number[]; p99: number[] }>();
// Rounds alternate the variants, so a slower minute of the machine does not fall on one only.
for (let round = 0; round < rounds; round++) {
  for (const variant of variants) {
    const { child, base } = await startChild('bench/hello-server.ts', variant.env, '/');
    const headerCount = [...(await fetch(base)).headers.keys()].length;
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      ...warmupFor(connections),
    });
    await stopChild(child);
    if (result.errors || result.non2xx) throw new Error(`${variant.name}: errors`);
    const seen = results.get(variant.name) ?? { rps: [], p99: [] };
    seen.rps.push(result.requests.average);
    seen.p99.push(result.latency.p99);
    results.set(variant.name, seen);
    console.log(
      `round ${round + 1} ${variant.name}: ${Math.round(result.requests.average)} req/s, ` +
        `p99 ${result.latency.p99} ms, ${headerCount} headers`,
    );
  }
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\n| variant | rps (median of ${rounds}) | p99 ms |`);
console.log('| --- | --- | --- |');
for (const [name, { rps, p99 }] of results) {
  console.log(`| ${name} | ${Math.round(median(rps)).toLocaleString('en')} | ${median(p99)} |`);
}
