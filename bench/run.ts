// Catalog benchmark (issues 3, 20 and 23): the API in its own process against the database of
// `npm run bench:seed`, once per catalog read model (BENCH_READ_MODELS, default 'memory,postgres':
// latencies, time to a first answer, resident memory and, on PostgreSQL, how long a price and a
// stock change written by another process take to show), then both side by side; a bare Fastify
// 'hello' process as the baseline, load from this process.
// Run: npm run bench   (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR, default .data-bench;
// BENCH_SECONDS and BENCH_CONNECTIONS change the load (BENCH_WARMUP_SECONDS, default 2, runs each
// kind untimed first); BENCH_ONLY=feed,detail runs only the kinds
// whose names contain one of these words, besides hello; BENCH_ACCEPT_ENCODING, default a
// browser's 'gzip, deflate, br, zstd', is sent with every catalog request, '' for none). It
// reports; it never fails on a target.
import type { ChildProcess } from 'node:child_process';
import {
  LOCALES,
  PRODUCT_SORT_OPTIONS,
  type AdvancedFilterResponse,
  type Locale,
  type NestedCategory,
} from '@portal/contract';
import autocannon, { type Request } from 'autocannon';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { startApi, startChild, stopChild, vmRssMb, warmupFor } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
// What Chromium sends: the web app's catalog answers go out gzipped from the response cache.
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const wanted = (kind: string) =>
  kind.startsWith('hello') || !only.length || only.some((word) => kind.includes(word));
// The bench sets the API's secret so it can sign the feed link itself.
const jwtSecret = 'bench-jwt-secret-bench-jwt-secret-0001';

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
/** Quick order checks run by this many buyers at once (500 lines each). */
const QUICK_ORDER_CONNECTIONS = 4;
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

interface Row {
  kind: string;
  rps?: number;
  p50?: number;
  p99?: number;
  target: string;
  ok?: boolean;
  note: string;
  failures: number;
  skipped?: boolean;
}

/** Runs one request kind; `accept` lists the statuses that count as success besides 2xx. */
async function load(
  kind: string,
  url: string,
  headers: Record<string, string>,
  setupRequest: ((request: Request) => Request) | undefined,
  p99Target: number | undefined,
  accept: number[] = [],
  loadConnections = connections,
): Promise<Row> {
  if (!wanted(kind)) return { kind, target: '', note: '', failures: 0, skipped: true };
  const result = await autocannon({
    url,
    connections: loadConnections,
    duration: seconds,
    ...warmupFor(connections),
    headers,
    requests: setupRequest ? [{ setupRequest }] : undefined,
  });
  const failedStatuses = Object.entries(result.statusCodeStats ?? {})
    // Timeouts appear under an 'undefined' status; they are counted in result.errors already.
    .filter(([code]) => /^[13-5]\d\d$/.test(code) && !accept.includes(Number(code)))
    .map(([code, stats]) => ({ code, count: stats.count ?? 0 }));
  const failures = result.errors + failedStatuses.reduce((sum, status) => sum + status.count, 0);
  const detail = failedStatuses.map((status) => `${status.code}×${status.count}`);
  // A response the client cannot finish reading is neither an error nor a status: zero answers.
  const answered = Object.values(result.statusCodeStats ?? {}).reduce(
    (sum, stats) => sum + (stats.count ?? 0),
    0,
  );
  if (!answered) detail.push('no response completed');
  if (result.errors) detail.push(`errors×${result.errors} (timeouts ${result.timeouts})`);
  console.log(
    `  ${kind}: ${Math.round(result.requests.average)} rps, p99 ${result.latency.p99} ms`,
  );
  return {
    kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    target: p99Target === undefined ? '' : `p99 ≤ ${p99Target} ms`,
    ok:
      p99Target === undefined
        ? undefined
        : result.latency.p99 <= p99Target && failures === 0 && answered > 0,
    note: detail.join(' '),
    failures: answered ? failures : failures + 1,
  };
}

interface Sample {
  queries: { text: string; locale: Locale }[];
  skus: string[];
  slugs: string[];
  /** ETag of the nested categories per language, as a browser would hold them. */
  etags: Partial<Record<Locale, string>>;
}

