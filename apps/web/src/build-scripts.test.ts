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

describe('the scripts that start long-running processes', () => {
  it('hand their shell over to the process, so a SIGTERM to npm reaches it', () => {
    // npm passes SIGTERM to the shell running the script, and sh does not pass it on: without
    // `exec` the API (or the cluster with its nginx) went on running after npm had exited.
    expect(root.start).toMatch(/&& exec node /);
    expect(root['start:prod']).toMatch(/^NODE_ENV=production exec node /);
    expect(root.cluster).toMatch(/^exec tsx /);
  });
});
