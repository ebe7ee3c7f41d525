import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { BreadcrumbTrail } from '../../shared/ui/breadcrumb-trail';

/** One breadcrumb: a translation key (SPEC's labels live under `breadcrumbs.*`), linked or not. */
export interface Crumb {
  labelKey: string;
  to?: string;
}

function crumbsOf(handle: unknown): Crumb[] | null {
  if (typeof handle !== 'object' || handle === null || !('crumbs' in handle)) return null;
  return Array.isArray(handle.crumbs) ? (handle.crumbs as Crumb[]) : null;
}

/**
 * Breadcrumbs of the deepest route that declares `handle.crumbs`. Screens whose labels come
 * from data (category, product) declare none and render a `BreadcrumbTrail` themselves.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const items = matches.map((match) => crumbsOf(match.handle)).findLast(Boolean);
  if (!items?.length) return null;
  return (
    <BreadcrumbTrail items={items.map((crumb) => ({ label: t(crumb.labelKey), to: crumb.to }))} />
  );
}