/** Real words, skus and category slugs to query with, read through the API itself. */
async function sampleCatalog(base: string, headers: Record<string, string>): Promise<Sample> {
  const call = async <T>(path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...headers, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return { json: (await response.json()) as T, etag: response.headers.get('etag') ?? '' };
  };
  const queries: Sample['queries'] = [];
  const skus: string[] = [];
  for (const locale of LOCALES) {
    const first = await call<AdvancedFilterResponse>('/api/products/advanced-filter', {
      locale,
      limit: 100,
    });
    const pages = [1, between(1, first.json.totalPage), between(1, first.json.totalPage)];
    for (const page of pages) {
      const { json } = await call<AdvancedFilterResponse>('/api/products/advanced-filter', {
        locale,
        limit: 100,
        page,
      });
      for (const item of json.items) {
        skus.push(item.sku);
        const words = `${item.name} ${item.manufacturer}`
          .split(/[^\p{L}\p{N}]+/u)
          .filter((word) => word.length >= 3);
        for (const word of words) {
          queries.push({ text: word, locale });
          if (/^\p{L}{2}/u.test(word)) {
            queries.push({ text: word.slice(0, between(2, Math.min(4, word.length))), locale });
          }
        }
        queries.push({ text: item.sku, locale });
      }
    }
  }
  const slugs: string[] = [];
  const walk = (nodes: NestedCategory[]) =>
    nodes.forEach((node) => {
      slugs.push(node.slug);
      walk(node.children);
    });
  const etags: Sample['etags'] = {};
  for (const locale of LOCALES) {
    const nested = await call<{ nestedCategories: NestedCategory[] }>(
      `/api/categories/nested-categories?locale=${locale}`,
    );
    etags[locale] = nested.etag;
    if (locale === 'en') walk(nested.json.nestedCategories);
  }
  if (!skus.length || !slugs.length) {
    throw new Error('the catalog is empty: run `npm run bench:seed` with the same database first');
  }
  return { queries, skus, slugs, etags };
}

