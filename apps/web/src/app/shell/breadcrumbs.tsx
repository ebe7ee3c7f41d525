import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { BreadcrumbTrail } from '../../shared/ui/breadcrumb-trail';

/** One breadcrumb: a translation key (SPEC's labels live under `breadcrumbs.*`), linked or not. */
export interface Crumb {
  labelKey: string;
  to?: string;
}

/** A route's crumbs: a list, or a function of the query (a checkout for a quote or the cart). */
export type RouteCrumbs = Crumb[] | ((search: URLSearchParams) => Crumb[]);

function crumbsOf(handle: unknown, search: URLSearchParams): Crumb[] | null {
  if (typeof handle !== 'object' || handle === null || !('crumbs' in handle)) return null;
  const crumbs = handle.crumbs as RouteCrumbs | undefined;
  if (typeof crumbs === 'function') return crumbs(search);
  return Array.isArray(crumbs) ? crumbs : null;
}

/**
 * Breadcrumbs of the deepest route that declares `handle.crumbs`. Screens whose labels come
 * from data (category, product) declare none and render a `BreadcrumbTrail` themselves.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const search = new URLSearchParams(useLocation().search);
  const items = matches.map((match) => crumbsOf(match.handle, search)).findLast(Boolean);
  if (!items?.length) return null;
  return (
    <BreadcrumbTrail items={items.map((crumb) => ({ label: t(crumb.labelKey), to: crumb.to }))} />
  );
}
