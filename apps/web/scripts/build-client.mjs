// Builds the browser bundle in two passes (decision 017). Rolldown's automatic chunking makes one
// chunk per set of pages that share a module: about 110 script files for a signed-in page,
// fetched six at a time over HTTP/1.1. The first pass, not written, learns which modules the
// sign-in page loads, which are in the entry chunk and which the landing pages load. The second
// keeps the entry's modules in the entry chunk (automatic chunking split off those the pages
// share too), puts the sign-in page's modules in one chunk (their size is budgeted:
// check-bundle-size.mjs), the back office's shared modules in another, the modules the landing
// pages (dashboard, category, product) load in a third and every other module that two or more
// pages share in a fourth; what only one page uses stays in that page's chunk. The landing pages
// so load none of what only the other pages share: the forms' schemas and zod, the claims', the
// quotes' and the staff's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { LANDING_MODULES, SIGN_IN_MODULES } from './route-modules.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The back office's own modules: customers' pages never load them.
const STAFF = `${path.sep}src${path.sep}features${path.sep}admin${path.sep}`;

/**
 * The modules of the entry chunk, those of the chunks the sign-in page loads, those of the chunks
 * the landing pages load, and the routes.
 */
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
  const filesOf = (modules) => {
    const files = new Set();
    for (const route of modules.map((file) => path.join(web, file))) {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId === route);
      if (!chunk) throw new Error(`${route} is not a chunk of its own`);
      collect(chunk.fileName, files);
    }
    return [...files].filter((file) => !entryFiles.has(file));
  };
  return {
    entry: modulesOf(entryFiles),
    signIn: modulesOf(filesOf(SIGN_IN_MODULES)),
    landing: modulesOf(filesOf(LANDING_MODULES)),
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
const { entry, signIn, landing, routes } = learned;
// zod and the contract's schemas are for forms: a landing page that imports a constant from a
// module of schemas brings them all to every first page (decision 017).
const ZOD = `${path.sep}node_modules${path.sep}zod${path.sep}`;
const schemasStayOff = {
  name: 'portal:landing-without-schemas',
  generateBundle(_options, bundle) {
    const landingChunk = Object.values(bundle).find(
      (file) => file.type === 'chunk' && file.name === 'landing',
    );
    const zod = Object.keys(landingChunk?.modules ?? {}).filter((id) => id.includes(ZOD));
    if (zod.length > 0) {
      this.error(
        `the landing pages' chunk holds zod (${zod.length} modules): a module they import uses a ` +
          'schema; move the constant it needs to a schema-free module of the contract',
      );
    }
  },
};

await build({
  root: web,
  plugins: [schemasStayOff],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A module stays where the grouping put it; its imports are grouped on their own.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'entry', test: (id) => entry.has(id), priority: 5 },
            { name: 'public', test: (id) => signIn.has(id) && !routes.has(id), priority: 4 },
            {
              name: 'staff',
              test: (id) => id.includes(STAFF) && !routes.has(id),
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'landing',
              test: (id) => landing.has(id) && !entry.has(id) && !signIn.has(id) && !routes.has(id),
              priority: 3,
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
