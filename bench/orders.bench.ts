// Orders, invoices and notifications benchmark (issue 5): the API in its own process in its
// production configuration against the 1,000,000-order database of `npm run bench:orders-seed`,
// a bare Fastify 'hello' process as the baseline (BENCH_HELLO=0 skips it), load from this
// process, signed in as owner@demo.test (Demo Energy BV, 10,000 orders).
// Run: BENCH_DATABASE_URL=postgres://… npm run bench:orders   (BENCH_SECONDS and
// BENCH_CONNECTIONS change the load; BENCH_KINDS=orders,invoices,pdf,notifications,staff picks
// kinds; staff: the back office's order list of every company and its company list, as
// operator@demo.test;
// BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API process).
// It reports; it never fails on a target.
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import {
  LOCALES,
  ORDER_STATUSES,
  type InvoiceListResponse,
  type NotificationsResponse,
  type OrderListResponse,
  STAFF_ORDER_TABS,
  type StaffOrderList,
} from '@portal/contract';
import type { Request } from 'autocannon';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { measuredRun, startApi, startChild, stopChild, vmRssMb } from './lib';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: the database of npm run bench:orders-seed');
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const kinds = new Set(
  (process.env.BENCH_KINDS ?? 'orders,invoices,pdf,notifications,staff')
    .split(',')
    .map((k) => k.trim()),
);

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const load1 = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Row {
  kind: string;
  rps?: number;
  p50?: number;
  p99?: number;
  target: string;
  ok?: boolean;
  note: string;
  failures: number;
}

/** Runs one request kind: `next` gives each request's path. */
async function load(
  kind: string,
  server: { base: string; child: ChildProcess },
  headers: Record<string, string>,
  next: (() => string) | undefined,
  p99Target: number | undefined,
  requestHeaders?: () => Record<string, string>,
): Promise<Row> {
  const setupRequest = next
    ? (request: Request): Request => ({
        ...request,
        path: next(),
        headers: { ...headers, ...(requestHeaders?.() ?? {}) },
      })
    : undefined;
  const options = {
    url: server.base,
    connections,
    headers,
    requests: setupRequest ? [{ setupRequest }] : undefined,
  };
  const { result, cpu } = await measuredRun(options, seconds, server.child.pid ?? 0);
  const failedStatuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => /^[13-5]\d\d$/.test(code))
    .map(([code, stats]) => ({ code, count: stats.count ?? 0 }));
  const failures = result.errors + failedStatuses.reduce((sum, status) => sum + status.count, 0);
  const detail = failedStatuses.map((status) => `${status.code}×${status.count}`);
  const answered = Object.values(result.statusCodeStats ?? {}).reduce(
    (sum, stats) => sum + (stats.count ?? 0),
    0,
  );
  if (!answered) detail.push('no response completed');
  if (result.errors) detail.push(`errors×${result.errors} (timeouts ${result.timeouts})`);
  const cpuNote = `CPU per request: API ${cpu.apiMs.toFixed(2)} ms, PostgreSQL ${cpu.dbMs.toFixed(2)} ms`;
  console.log(
    `  ${kind}: ${Math.round(result.requests.average)} rps, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms; ${cpuNote} (load ${load1()})`,
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
    note: [cpuNote, ...detail].join('; '),
    failures: answered ? failures : failures + 1,
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
  for (const row of rows.filter((r) => r.failures > 0)) {
    console.log(`failures in ${row.kind}: ${row.note}`);
  }
}

