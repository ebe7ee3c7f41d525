import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly under `dir`: the features of the web app, the modules of the API. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = './apps/web/src/features';
const apiModules = './apps/api/src/modules';

/**
 * The API's modules, each depending only on modules before it. A new module takes its place in
 * this list; an import that goes up the list is a lint error.
 */
const apiModuleOrder = [
  'health',
  'audit',
  'media',
  'settings',
  'feed',
  'notifications',
  'companies',
  'addresses',
  'users',
  'auth',
  'admin',
  'pricing',
  'catalog',
  'cart',
  'quick-order',
  'shopping-lists',
  'quotes',
  'checkout',
  'claims',
  'invoices',
  'orders',
  'approvals',
  'payments',
  'dashboard',
];
const unorderedModules = foldersIn(apiModules).filter((module) => !apiModuleOrder.includes(module));
if (unorderedModules.length) {
  throw new Error(`eslint.config.js: add ${unorderedModules.join(', ')} to apiModuleOrder`);
}

/**
 * Boundaries (docs/decisions/011-boundaries.md). Web: a feature never imports another feature
 * (what two features use lives in shared/, pages that put features together live in app/), and
 * shared/ imports no feature. API: a module reaches another module only through its index.ts.
 */
const boundaryZones = [
  ...foldersIn(webFeatures).map((feature) => ({
    target: `${webFeatures}/${feature}`,
    from: webFeatures,
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what both use to shared/, or compose them in app/.',
  })),
  {
    target: './apps/web/src/shared',
    from: [webFeatures, './apps/web/src/app'],
    message: 'shared/ is used by features and app/, never the other way round.',
  },
  {
    target: webFeatures,
    from: './apps/web/src/app',
    message: 'Features do not import app/: app/ puts features together.',
  },
  ...apiModuleOrder.flatMap((module, position) =>
    apiModuleOrder
      .filter((other) => other !== module)
      .map((other) =>
        apiModuleOrder.indexOf(other) > position
          ? {
              target: `${apiModules}/${module}`,
              from: `${apiModules}/${other}`,
              message: `${module} comes before ${other} in apiModuleOrder (eslint.config.js): a module imports only modules before it, so modules never import each other in a cycle.`,
            }
          : {
              target: `${apiModules}/${module}`,
              from: `${apiModules}/${other}`,
              except: ['./index.ts'],
              message: `A module imports another module only through its index.ts (${other}/index.ts).`,
            },
      ),
  ),
  {
    target: ['./apps/api/src/platform', './apps/api/src/db'],
    from: apiModules,
    except: foldersIn(apiModules).map((other) => `./${other}/index.ts`),
    message: 'platform/ and db/ reach a module only through its index.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/screenshots/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    ignores: ['**/*.test.{ts,tsx}', 'apps/api/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['bench/**', 'e2e/**', 'ops/**', 'apps/web/scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['e2e/**/*.ts', 'ops/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
    },
  },
);
