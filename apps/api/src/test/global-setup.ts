import type { TestProject } from 'vitest/node';
import { buildTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded database each test file copies (test/template.ts). */
    databaseTemplate: string;
  }
}

/** Migrates and seeds once before every test file runs; removes the template after. */
export default async function setup(project: TestProject) {
  const template = await buildTemplate();
  project.provide('databaseTemplate', template.reference);
  return () => template.remove();
}
