// The lazy modules two pages load, named as Vite's manifest names them (paths from apps/web):
// the build keeps the sign-in page's in one chunk of its own (build-client.mjs), and the budget
// check measures both pages (check-bundle-size.mjs).
export const SIGN_IN_MODULES = [
  'src/features/auth/pages/sign-in-page.tsx',
  'src/app/layouts/public-layout.tsx',
];
export const DASHBOARD_MODULES = [
  'src/app/shell/dashboard-shell.tsx',
  'src/app/routes/dashboard-page.tsx',
];
// The pages a buyer opens first (from a mail, a bookmark, a search engine): the modules they load
// are a chunk of their own, apart from what only the other pages share (build-client.mjs).
export const LANDING_MODULES = [
  ...DASHBOARD_MODULES,
  'src/features/catalog/pages/category-page.tsx',
  'src/features/catalog/pages/product-page.tsx',
];
// The texts both show in English: the main namespace's locale file, loaded before the page renders.
export const ENGLISH_TEXTS = 'src/i18n/locales/en.json';
