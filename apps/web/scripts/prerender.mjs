// Writes the pages of src/app/prerendered.ts to HTML (dist/prerendered/<path>.html): the client
// build's index.html with the page drawn in #root and the router's state beside it. Builds the
// server entry (src/prerender.tsx) into a folder of its own first, then deletes it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const server = path.join(web, 'node_modules', '.prerender');

await build({
  root: web,
  logLevel: 'warn',
  mode: 'production',
  build: { ssr: 'src/prerender.tsx', outDir: server, emptyOutDir: true, manifest: false },
});
const { prerenderPages, HYDRATION_ELEMENT_ID, PRERENDERED_DIR } = await import(
  pathToFileURL(path.join(server, 'prerender.js')).href
);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n\s*/;
const preloadTag = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n\s*/g;
const entry = template.match(entryTag)?.[1];
if (!entry) throw new Error('index.html has no module entry script');

/** The styles and scripts of a page's modules and their static imports. */
const chunksOf = (modules) => {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], styles: [...styles].filter((href) => !template.includes(href)) };
};

// The page is painted from the HTML and its styles alone; the scripts start after that paint.
// A deferred classic script waits for the first frame, then preloads the page's modules and
// imports the entry. As a module script with its preloads, the entry would compete with the
// styles for the first bytes, and a browser with the scripts at hand would run them, hydration
// included, before it paints anything.
const boot = `(() => {
  const modules = document.currentScript.dataset.modules.split(' ');
  requestAnimationFrame(() => setTimeout(() => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(${JSON.stringify(entry)});
  }));
})();
`;
const bootFile = `/assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
writeFileSync(path.join(dist, bootFile), boot);

// JSON inside <script>: `<` escaped so no `</script>` can close it early.
const scriptSafe = (json) => json.replace(/</g, '\\u003c');
const pages = await prerenderPages();
for (const page of pages) {
  const { scripts, styles } = chunksOf(page.modules);
  const modules = [
    ...new Set([...[...template.matchAll(preloadTag)].map((m) => m[1]), ...scripts]),
  ];
  const head = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    `<script defer src="${bootFile}" data-modules="${modules.join(' ')}"></script>`,
  ];
  const html = template
    .replace(entryTag, '')
    .replace(preloadTag, '')
    .replace('<html lang="en">', `<html lang="${page.locale}" data-mantine-color-scheme="light">`)
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div>` +
        `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${scriptSafe(page.hydration)}</script>`,
    );
  const file = path.join(dist, PRERENDERED_DIR, `${page.path}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}
rmSync(server, { recursive: true, force: true });
console.log(`prerendered ${pages.map((page) => page.path).join(', ')}`);