/** Downloads the whole feed once while sampling the API process's resident memory. */
async function downloadFeed(url: string, pid: number): Promise<Row> {
  const kind = 'xml feed (download once)';
  if (!wanted(kind)) return { kind, target: '', note: '', failures: 0, skipped: true };
  const before = vmRssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, vmRssMb(pid))), 100);
  const started = performance.now();
  let bytes = 0;
  let products = 0;
  let response: Response;
  try {
    response = await fetch(url);
    const decoder = new TextDecoder();
    let tail = '';
    // Count products across chunk borders without holding the document.
    for await (const chunk of response.body ?? []) {
      bytes += (chunk as Uint8Array).byteLength;
      const text = tail + decoder.decode(chunk as Uint8Array, { stream: true });
      products += text.split('</product>').length - 1;
      tail = text.slice(-('</product>'.length - 1));
    }
  } finally {
    clearInterval(sampler);
  }
  const secondsTaken = (performance.now() - started) / 1000;
  const { status } = response;
  const ok = status === 200 && peak < 300;
  return {
    kind,
    target: 'peak RSS < 300 MB',
    ok,
    note:
      `HTTP ${status}, ${products} products, ${(bytes / 1024 / 1024).toFixed(1)} MB in ` +
      `${secondsTaken.toFixed(1)} s, RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
    failures: status === 200 ? 0 : 1,
  };
}

function printTable(rows: Row[], title: string) {
  const cells = rows.map((row) => [
    row.kind,
    row.rps === undefined ? '' : Math.round(row.rps).toString(),
    row.p50 === undefined ? '' : String(row.p50),
    row.p99 === undefined ? '' : String(row.p99),
    row.target,
    row.ok === undefined ? '' : row.ok ? 'ok' : 'MISSED',
    row.note,
  ]);
  const header = ['request kind', 'rps', 'p50 ms', 'p99 ms', 'target', 'ok?', 'note'];
  const widths = header.map((name, i) => Math.max(name.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
  const missed = rows.filter((row) => row.ok === false).map((row) => row.kind);
  console.log(missed.length ? `\nMISSED: ${missed.join(', ')}` : '\nEvery target met.');
  const failures = rows.filter((row) => row.failures > 0);
  for (const row of failures) console.log(`failures in ${row.kind}: ${row.note}`);
}

const apiEnv: Record<string, string> = {
  NODE_ENV: 'production',
  // The demo accounts sign in and pay with the simulated provider: acknowledged, as
  // production refuses both otherwise.
  SEED_DEMO: 'true',
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: jwtSecret,
  ...(process.env.DATABASE_URL ? {} : { DATA_DIR: process.env.DATA_DIR ?? '.data-bench' }),
};
/** The catalog's answer for a SKU as a buyer sees it now. */
async function productBySku(base: string, headers: Record<string, string>, sku: string) {
  const response = await fetch(`${base}/api/products/sku/${encodeURIComponent(sku)}`, { headers });
  return (await response.json()) as { price: number; quantity: number };
}

/**
 * How long a change written to the database by another process (a staff tool, another API
 * process) takes to show in this process's answers: written with `pg`, then asked for every
 * 50 ms (each request lets the in-memory index look for changes, at most every 2 s).
 */
async function changeShowsAfter(
  base: string,
  headers: Record<string, string>,
  sku: string,
  column: 'price_cents' | 'quantity',
): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const before = await productBySku(base, headers, sku);
    const expected =
      column === 'price_cents'
        ? { price: Math.round(before.price * 100 + 1) / 100 }
        : { quantity: before.quantity - 1 };
    await client.query(
      `update products set ${column} = ${column} ${column === 'price_cents' ? '+' : '-'} 1 where sku = $1`,
      [sku],
    );
    const written = performance.now();
    const deadline = written + 120_000;
    while (performance.now() < deadline) {
      const now = await productBySku(base, headers, sku);
      if ('price' in expected ? now.price === expected.price : now.quantity === expected.quantity) {
        return performance.now() - written;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Number.POSITIVE_INFINITY;
  } finally {
    await client.end();
  }
}

/** What one read model costs and how fresh it stays, beside its latencies. */
interface ModelFigures {
  model: string;
  firstAnswerMs: number;
  rssAfterStartMb: number;
  rssAfterLoadMb: number;
  priceShowsMs?: number;
  stockShowsMs?: number;
  rows: Row[];
}

/**
 * Benchmarks the API with one catalog read model: time from spawning the process to its first
 * catalog answer, its resident memory, the request kinds under load, and (on PostgreSQL) how
 * long a price and a stock change take to show.
 */
async function benchModel(model: string, helloRps: number, build: boolean): Promise<ModelFigures> {
  const api = await startApi({ ...apiEnv, CATALOG_READ_MODEL: model }, { build });
  children.push(api.child);
  const pid = api.child.pid ?? 0;
  try {
    const signin = await fetch(`${api.base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD }),
    });
    if (!signin.ok) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const { access_token: token } = (await signin.json()) as { access_token: string };
    const auth: Record<string, string> = {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    };
    // The first catalog answer (the in-memory index answers once its snapshot is built).
    // (A request waiting longer than fetch's 300 s for its headers is asked again.)
    const answered = () =>
      fetch(`${api.base}/api/products?search=battery`, { headers: auth }).then(
        (response) => response.ok,
        () => false,
      );
    while (!(await answered())) await new Promise((resolve) => setTimeout(resolve, 100));
    const firstAnswerMs = performance.now() - api.spawnedAt;
    const rssAfterStartMb = vmRssMb(pid);
    const sample = await sampleCatalog(api.base, auth);
    console.log(
      `${model}: first answer ${(firstAnswerMs / 1000).toFixed(1)} s after spawn, RSS ` +
        `${rssAfterStartMb.toFixed(0)} MB; sampled ${sample.queries.length} queries, ` +
        `${sample.skus.length} skus, ${sample.slugs.length} categories`,
    );

    const rows: Row[] = [];
    const search = await load(
      `search-as-you-type`,
      api.base,
      auth,
      (request) => {
        const { text, locale } = pick(sample.queries);
        return {
          ...request,
          path: `/api/products?search=${encodeURIComponent(text)}&locale=${locale}`,
        };
      },
      25,
    );
    search.note = `${((search.rps ?? 0) / helloRps).toFixed(2)} × hello rps ${search.note}`;
    rows.push(search);
    for (const sort of PRODUCT_SORT_OPTIONS) {
      rows.push(
        await load(
          `category listing ${sort}`,
          api.base,
          { ...auth, 'content-type': 'application/json' },
          (request) => ({
            ...request,
            method: 'POST',
            path: '/api/products/advanced-filter',
            body: JSON.stringify({
              category: pick(sample.slugs),
              sort,
              page: between(1, 5),
              locale: pick(LOCALES),
            }),
          }),
          30,
        ),
      );
    }
    rows.push(
      await load(
        'product detail',
        api.base,
        auth,
        (request) => ({
          ...request,
          path: `/api/products/sku/${encodeURIComponent(pick(sample.skus))}?locale=${pick(LOCALES)}`,
        }),
        10,
      ),
    );
    // Quick order (issue 23): 500 lines checked at once, 2 % of them mistyped (each unknown code
    // is searched for 'did you mean'), by a few buyers at the same time.
    rows.push(
      await load(
        `quick order check, 500 lines (${QUICK_ORDER_CONNECTIONS} buyers at once)`,
        api.base,
        { ...auth, 'content-type': 'application/json' },
        (request) => ({
          ...request,
          method: 'POST',
          path: '/api/quick-order/check',
          body: JSON.stringify({
            lines: Array.from({ length: 500 }, (_, i) => {
              const sku = pick(sample.skus);
              return { sku: i % 50 === 7 ? sku.slice(0, -1) : sku, quantity: between(1, 20) };
            }),
          }),
        }),
        300,
        [],
        QUICK_ORDER_CONNECTIONS,
      ),
    );
    rows.push(
      await load(
        'nested categories (If-None-Match)',
        api.base,
        auth,
        (request) => {
          const locale = pick(LOCALES);
          return {
            ...request,
            path: `/api/categories/nested-categories?locale=${locale}`,
            headers: { ...auth, 'if-none-match': sample.etags[locale] ?? '' },
          };
        },
        10,
        [304],
      ),
    );
    const me = (await (await fetch(`${api.base}/api/auth/me`, { headers: auth })).json()) as {
      xml_feed_url: string | null;
    };
    if (!me.xml_feed_url) throw new Error('owner@demo.test has no XML feed link');
    const feedUrl = new URL(me.xml_feed_url);
    rows.push(await downloadFeed(`${api.base}${feedUrl.pathname}${feedUrl.search}`, pid));
    const rssAfterLoadMb = vmRssMb(pid);
    const figures: ModelFigures = { model, firstAnswerMs, rssAfterStartMb, rssAfterLoadMb, rows };
    if (process.env.DATABASE_URL) {
      figures.stockShowsMs = await changeShowsAfter(api.base, auth, pick(sample.skus), 'quantity');
      figures.priceShowsMs = await changeShowsAfter(
        api.base,
        auth,
        pick(sample.skus),
        'price_cents',
      );
    }
    printTable(
      rows.filter((row) => !row.skipped),
      `Catalog benchmark, read model ${model}, on ${database}, ${connections} connections, ${seconds} s, Accept-Encoding '${acceptEncoding}'`,
    );
    return figures;
  } finally {
    await stopChild(api.child);
  }
}

