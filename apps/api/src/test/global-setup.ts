import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { writeDemoMedia } from '../db/seed/media/write';
import { buildTemplate, TEST_MEDIA_DIR, type DatabaseTemplates } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated (and the migrated, seeded) database a test file copies (test/template.ts). */
    databaseTemplates: DatabaseTemplates;
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
  project.provide('databaseTemplates', template.references);
  return () => template.remove();
}
