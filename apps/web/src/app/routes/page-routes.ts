import type { RouteObject } from 'react-router';
import { RouteError } from '../route-error';

/**
 * A layout's pages, under a pathless route whose error boundary draws a page that failed (its
 * module did not download, or it threw) inside the layout, the shell staying. The boundary cannot
 * sit on the page's own route: React Router draws nothing when that route's module failed.
 */
export const pagesOfLayout = (children: RouteObject[], id?: string): RouteObject => ({
  ...(id && { id }),
  ErrorBoundary: RouteError,
  children,
});
