import type { NestedCategory } from '@portal/contract';

/** The `/cat/{slug}` slug of an app path (without locale prefix), or null on other screens. */
export function categorySlugOf(path: string): string | null {
  const match = /^\/cat\/([^/?#]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const matchesSlug = (category: NestedCategory, slug: string) =>
  category.slug === slug || Object.values(category.slugs).includes(slug);

/**
 * The categories from a root down to the one with this slug (the default-language slug or
 * the slug of any language), or [] when no category has it.
 */
export function findCategoryPath(tree: readonly NestedCategory[], slug: string): NestedCategory[] {
  for (const category of tree) {
    if (matchesSlug(category, slug)) return [category];
    const below = findCategoryPath(category.children, slug);
    if (below.length) return [category, ...below];
  }
  return [];
}

/** Ids to expand so that the category of this slug is visible and open. */
export function expandedIdsForSlug(tree: readonly NestedCategory[], slug: string | null): string[] {
  if (!slug) return [];
  return findCategoryPath(tree, slug).map((category) => category._id);
}

/** The set with these ids added; the same set when nothing changes. */
export function withExpanded(
  set: ReadonlySet<string>,
  ids: readonly string[],
): ReadonlySet<string> {
  if (ids.every((id) => set.has(id))) return set;
  return new Set([...set, ...ids]);
}

/** The set with this id opened or closed. */
export function toggled(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