/** The read models side by side: one column each. */
function printComparison(all: ModelFigures[], helloRps: number) {
  const seconds = (ms: number | undefined) =>
    ms === undefined
      ? 'n/a (PGlite)'
      : Number.isFinite(ms)
        ? `${(ms / 1000).toFixed(2)} s`
        : 'never (120 s)';
  const p99 = (figures: ModelFigures, kind: string) => {
    const matching = figures.rows.filter((row) => row.kind.startsWith(kind) && !row.skipped);
    if (!matching.length) return 'skipped';
    const worst = Math.max(...matching.map((row) => row.p99 ?? 0));
    const rps = Math.min(...matching.map((row) => row.rps ?? 0));
    return `${worst} ms (${Math.round(rps)} rps)`;
  };
  const lines: [string, (figures: ModelFigures) => string][] = [
    ['search p99 (target 25 ms)', (f) => p99(f, 'search')],
    ['listing p99, worst sort (target 30 ms)', (f) => p99(f, 'category listing')],
    ['product detail p99 (target 10 ms)', (f) => p99(f, 'product detail')],
    ['quick order 500 lines p99 (target 300 ms)', (f) => p99(f, 'quick order')],
    ['first answer after spawn', (f) => seconds(f.firstAnswerMs)],
    ['RSS after first answer', (f) => `${f.rssAfterStartMb.toFixed(0)} MB`],
    ['RSS after the load', (f) => `${f.rssAfterLoadMb.toFixed(0)} MB`],
    ['stock change shows after', (f) => seconds(f.stockShowsMs)],
    ['price change shows after', (f) => seconds(f.priceShowsMs)],
  ];
  console.log(`\nRead models side by side on ${database} (hello ${Math.round(helloRps)} rps)\n`);
  console.log(`| | ${all.map((figures) => figures.model).join(' | ')} |`);
  console.log(`|---|${all.map(() => '---').join('|')}|`);
  for (const [name, value] of lines) console.log(`| ${name} | ${all.map(value).join(' | ')} |`);
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${apiEnv.DATA_DIR})`;
const models = (process.env.BENCH_READ_MODELS ?? 'memory,postgres').split(',').filter(Boolean);
const children: ChildProcess[] = [];
try {
  const hello = await startChild('bench/hello-server.ts', {}, '/');
  children.push(hello.child);
  console.log(
    `${database}: ${connections} connections, ${seconds} s per kind, Accept-Encoding ` +
      `'${acceptEncoding}', read models ${models.join(', ')}`,
  );
  const helloRow = await load('hello (bare Fastify)', hello.base, {}, undefined, undefined);
  const all: ModelFigures[] = [];
  for (const [i, model] of models.entries()) {
    all.push(await benchModel(model, helloRow.rps ?? 1, i === 0));
  }
  printComparison(all, helloRow.rps ?? 1);
} finally {
  for (const child of children.reverse()) await stopChild(child);
}
