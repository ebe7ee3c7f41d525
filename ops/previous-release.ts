// The release before the latest migration, built beside this one: the expand/contract test runs
// its API while this release's migrations are applied (docs/operations.md, Upgrading).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { root } from './cluster';

const JOURNAL = 'apps/api/src/db/migrations/meta/_journal.json';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }).trim();

/** Links every package of `from` into `to`, but those `skip` names. */
function linkPackages(from: string, to: string, skip: Set<string>) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (skip.has(name)) continue;
    symlinkSync(path.join(from, name), path.join(to, name));
  }
}

/**
 * Exports the commit before the one that added the latest migration into `dir` and builds its
 * API there, with this checkout's installed packages (its own contract package, bundled in).
 * Answers the commit and the built API's entry (it migrates at start).
 */
export function buildPreviousRelease(dir: string) {
  const latest = git('log', '-1', '--format=%H', '--', JOURNAL);
  if (!latest) throw new Error(`${JOURNAL} has no history here (a shallow clone?)`);
  const commit = git('rev-parse', `${latest}^`);
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root });
  const packages = path.join(root, 'node_modules');
  linkPackages(packages, path.join(dir, 'node_modules'), new Set(['@portal', '.bin']));
  mkdirSync(path.join(dir, 'node_modules/@portal'));
  symlinkSync(path.join(dir, 'packages/contract'), path.join(dir, 'node_modules/@portal/contract'));
  const apiPackages = path.join(root, 'apps/api/node_modules');
  if (existsSync(apiPackages)) {
    linkPackages(apiPackages, path.join(dir, 'apps/api/node_modules'), new Set(['.bin']));
  }
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: path.join(dir, 'apps/api') });
  // Releases before `npm run db:migrate` existed migrate as their API starts.
  return { commit, main: path.join(dir, 'apps/api/dist/main.js') };
}
