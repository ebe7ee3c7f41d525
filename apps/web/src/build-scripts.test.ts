import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (file: string) =>
  (
    JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
const root = scripts('../../../package.json');
const web = scripts('../package.json');

describe('the build scripts', () => {
  it('never check the bundle budget on the way to npm start', () => {
    // npm start -> npm run build -> the web app's build: none of them runs the budget check.
    expect(root.start).toContain('npm run build');
    expect(root.build).toContain('npm run build -w apps/web');
    expect(web.build).not.toContain('check-bundle-size');
    expect(web.build).not.toContain('check:bundle');
  });

  it('check it in the browser tests, which CI runs', () => {
    expect(web['check:bundle']).toBe('node scripts/check-bundle-size.mjs');
    expect(root['test:e2e']).toContain('npm run check:bundle -w apps/web');
  });
});
