import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { writeDemoMedia } from '../db/seed/media/write';
import { buildTemplate, TEST_MEDIA_DIR } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded database each test file copies (test/template.ts). */
    databaseTemplate: string;
  }
}

/**
 * Migrates and seeds once before every test file runs (and draws the demo pictures); removes
 * the template after.
 */
export default async function setup(project: TestProject) {
  // Drawn afresh: a change to a drawing shows in the next run.
  rmSync(TEST_MEDIA_DIR, { recursive: true, force: true });
  const [template] = await Promise.all([buildTemplate(), writeDemoMedia(TEST_MEDIA_DIR)]);
  project.provide('databaseTemplate', template.reference);
  return () => template.remove();
}
