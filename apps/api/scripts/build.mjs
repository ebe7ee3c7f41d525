// Compiles the API for `npm start`: one ES module per entry in apps/api/dist (the server, the
// migration, backup and restore commands and the PDF worker), the workspace's TypeScript
// packages bundled in, npm packages loaded from node_modules as usual, and the SQL migrations copied beside it. Running
// JavaScript instead of TypeScript through tsx saves the loader's memory and start-up time in
// every process.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const api = fileURLToPath(new URL('..', import.meta.url));
const dist = `${api}dist`;

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: api,
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/migrate.ts',
    backup: 'src/backup.ts',
    restore: 'src/restore.ts',
    'pdf-worker': 'src/modules/invoices/pdf-worker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(context) {
        // Bare imports stay imports, but for the workspace's own packages (TypeScript sources).
        context.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          path.startsWith('@portal/') ? undefined : { path, external: true },
        );
      },
    },
  ],
});
cpSync(`${api}src/db/migrations`, `${dist}/migrations`, { recursive: true });
