import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

// One linter for every case: its typed setup (the TypeScript project) is made once.
const eslint = new ESLint({ cwd: repo });

/** The boundary messages ESLint reports for `code` written in the file at `path`. */
async function boundaryErrors(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repo}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('the lint rule that keeps the boundaries (eslint.config.js)', () => {
  it('refuses a web feature importing another feature, and accepts shared/', async () => {
    const page = 'apps/web/src/features/orders/pages/orders-page.tsx';
    expect(
      await boundaryErrors(page, "export { usePayOrder } from '../../checkout/api/orders';\n"),
    ).toEqual([expect.stringContaining('Features do not import each other')]);
    expect(
      await boundaryErrors(page, "export { useOrder } from '../../../shared/api/order';\n"),
    ).toEqual([]);
  });

  it('refuses an API module reaching past another module’s index.ts, or up the module order', async () => {
    const file = 'apps/api/src/modules/payments/staff.ts';
    expect(await boundaryErrors(file, "export { moveOrder } from '../orders/status';\n")).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
    expect(await boundaryErrors(file, "export { moveOrder } from '../orders';\n")).toEqual([]);
    const orders = 'apps/api/src/modules/orders/admin.ts';
    expect(
      await boundaryErrors(orders, "export { markOrderPaid } from '../payments/staff';\n"),
    ).toEqual([expect.stringContaining('orders comes before payments')]);
  });
});
