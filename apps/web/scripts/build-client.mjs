// Builds the browser bundle in two passes (decision 017). Rolldown's automatic chunking makes one
// chunk per set of pages that share a module: about 110 script files for a signed-in page,
// fetched six at a time over HTTP/1.1. The first pass, not written, learns which modules the
// sign-in page loads and which are in the entry chunk. The second keeps the entry's modules in the
// entry chunk (automatic chunking split off those the pages share too), puts the sign-in page's
// modules in one chunk (their size is budgeted: check-bundle-size.mjs), the back office's shared
// modules in another, and every other module that two or more pages share in a third; what only
// one page uses stays in that page's chunk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { SIGN_IN_MODULES } from './route-modules.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The back office's own modules: customers' pages never load them.
const STAFF = `${path.sep}src${path.sep}features${path.sep}admin${path.sep}`;

/** The modules of the entry chunk, those of the chunks the sign-in page loads, and the routes. */
function learnChunks(bundle) {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const collect = (fileName, into) => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
    return into;
  };
  const modulesOf = (files) =>
    new Set([...files].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
  const entryFiles = collect(chunks.find((chunk) => chunk.isEntry).fileName, new Set());
  const signInFiles = new Set();
  for (const route of SIGN_IN_MODULES.map((file) => path.join(web, file))) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === route);
    if (!chunk) throw new Error(`${route} is not a chunk of its own`);
    collect(chunk.fileName, signInFiles);
  }
  return {
    entry: modulesOf(entryFiles),
    signIn: modulesOf([...signInFiles].filter((file) => !entryFiles.has(file))),
    routes: new Set(chunks.filter((chunk) => chunk.isDynamicEntry).map((c) => c.facadeModuleId)),
  };
}

let learned;
await build({
  root: web,
  logLevel: 'warn',
  build: { write: false, manifest: false },
  plugins: [
    {
      name: 'portal:learn-chunks',
      generateBundle(_options, bundle) {
        learned = learnChunks(bundle);
      },
    },
  ],
});
const { entry, signIn, routes } = learned;

await build({
  root: web,
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A module stays where the grouping put it; its imports are grouped on their own.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'entry', test: (id) => entry.has(id), priority: 4 },
            { name: 'public', test: (id) => signIn.has(id) && !routes.has(id), priority: 3 },
            {
              name: 'staff',
              test: (id) => id.includes(STAFF) && !routes.has(id),
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'shared',
              test: (id) => !entry.has(id) && !signIn.has(id) && !routes.has(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
