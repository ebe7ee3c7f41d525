// Budget checks, from Vite's manifest:
// - gzip size of all JavaScript the /sign-in route loads on a cold visit: the entry chunk and its
//   static imports, plus the sign-in page's lazy chunk (and its layout's) with their static
//   imports, and the English texts it shows (the main namespace's locale file, loaded on demand
//   but before the page renders);
// - how many script files the signed-in dashboard loads (the shell, the page and their static
//   imports): each is a request, six at a time over HTTP/1.1 (decision 017).
// Exits 1 above either budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DASHBOARD_MODULES, ENGLISH_TEXTS, SIGN_IN_MODULES } from './route-modules.mjs';

const BUDGET_BYTES = 200 * 1024;
const DASHBOARD_FILES_BUDGET = 10;
const SIGN_IN_CHUNKS = [...SIGN_IN_MODULES, ENGLISH_TEXTS];
const DASHBOARD_CHUNKS = [...DASHBOARD_MODULES, ENGLISH_TEXTS];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) fail('no entry chunk in the manifest');
for (const key of [...SIGN_IN_CHUNKS, ...DASHBOARD_CHUNKS]) {
  if (!manifest[key]) fail(`${key} is not a chunk of its own (is it lazy-loaded?)`);
}

/** The files a route loads: its chunks and their static imports, the entry's included. */
const filesOf = (keys) => {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...entryKeys, ...keys]) visit(key);
  return files;
};
const files = filesOf(SIGN_IN_CHUNKS);

let total = 0;
const rows = [];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push({ file, gzip: size });
}
rows.sort((a, b) => b.gzip - a.gzip);
for (const row of rows)
  console.log(`  ${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `/sign-in JavaScript: ${total} bytes gzip (${(total / 1024).toFixed(1)} KB), ${verdict} the budget of ${BUDGET_BYTES / 1024} KB`,
);

const dashboardScripts = [...filesOf(DASHBOARD_CHUNKS)].filter((file) => file.endsWith('.js'));
const dashboardVerdict = dashboardScripts.length <= DASHBOARD_FILES_BUDGET ? 'within' : 'OVER';
console.log(
  `/ (signed in): ${dashboardScripts.length} script files, ${dashboardVerdict} the budget of ${DASHBOARD_FILES_BUDGET}`,
);
if (total > BUDGET_BYTES || dashboardScripts.length > DASHBOARD_FILES_BUDGET) process.exit(1);

function fail(message) {
  console.error(`check-bundle-size: ${message}`);
  process.exit(1);
}
