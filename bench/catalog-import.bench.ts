// Catalog import benchmark (issue 22), on the PostgreSQL database of `npm run bench:seed`
// (DATABASE_URL, 100,000 products): two API processes as `npm start` runs them; a CSV changing
// the price and stock of every product is imported through the first while a search-as-you-type
// load runs against it. Reports the time to check the file and to import it, the resident memory
// of the process that ran the import, search p99 before and during the import, and how long a
// single price change and a single title change made on the first process take to show on the
// second; then a file changing the English title of 10,000 products is imported with the same
// search load on the second process, which applies them in place.
// Run: DATABASE_URL=postgres://… npm run bench:import   (BENCH_CONNECTIONS, default 32). It reports;
// it never fails on a target.
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { startApi, stopChild, vmRssMb } from './lib';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL (PostgreSQL) is needed');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const env = {
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'production',
  // The demo accounts sign in: acknowledged, as production refuses them otherwise.
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0001',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '100000',
};
/** A word of this run's titles: each run changes them again. */
const RUN = `zyx${Date.now().toString(36)}`;
const QUERIES = ['bat', 'battery 12v', 'charger', 'solar panel', 'lithium', 'inverter 3', 'makita'];

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A search-as-you-type load on `base` until `stop` resolves (or `seconds`): its p99 and rate. */
async function searchLoad(base: string, token: string, seconds: number, stop?: Promise<unknown>) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/products?search=${encodeURIComponent(
                QUERIES[Math.floor(Math.random() * QUERIES.length)] ?? 'bat',
              )}`,
            }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    void stop?.then(() => instance.stop());
  });
  return {
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.non2xx,
  };
}

const database = await openDatabase(databaseUrl, '.data-bench');
const skus = (
  (await database.db.execute(sql`select sku, quantity from products order by sku`)) as unknown as {
    rows: { sku: string; quantity: number }[];
  }
).rows;
console.log(`${skus.length.toLocaleString('en')} products`);
const csv = [
  'sku;price;stock',
  ...skus.map(
    ({ sku, quantity }) =>
      `${sku};${(5 + Math.random() * 500).toFixed(2).replace('.', ',')};${(quantity + 7) % 900}`,
  ),
].join('\r\n');
console.log(`CSV of ${(csv.length / 1_048_576).toFixed(1)} MB`);

const first = await startApi(env);
const second = await startApi(env, { build: false });
try {
  const [admin, owner] = [
    await signIn(first.base, 'admin@demo.test'),
    await signIn(first.base, 'owner@demo.test'),
  ];
  // Both catalogs built (the in-memory index answers once its snapshot is).
  for (const api of [first, second]) {
    while (
      !(await fetch(`${api.base}/api/products?search=battery`, {
        headers: { authorization: `Bearer ${owner}` },
      }).then(
        (response) => response.ok,
        () => false,
      ))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const before = await searchLoad(first.base, owner, 10);
  console.log(`search before: ${before.rps} rps, p99 ${before.p99} ms`);

  const pids = [first.child.pid ?? 0, second.child.pid ?? 0];
  const rssBefore = pids.map(vmRssMb);
  const peak = [...rssBefore];
  const sampler = setInterval(
    () => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i] ?? 0, vmRssMb(pid)))),
    100,
  );

  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const during = searchLoad(first.base, owner, 600, finished);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'prices-and-stock.csv');
  const queued = await fetch(`${first.base}/api/admin/products/import?dry_run=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  if (queued.status !== 202)
    throw new Error(`import refused: ${queued.status} ${await queued.text()}`);
  const checkedMs = performance.now() - started;
  const job = (await queued.json()) as { _id: string };
  let status = 'queued';
  let counts: unknown;
  while (status === 'queued' || status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const answer = (await (
      await fetch(`${first.base}/api/admin/products/imports/${job._id}`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as { status: string; counts: unknown };
    ({ status, counts } = answer);
  }
  const importMs = performance.now() - started;
  finish();
  const load = await during;
  clearInterval(sampler);
  console.log(
    `import ${status} in ${(importMs / 1000).toFixed(1)} s (file checked and queued in ${(checkedMs / 1000).toFixed(1)} s): ${JSON.stringify(counts)}`,
  );
  pids.forEach((_, i) =>
    console.log(
      `API ${i + 1}: RSS ${rssBefore[i]?.toFixed(0)} → peak ${peak[i]?.toFixed(0)} MB (+${((peak[i] ?? 0) - (rssBefore[i] ?? 0)).toFixed(0)} MB)`,
    ),
  );
  console.log(
    `search during the import: ${load.rps} rps, p99 ${load.p99} ms, ${load.errors} non-2xx`,
  );

  // One price changed on the first process; how long until the second shows it.
  const sku = skus[Math.floor(skus.length / 2)]?.sku ?? '';
  const list = (await (
    await fetch(`${first.base}/api/admin/products?q=${encodeURIComponent(sku)}&limit=1`, {
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json()) as { items: { _id: string }[] };
  const id = list.items[0]?._id ?? '';
  const detail = (await (
    await fetch(`${first.base}/api/admin/products/${id}`, {
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json()) as Record<string, unknown>;
  const {
    quantity: _q,
    images: _i,
    slug: _s,
    views: _v,
    buyers: _b,
    ordered: _o,
    created_at: _c,
    updated_at: _u,
    _id,
    ...input
  } = detail;
  const changedAt = performance.now();
  const put = await fetch(`${first.base}/api/admin/products/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...input, price: 1234.56 }),
  });
  if (!put.ok) throw new Error(`price change refused: ${put.status} ${await put.text()}`);
  let shownMs = Infinity;
  while (performance.now() - changedAt < 30_000) {
    const seen = (await (
      await fetch(`${second.base}/api/products/sku/${encodeURIComponent(sku)}`, {
        headers: { authorization: `Bearer ${owner}` },
      })
    ).json()) as { price: number };
    if (seen.price === 1234.56) {
      shownMs = performance.now() - changedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log(`one price changed on API 1 shows on API 2 after ${(shownMs / 1000).toFixed(2)} s`);

  // One title changed on the first process; how long until a search on the second finds it.
  const texts = input.texts as Record<string, { title: string; description: string }>;
  const titledAt = performance.now();
  const retitled = await fetch(`${first.base}/api/admin/products/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...input,
      price: 1234.56,
      texts: { ...texts, en: { ...texts.en, title: `${RUN} heavy duty battery pack` } },
    }),
  });
  if (!retitled.ok) throw new Error(`title change refused: ${retitled.status}`);
  let titleMs = Infinity;
  while (performance.now() - titledAt < 30_000) {
    const found = (await (
      await fetch(`${second.base}/api/products?search=${RUN}`, {
        headers: { authorization: `Bearer ${owner}` },
      })
    ).json()) as { items: unknown[] };
    if (found.items.length === 1) {
      titleMs = performance.now() - titledAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log(
    `one title changed on API 1 is found on API 2 after ${(titleMs / 1000).toFixed(2)} s`,
  );

  // 10,000 titles changed by a file while buyers search: applied in place by both processes.
  const titles = [
    'sku;title_en',
    ...skus.slice(0, 10_000).map(({ sku }, i) => `${sku};Bench ${RUN} product ${i}`),
  ].join('\r\n');
  const searching = await searchLoad(second.base, owner, 10);
  console.log(`search on API 2 before the titles: ${searching.rps} rps, p99 ${searching.p99} ms`);
  let titlesDone: () => void = () => {};
  const titlesFinished = new Promise<void>((resolve) => (titlesDone = resolve));
  const duringTitles = searchLoad(second.base, owner, 600, titlesFinished);
  const titlesStarted = performance.now();
  const titleForm = new FormData();
  titleForm.append('file', new Blob([titles], { type: 'text/csv' }), 'titles.csv');
  const titleJob = await fetch(`${first.base}/api/admin/products/import?dry_run=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: titleForm,
  });
  if (titleJob.status !== 202) throw new Error(`title import refused: ${titleJob.status}`);
  const titleJobId = ((await titleJob.json()) as { _id: string })._id;
  for (let state = 'queued'; state === 'queued' || state === 'running';) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = (
      (await (
        await fetch(`${first.base}/api/admin/products/imports/${titleJobId}`, {
          headers: { authorization: `Bearer ${admin}` },
        })
      ).json()) as { status: string }
    ).status;
  }
  const titlesImportedMs = performance.now() - titlesStarted;
  // The last title of the file, found on the second process.
  while (performance.now() - titlesStarted < 120_000) {
    const found = (await (
      await fetch(`${second.base}/api/products?search=${encodeURIComponent(`${RUN} 9999`)}`, {
        headers: { authorization: `Bearer ${owner}` },
      })
    ).json()) as { items: unknown[] };
    if (found.items.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const titlesShownMs = performance.now() - titlesStarted;
  titlesDone();
  const titleLoad = await duringTitles;
  console.log(
    `10,000 titles imported in ${(titlesImportedMs / 1000).toFixed(1)} s, all found on API 2 after ${(titlesShownMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `search on API 2 during the title import: ${titleLoad.rps} rps, p99 ${titleLoad.p99} ms, ${titleLoad.errors} non-2xx`,
  );
} finally {
  await stopChild(first.child);
  await stopChild(second.child);
  await database.close();
}
