import { DEFAULT_LOCALE } from '@portal/contract';
import type { CategoryNode } from './read-model';

/** Categories linked into their tree, found by id and by slug, children in their order. */
export interface LinkedCategories {
  roots: CategoryNode[];
  byId: Map<string, CategoryNode>;
  /** Slugs of every language; the default language's slug wins over an equal one of another. */
  bySlug: Map<string, CategoryNode>;
}

/** Links categories into their tree (both read models build theirs with it). */
export function linkCategories(nodes: CategoryNode[]): LinkedCategories {
  const byId = new Map<string, CategoryNode>();
  const bySlug = new Map<string, CategoryNode>();
  for (const node of nodes) {
    byId.set(node.id, node);
    for (const slug of Object.values(node.slugs)) bySlug.set(slug, node);
  }
  for (const node of nodes) {
    const slug = node.slugs[DEFAULT_LOCALE];
    if (slug) bySlug.set(slug, node);
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const byPosition = (a: CategoryNode, b: CategoryNode) =>
    a.position - b.position || (a.names.en ?? '').localeCompare(b.names.en ?? '');
  roots.sort(byPosition);
  for (const node of nodes) node.children.sort(byPosition);
  return { roots, byId, bySlug };
}
