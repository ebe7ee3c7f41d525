import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/src/**/*.test.ts', 'packages/**/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts'],
    // Migrates and seeds once; each test file starts from a copy (apps/api/src/test/template.ts).
    globalSetup: ['./apps/api/src/test/global-setup.ts'],
  },
});
