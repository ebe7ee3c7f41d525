import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const migrate = (env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'apps/api/src/migrate.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
  });

describe('npm run db:migrate', () => {
  it('migrates the database and exits, finding nothing to do the second time', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-migrate-'));
    const first = await migrate({ DATA_DIR: dataDir });
    expect(first.stdout).toMatch(/^migrations: (\d+) applied \(\1 new\)$/m);
    const again = await migrate({ DATA_DIR: dataDir });
    expect(again.stdout).toMatch(/^migrations: \d+ applied \(0 new\)$/m);
  }, 60_000);

  it('refuses to run without the settings production needs, naming them', async () => {
    const failed = await migrate({ NODE_ENV: 'production', DATA_DIR: tmpdir() }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('PAYMENT_PROVIDER: required');
  }, 60_000);
});