const apiEnv: Record<string, string> = {
  NODE_ENV: 'production',
  // The demo accounts sign in and pay with the simulated provider: acknowledged, as
  // production refuses both otherwise.
  SEED_DEMO: 'true',
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0001',
  DATABASE_URL: databaseUrl,
};
const children: ChildProcess[] = [];
try {
  const hello =
    process.env.BENCH_HELLO === '0'
      ? undefined
      : await startChild('bench/hello-server.ts', {}, '/');
  if (hello) children.push(hello.child);
  const api = await startApi(apiEnv);
  children.push(api.child);

  const signIn = async (email: string) => {
    const signin = await fetch(`${api.base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!signin.ok) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const { access_token: token } = (await signin.json()) as { access_token: string };
    return { authorization: `Bearer ${token}` };
  };
  const auth = await signIn('owner@demo.test');
  const staffAuth = await signIn('operator@demo.test');
  const get = async <T>(path: string, headers = auth): Promise<T> => {
    const response = await fetch(`${api.base}${path}`, { headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  // What there is to ask for, read through the API itself.
  const orders = await get<OrderListResponse>('/api/orders?page=1');
  if (orders.total < 1000) {
    throw new Error(`owner@demo.test has ${orders.total} orders: run npm run bench:orders-seed`);
  }
  const orderPages = orders.totalPage;
  const statusPages: { status: string; pages: number }[] = [];
  for (const status of ORDER_STATUSES) {
    const page = await get<OrderListResponse>(`/api/orders?status=${status}`);
    if (page.totalPage > 0) statusPages.push({ status, pages: page.totalPage });
  }
  // Order number prefixes (6 to 10 digits) of the company's orders, with their page counts.
  const searches: { search: string; pages: number }[] = [];
  for (let i = 0; i < 40; i++) {
    const { items } = await get<OrderListResponse>(`/api/orders?page=${between(1, orderPages)}`);
    const number = pick(items).order_number;
    const search = number.slice(0, between(6, number.length));
    const page = await get<OrderListResponse>(`/api/orders?search=${search}`);
    searches.push({ search, pages: Math.max(1, page.totalPage) });
  }
  const invoices = await get<InvoiceListResponse>('/api/invoices?page=1');
  const invoicePages = invoices.totalPage;
  const invoiceIds: string[] = [];
  for (let i = 0; i < 30; i++) {
    const { items } = await get<InvoiceListResponse>(
      `/api/invoices?page=${between(1, invoicePages)}&limit=50`,
    );
    invoiceIds.push(...items.map((item) => item._id));
  }
  const notifications = await get<NotificationsResponse>(
    '/api/users/notifications?page=1&limit=10&full_notification=0',
  );
  const notificationPages = notifications.totalPage;
  console.log(
    `PostgreSQL: ${connections} connections, ${seconds} s per kind; owner@demo.test sees ` +
      `${orders.total} orders (${orderPages} pages), ${invoices.total} invoices ` +
      `(${invoicePages} pages), ${notificationPages} pages of notifications; load ${load1()}`,
  );

  const rows: Row[] = [];
  if (hello) rows.push(await load('hello (bare Fastify)', hello, {}, undefined, undefined));
  if (kinds.has('orders')) {
    const orderList = (label: string, page: () => number) =>
      load(`order list, ${label}`, api, auth, () => `/api/orders?page=${page()}`, 20);
    rows.push(await orderList('first page', () => 1));
    rows.push(await orderList('middle pages', () => Math.round(orderPages / 2) + between(-50, 50)));
    rows.push(await orderList('last pages', () => orderPages - between(0, 20)));
    rows.push(await orderList('random pages', () => between(1, orderPages)));
    rows.push(
      await load(
        'order list, status filter, random pages',
        api,
        auth,
        () => {
          const { status, pages } = pick(statusPages);
          return `/api/orders?status=${status}&page=${between(1, pages)}`;
        },
        20,
      ),
    );
    rows.push(
      await load(
        'order list, order number search',
        api,
        auth,
        () => {
          const { search, pages } = pick(searches);
          return `/api/orders?search=${search}&page=${between(1, pages)}`;
        },
        20,
      ),
    );
  }
  if (kinds.has('invoices')) {
    rows.push(
      await load(
        'invoice list, random pages',
        api,
        auth,
        () => `/api/invoices?page=${between(1, invoicePages)}`,
        20,
      ),
    );
  }
  if (kinds.has('pdf')) {
    rows.push(
      await load(
        'invoice PDF, random invoices',
        api,
        auth,
        () => `/api/invoices/${pick(invoiceIds)}/pdf`,
        150,
        () => ({ 'accept-language': pick(LOCALES) }),
      ),
    );
  }
  if (kinds.has('notifications')) {
    rows.push(
      await load(
        'notifications list, random pages',
        api,
        auth,
        () =>
          `/api/users/notifications?page=${between(1, notificationPages)}&limit=10&full_notification=0`,
        15,
      ),
    );
  }
  if (kinds.has('staff')) {
    // The tabs' first ten pages (where staff work), order number prefixes of any company's
    // orders (6 to 10 digits), and company names: a generated company's name less its first
    // word ("Company 01316", one company) or one of its words of letters ("Company", nearly
    // all). A search of digits alone is an order number's start, never a name.
    const staffList = await get<StaffOrderList>('/api/admin/orders', staffAuth);
    const tabs = STAFF_ORDER_TABS.filter((tab) => staffList.counts[tab] > 0);
    const numbers: string[] = [];
    const companyWords = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { items } = await get<StaffOrderList>(
        `/api/admin/orders?page=${between(1, 2000)}`,
        staffAuth,
      );
      for (const item of items) {
        numbers.push(item.order_number);
        const words = item.company.name.split(/\s+/);
        if (words.length > 2) companyWords.add(words.slice(1).join(' '));
        for (const word of words) {
          if (word.length >= 4 && !/^\d+$/.test(word)) companyWords.add(word);
        }
      }
    }
    const words = [...companyWords];
    console.log(
      `staff: ${staffList.total} orders; tabs ${tabs.map((tab) => `${tab} ${staffList.counts[tab]}`).join(', ')}; ` +
        `${words.length} company name words`,
    );
    rows.push(
      await load(
        'staff order list, by tab, pages 1-10',
        api,
        staffAuth,
        () => `/api/admin/orders?tab=${pick(tabs)}&page=${between(1, 10)}`,
        20,
      ),
    );
    rows.push(
      await load(
        'staff order list, order number prefix',
        api,
        staffAuth,
        () => {
          const number = pick(numbers);
          return `/api/admin/orders?q=${number.slice(0, between(6, number.length))}`;
        },
        20,
      ),
    );
    rows.push(
      await load(
        'staff order list, company name',
        api,
        staffAuth,
        () => `/api/admin/orders?q=${encodeURIComponent(pick(words))}`,
        50,
      ),
    );
    rows.push(
      await load(
        'staff company list, search by name',
        api,
        staffAuth,
        () => `/api/admin/companies?q=${encodeURIComponent(pick(words))}`,
        30,
      ),
    );
  }
  if (kinds.has('staff')) {
    // The exports of one tab (about 100,000 orders) while sampling the API's resident memory.
    const pid = api.child.pid;
    if (pid === undefined) throw new Error('the API process has no pid');
    for (const format of ['csv', 'xlsx'] as const) {
      const before = vmRssMb(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, vmRssMb(pid))), 100);
      const started = performance.now();
      let bytes = 0;
      let lines = 0;
      let status = 0;
      try {
        const response = await fetch(
          `${api.base}/api/admin/orders/export.${format}?tab=awaiting_payment`,
          { headers: staffAuth },
        );
        status = response.status;
        for await (const chunk of response.body ?? []) {
          const data = chunk as Uint8Array;
          bytes += data.byteLength;
          if (format === 'csv') for (const byte of data) if (byte === 10) lines += 1;
        }
      } finally {
        clearInterval(sampler);
      }
      const growth = peak - before;
      rows.push({
        kind: `staff order ${format.toUpperCase()} export, one tab`,
        target: 'RSS growth < 50 MB',
        ok: status === 200 && growth < 50,
        note:
          `HTTP ${status}, ${format === 'csv' ? `${lines - 1} orders, ` : ''}` +
          `${(bytes / 1024 / 1024).toFixed(1)} MB in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s, RSS ${before.toFixed(0)} → ` +
          `peak ${peak.toFixed(0)} MB`,
        failures: status === 200 ? 0 : 1,
      });
    }
  }
  printTable(
    rows,
    `Orders benchmark on PostgreSQL, 1 company of ${orders.total} orders, ` +
      `${connections} connections, ${seconds} s per kind; load average at the end ${load1()}`,
  );
} finally {
  for (const child of children.reverse()) await stopChild(child);
}
