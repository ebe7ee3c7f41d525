/**
 * Pages written to HTML at build (`src/prerender.tsx`, `scripts/prerender.mjs`): each is drawn
 * before any script runs, then hydrated. Only pages that show the same thing to every visitor
 * qualify (no session, no data): the sign-in page, the first one every buyer sees.
 */
export const PRERENDERED_PAGES = [
  {
    path: '/sign-in',
    // The lazy modules its routes load: their styles and scripts are linked from the HTML, so
    // the page is drawn styled and hydrates without waiting for one chunk to name the next.
    modules: ['src/app/layouts/public-layout.tsx', 'src/features/auth/pages/sign-in-page.tsx'],
  },
] as const;

/** The `<script type="application/json">` that carries the router's state to the browser. */
export const HYDRATION_ELEMENT_ID = 'router-hydration';
