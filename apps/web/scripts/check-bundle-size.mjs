// Budget check: gzip size of all JavaScript the /sign-in route loads on a cold visit.
// Reads Vite's manifest: the entry chunk and its static imports, plus the sign-in page's lazy
// chunk (and its layout's) with their static imports, and the English texts it shows (the main
// namespace's locale file, loaded on demand but before the page renders). Exits 1 above the
// budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
// The sign-in page and the layout it renders in are both lazy route chunks.
const SIGN_IN_CHUNKS = [
  'src/features/auth/pages/sign-in-page.tsx',
  'src/app/layouts/public-layout.tsx',
  'src/i18n/locales/en.json',
];

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) fail('no entry chunk in the manifest');
for (const key of SIGN_IN_CHUNKS) {
  if (!manifest[key]) fail(`${key} is not a chunk of its own (is it lazy-loaded?)`);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const key of [...entryKeys, ...SIGN_IN_CHUNKS]) visit(key);

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
if (total > BUDGET_BYTES) process.exit(1);

function fail(message) {
  console.error(`check-bundle-size: ${message}`);
  process.exit(1);
}
