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

/**
 * The categories buyers see: active ones whose ancestors are all active (an inactive category
 * hides its whole subtree).
 */
export function shownCategories<
  T extends { id: string; parentId: string | null; isActive: boolean },
>(rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const shown = new Map<string, boolean>();
  const isShown = (row: T): boolean => {
    const known = shown.get(row.id);
    if (known !== undefined) return known;
    shown.set(row.id, false);
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    const visible = row.isActive && (!row.parentId || (parent !== undefined && isShown(parent)));
    shown.set(row.id, visible);
    return visible;
  };
  return rows.filter(isShown);
}
