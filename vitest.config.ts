import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/src/**/*.test.ts', 'packages/**/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker imports the app once for all its files instead of once per file (the imports
    // were 88 s of a 10-minute run). Files still share nothing else: each opens its own app
    // and database, and the setup file restores spies after every test.
    isolate: false,
    // One worker per core: vitest's default (cores - 1) ran every file on one worker on this
    // 2-core machine. A file's work, its embedded database included, runs in its worker.
    maxWorkers: availableParallelism(),
    setupFiles: ['./vitest.setup.ts'],
    // Migrates and seeds once; each test file starts from a copy (apps/api/src/test/template.ts).
    globalSetup: ['./apps/api/src/test/global-setup.ts'],
  },
});
